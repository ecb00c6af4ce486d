import CatenaDiff
import CatenaTesting
import Testing

/// One duplicated id planted in otherwise valid inputs, over every way the matcher can meet the
/// two copies: looked up in order or set aside for the far pass, both matched or both new, with
/// the second copy in the table or past its load limit, under each hash tier.
@Suite("Duplicate ids planted in seeded inputs")
struct DuplicatePropertyTests {
  /// Spreads ids the way each hash tier needs to kick in: dense for the identity tier (odd
  /// seeds), sharing one cheap bucket for the multiplicative fallback (even seeds).
  func spread(_ id: Int, seed: UInt64) -> Int { seed % 2 == 1 ? id : id << 32 }

  /// A seeded edit: some deleted, some moved far, some new ids (from `count` on).
  func edited(_ source: [Row], newIDs: Int, _ random: inout SeededRandom) -> [Row] {
    var target = source.filter { _ in !random.chance(10) }
    for _ in 0..<(source.count / 10) where !target.isEmpty {
      let row = target.remove(at: random.below(target.count))
      target.insert(row, at: random.below(target.count + 1))
    }
    for id in 0..<newIDs {
      target.insert(Row(source.count + id), at: random.below(target.count + 1))
    }
    return target
  }

  /// Seed `seed`'s inputs with `target[second]` made a copy of `target[first]`, or nil when the
  /// target came out too short.
  func plantedInTarget(seed: UInt64) -> (source: [Row], target: [Row], first: Int, second: Int)? {
    var random = SeededRandom(seed: seed)
    let spread = { (id: Int) in self.spread(id, seed: seed) }
    // Small sources with many new ids push the new ones past the table's load limit.
    let count = random.chance(4) ? random.below(8) : 20 + random.below(600)
    let newIDs = random.chance(3) ? 4 * count + random.below(200) : count / 10
    let source = (0..<count).map { Row(spread($0)) }
    var target = edited((0..<count).map { Row($0) }, newIDs: newIDs, &random)
      .map { Row(spread($0.id), $0.content) }
    guard target.count >= 2 else { return nil }
    let second = 1 + random.below(target.count - 1)
    let first = random.below(second)
    target[second] = target[first]
    return (source, target, first, second)
  }

  @Test func aDuplicateInTheTargetIsNamedByBothPositions() {
    var planted = 0
    for seed in UInt64(1)...600 {
      guard let (source, target, first, second) = plantedInTarget(seed: seed) else { continue }
      planted += 1
      let expected = DiffError(
        kind: .duplicateItemID, side: .target, first: ItemPath(item: first, section: 0),
        second: ItemPath(item: second, section: 0), id: String(target[first].id))
      #expect(throws: expected, "seed \(seed)") {
        try StagedChangeset(source: source, target: target)
      }
    }
    #expect(planted > 500)
  }

  /// The same with string ids, which the table hashes with the strong hash from the start.
  @Test func aDuplicateAmongStringIDsIsNamedByBothPositions() {
    struct Named: Identifiable, Equatable {
      var id: String
      var content: Int
    }
    func named(_ rows: [Row]) -> [Named] {
      rows.map { Named(id: "row \($0.id)", content: $0.content) }
    }
    for seed in UInt64(1)...300 {
      guard let (source, target, first, second) = plantedInTarget(seed: seed) else { continue }
      let expected = DiffError(
        kind: .duplicateItemID, side: .target, first: ItemPath(item: first, section: 0),
        second: ItemPath(item: second, section: 0), id: "row \(target[first].id)")
      #expect(throws: expected, "seed \(seed)") {
        try StagedChangeset(source: named(source), target: named(target))
      }
    }
  }

  @Test func aDuplicateInTheSourceIsNamedByBothPositions() {
    for seed in UInt64(1)...300 {
      var random = SeededRandom(seed: seed &* 31)
      let spread = { (id: Int) in self.spread(id, seed: seed) }
      let count = 2 + random.below(600)
      var source = (0..<count).map { Row(spread($0)) }
      let second = 1 + random.below(count - 1)
      let first = random.below(second)
      source[second] = source[first]
      let target = edited(source, newIDs: count / 10, &random)
        .filter { $0.id != source[first].id }
      let expected = DiffError(
        kind: .duplicateItemID, side: .source, first: ItemPath(item: first, section: 0),
        second: ItemPath(item: second, section: 0), id: String(source[first].id))
      #expect(throws: expected, "seed \(seed)") {
        try StagedChangeset(source: source, target: target)
      }
    }
  }
}
