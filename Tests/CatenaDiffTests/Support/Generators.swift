import CatenaDiff
import CatenaTesting

/// Random flat and sectioned inputs for the property tests.
enum Generate {
  /// Distinct ids drawn from `0..<pool`, in random order.
  static func distinctIDs(_ count: Int, pool: Int, _ random: inout SeededRandom) -> [Int] {
    var ids = Array(0..<pool)
    ids.shuffle(using: &random)
    return Array(ids.prefix(min(count, pool)))
  }

  /// An old array of rows.
  static func flat(_ random: inout SeededRandom) -> [Row] {
    let count = random.chance(5) ? 0 : random.below(24)
    return distinctIDs(count, pool: 48, &random).map { Row($0, random.below(3)) }
  }

  /// A new array derived from `old`: either drawn afresh or by a few edits of every kind.
  static func edit(_ old: [Row], _ random: inout SeededRandom) -> [Row] {
    if random.chance(25) { return flat(&random) }
    var new = old
    for _ in 0..<random.below(4) where !new.isEmpty { new.remove(at: random.below(new.count)) }
    for _ in 0..<random.below(4) where !new.isEmpty {
      let index = random.below(new.count)
      new[index].content += 1
    }
    for _ in 0..<random.below(4) where !new.isEmpty {
      let row = new.remove(at: random.below(new.count))
      new.insert(row, at: random.below(new.count + 1))
    }
    var used = Set(new.map(\.id))
    for _ in 0..<random.below(4) {
      let id = 48 + random.below(48)
      if used.insert(id).inserted { new.insert(Row(id), at: random.below(new.count + 1)) }
    }
    if random.chance(5) { return [] }
    return new
  }

  /// Old sections with globally distinct item ids.
  static func sectioned(_ random: inout SeededRandom) -> Sections {
    let sectionIDs = distinctIDs(random.chance(5) ? 0 : random.below(6), pool: 10, &random)
    var items = distinctIDs(random.below(30), pool: 60, &random)[...]
    return sectionIDs.map { id in
      let take = min(items.count, random.below(8))
      defer { items = items.dropFirst(take) }
      return DiffSection(
        model: Header(id, random.below(2)),
        items: items.prefix(take).map { Row($0, random.below(3)) })
    }
  }

  /// New sections derived from `old` by edits of every kind, or drawn afresh.
  static func edit(_ old: Sections, _ random: inout SeededRandom) -> Sections {
    if random.chance(20) { return sectioned(&random) }
    var new = old
    for _ in 0..<random.below(3) where !new.isEmpty { new.remove(at: random.below(new.count)) }
    for _ in 0..<random.below(3) where !new.isEmpty {
      let section = new.remove(at: random.below(new.count))
      new.insert(section, at: random.below(new.count + 1))
    }
    for _ in 0..<random.below(2) where !new.isEmpty {
      new[random.below(new.count)].model.title += 1
    }
    var usedSections = Set(new.map(\.id))
    var usedItems = Set(new.flatMap(\.items).map(\.id))
    for _ in 0..<random.below(2) {
      let id = 10 + random.below(10)
      guard usedSections.insert(id).inserted else { continue }
      let items = (0..<random.below(4)).map { _ in 60 + random.below(60) }
        .filter { usedItems.insert($0).inserted }.map { Row($0) }
      new.insert(DiffSection(model: Header(id), items: items), at: random.below(new.count + 1))
    }
    guard !new.isEmpty else { return new }
    for _ in 0..<random.below(6) {
      let from = random.below(new.count)
      guard !new[from].items.isEmpty else { continue }
      var row = new[from].items.remove(at: random.below(new[from].items.count))
      switch random.below(3) {
      case 0: continue  // deleted
      case 1: row.content += 1
      default: break
      }
      let to = random.below(new.count)
      new[to].items.insert(row, at: random.below(new[to].items.count + 1))
    }
    for _ in 0..<random.below(3) {
      let id = 60 + random.below(60)
      guard usedItems.insert(id).inserted else { continue }
      let to = random.below(new.count)
      new[to].items.insert(Row(id), at: random.below(new[to].items.count + 1))
    }
    return new
  }
}
