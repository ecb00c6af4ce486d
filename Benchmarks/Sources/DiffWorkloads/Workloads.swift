import CatenaDiff
import CatenaTesting
import Foundation

/// The element of W2–W4: an integer id and a content value (16 bytes).
public struct Item: Identifiable, Equatable, Sendable {
  /// The identity.
  public var id: Int
  /// The content; an update changes it.
  public var content: Int

  /// Creates an item.
  public init(id: Int, content: Int) {
    self.id = id
    self.content = content
  }
}

/// The element of W1a/W1b: a UUID that is its own identity and content.
public struct UUIDItem: Identifiable, Equatable, Sendable {
  /// The identity.
  public var id: UUID
}

/// A source/target pair plus the ids the standard library baseline diffs.
public struct Workload<Element: Identifiable & Equatable & Sendable>: Sendable
where Element.ID: Sendable {
  /// The workload's name as the tables print it.
  public var name: String
  /// The old data.
  public var source: [Element]
  /// The new data.
  public var target: [Element]
  /// Whether the standard library baseline finishes in under a minute.
  public var baselineFeasible: Bool

  /// The old ids, for `CollectionDifference`.
  public var sourceIDs: [Element.ID] { source.map(\.id) }
  /// The new ids, for `CollectionDifference`.
  public var targetIDs: [Element.ID] { target.map(\.id) }
}

/// The workloads of `research/diff.md` §2 and the extra cases.
public enum Workloads {
  /// W1a (5,000 UUIDs, seed 1) and W1b (100,000 UUIDs, seed 11): DifferenceKit's published
  /// workloads with seeded UUIDs and a seeded shuffle.
  public static func w1(large: Bool) -> Workload<UUIDItem> {
    var random = SeededRandom(seed: large ? 11 : 1)
    let count = large ? 100_000 : 5_000
    let deletes = large ? 20_000..<30_000 : 2_000..<3_000
    let inserts = large ? 30_000..<40_000 : 3_000..<4_000
    let shuffle = large ? 0..<2_000 : 0..<200
    func uuid() -> UUIDItem {
      let high = random.next()
      let low = random.next()
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in 0..<8 {
        bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
        bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
      }
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      let tuple = (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
      return UUIDItem(id: UUID(uuid: tuple))
    }
    let source = (0..<count).map { _ in uuid() }
    var target = source
    target.removeSubrange(deletes)
    target.insert(contentsOf: (0..<inserts.count).map { _ in uuid() }, at: inserts.lowerBound)
    var index = shuffle.upperBound - 1
    while index > shuffle.lowerBound {
      let other = shuffle.lowerBound + random.below(index - shuffle.lowerBound + 1)
      target.swapAt(index, other)
      index -= 1
    }
    return Workload(
      name: large ? "W1b 100k UUID" : "W1a 5k UUID", source: source, target: target,
      baselineFeasible: true)
  }

  /// W2 / W3 / W4: `count` items (seeds 2 / 3 / 4), delete 10 %, insert 10 %, move 5 %,
  /// update 5 %.
  public static func mixed(count: Int, seed: UInt64, name: String) -> Workload<Item> {
    var random = SeededRandom(seed: seed)
    let (source, target) = mix(count: count, idOffset: 0, random: &random)
    return Workload(
      name: name, source: source, target: target, baselineFeasible: count <= 200_000)
  }

  /// The W2 recipe over ids `idOffset ..< idOffset + 1.1 · count`.
  public static func mix(
    count: Int, idOffset: Int, random: inout SeededRandom
  ) -> (source: [Item], target: [Item]) {
    let source = (0..<count).map { Item(id: idOffset + $0, content: idOffset + $0) }
    // 1. Delete count/10 by a partial Fisher-Yates over all indices.
    var indices = Array(0..<count)
    let deleteCount = count / 10
    for slot in 0..<deleteCount {
      indices.swapAt(slot, slot + random.below(count - slot))
    }
    var deleted = [Bool](repeating: false, count: count)
    for slot in 0..<deleteCount { deleted[indices[slot]] = true }
    var survivors = source.indices.filter { !deleted[$0] }.map { source[$0] }
    // 2. Updates and move slots by a partial Fisher-Yates over survivor positions.
    let survivorCount = survivors.count
    var positions = Array(0..<survivorCount)
    let twentieth = count / 20
    for slot in 0..<(2 * twentieth) {
      positions.swapAt(slot, slot + random.below(survivorCount - slot))
    }
    for slot in 0..<twentieth { survivors[positions[slot]].content += count }
    let moveSlots = positions[twentieth..<(2 * twentieth)].sorted()
    var moved = moveSlots.map { survivors[$0] }
    var index = moved.count - 1
    while index > 0 {
      moved.swapAt(index, random.below(index + 1))
      index -= 1
    }
    for (slot, item) in zip(moveSlots, moved) { survivors[slot] = item }
    // 3. Insert count/10 new items before survivor gaps drawn uniformly.
    let gaps = (0..<deleteCount).map { (gap: random.below(survivorCount + 1), k: $0) }
      .sorted { ($0.gap, $0.k) < ($1.gap, $1.k) }
    var target: [Item] = []
    target.reserveCapacity(survivorCount + deleteCount)
    var next = 0
    for (position, item) in survivors.enumerated() {
      while next < gaps.count && gaps[next].gap == position {
        let id = idOffset + count + gaps[next].k
        target.append(Item(id: id, content: id))
        next += 1
      }
      target.append(item)
    }
    while next < gaps.count {
      let id = idOffset + count + gaps[next].k
      target.append(Item(id: id, content: id))
      next += 1
    }
    return (source, target)
  }

  /// 100,000 items, identical on both sides.
  public static func unchanged() -> Workload<Item> {
    let items = (0..<100_000).map { Item(id: $0, content: $0) }
    return Workload(name: "no change 100k", source: items, target: items, baselineFeasible: true)
  }

  /// 100,000 items replaced by 100,000 others.
  public static func replaced() -> Workload<Item> {
    Workload(
      name: "all replaced 100k", source: (0..<100_000).map { Item(id: $0, content: $0) },
      target: (100_000..<200_000).map { Item(id: $0, content: $0) }, baselineFeasible: false)
  }

  /// The W3 mix (100,000 items) over ids that all share one bucket of the cheap integer hash
  /// (multiples of 2³²), so probe chains explode until the table falls back to a stronger hash.
  public static func adversarial() -> Workload<Item> {
    let base = mixed(count: 100_000, seed: 3, name: "")
    let spread = { (item: Item) in Item(id: item.id << 32, content: item.content) }
    return Workload(
      name: "adversarial 100k", source: base.source.map(spread), target: base.target.map(spread),
      baselineFeasible: true)
  }
}
