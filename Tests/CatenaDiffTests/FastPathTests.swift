@_spi(Measurement) import CatenaDiff
import CatenaTesting
import Testing

/// The fast paths (trimming, skipping unchanged sections) against the full algorithm: the same
/// deletes, inserts, minimal moves and updates, and the same error for every repeated id,
/// wherever it is planted.
@Suite("Diff fast paths against the full algorithm")
struct FastPathTests {
  /// Ids as real lists have them: rising, falling, shuffled but dense, or shuffled and sparse
  /// (no proof without hashing: the full path).
  static func ids(_ count: Int, _ random: inout SeededRandom) -> [Int] {
    switch random.below(4) {
    case 0: return (0..<count).map { $0 * 3 - 40 }
    case 1: return (0..<count).map { 1_000 - $0 * 2 }
    case 2: return Generate.distinctIDs(count, pool: count + 5, &random)
    default: return Generate.distinctIDs(count, pool: count * 100 + 1, &random).map { $0 << 20 }
    }
  }

  /// A small edit of the kinds apps make most, sometimes two.
  static func smallEdit(_ old: [Row], _ random: inout SeededRandom) -> [Row] {
    var new = old
    var fresh = 1 << 40
    for _ in 0..<(1 + random.below(2)) {
      switch random.below(8) {
      case 0: break  // no change
      case 1:
        new.insert(Row(fresh), at: 0)
        fresh += 1
      case 2:
        for _ in 0..<(1 + random.below(20)) {
          new.append(Row(fresh))
          fresh += 1
        }
      case 3:
        new.insert(contentsOf: (0..<(1 + random.below(20))).map { Row(fresh + $0) }, at: 0)
        fresh += 20
      case 4:
        for _ in 0..<random.below(4) where !new.isEmpty {
          new[random.below(new.count)].content += 1
        }
      case 5 where !new.isEmpty:
        let row = new.remove(at: random.below(new.count))
        new.insert(row, at: random.below(new.count + 1))
      case 6 where !new.isEmpty:
        new.remove(at: random.chance(50) ? 0 : new.count - 1)
      default:
        new.insert(Row(fresh), at: random.below(new.count + 1))
        fresh += 1
      }
    }
    return new
  }

  /// The fast result matches the full one; returns what differs.
  static func compare(_ source: [Row], _ target: [Row]) -> String? {
    let fast = Result { () throws(DiffError) in try StagedChangeset(source: source, target: target)
    }
    let full = Result { () throws(DiffError) in
      try StagedChangeset(source: source, target: target, fastPaths: false)
    }
    switch (fast, full) {
    case (.failure(let a), .failure(let b)):
      return a == b ? nil : "errors \(a) != \(b)"
    case (.success(let a), .success(let b)):
      guard (try? a.apply(to: source)) == target else { return "does not reproduce the target" }
      func count(_ changes: StagedChangeset<[Row]>, _ kind: (BatchUpdate) -> Int) -> Int {
        changes.reduce(0) { $0 + kind($1.batch) }
      }
      for (name, kind) in [
        ("deletes", { (b: BatchUpdate) in b.itemDeletes.count }),
        ("inserts", { $0.itemInserts.count }), ("moves", { $0.itemMoves.count }),
      ] as [(String, (BatchUpdate) -> Int)] where count(a, kind) != count(b, kind) {
        return "\(name) \(count(a, kind)) != \(count(b, kind))"
      }
      let updates = { (c: StagedChangeset<[Row]>) in c.flatMap(\.batch.itemReconfigures) }
      return updates(a) == updates(b) ? nil : "updates \(updates(a)) != \(updates(b))"
    default:
      return "one threw and the other did not: \(fast) / \(full)"
    }
  }

  @Test func smallEditsGiveTheFullAlgorithmsChanges() throws {
    for seed in UInt64(1)...3_000 {
      var random = SeededRandom(seed: seed)
      let source = Self.ids(random.below(200), &random).map { Row($0, random.below(2)) }
      let target = Self.smallEdit(source, &random)
      let problem = Self.compare(source, target)
      #expect(problem == nil, "seed \(seed): \(problem ?? "")")
      if problem != nil { return }
    }
  }

  @Test func aRepeatedIdIsReportedWhereverItIs() {
    var planted = 0
    for seed in UInt64(1)...3_000 {
      var random = SeededRandom(seed: seed &* 31)
      let source = Self.ids(2 + random.below(100), &random).map { Row($0) }
      var target = Self.smallEdit(source, &random)
      var old = source
      // A copy of one row's id, planted in the source, the target or both, anywhere:
      // inside the trimmed prefix or suffix, in the middle, or in an appended page.
      let donor = old[random.below(old.count)]
      let place = random.below(4)
      if place != 1 { old.insert(Row(donor.id, 9), at: random.below(old.count + 1)) }
      if place != 0, !target.isEmpty {
        target.insert(
          Row(donor.id, 9), at: random.chance(30) ? target.count : random.below(target.count + 1))
      }
      if place == 3 { target = old }  // the same repeat on both sides: all of it trimmed
      planted += 1
      let problem = Self.compare(old, target)
      #expect(problem == nil, "seed \(seed): \(problem ?? "")")
      if problem != nil { return }
    }
    #expect(planted == 3_000)
  }

  @Test func unchangedListsWithARepeatStillThrow() {
    for ids in [[1, 2, 2, 3], [5, 4, 4, 3], [3, 1, 3]] {
      let rows = ids.map { Row($0) }
      #expect(throws: DiffError.self) { try StagedChangeset(source: rows, target: rows) }
    }
    let appended = [Row(1), Row(2), Row(3)]
    #expect(throws: DiffError.self) {
      try StagedChangeset(source: appended, target: appended + [Row(2)])
    }
    #expect(throws: DiffError.self) {
      try StagedChangeset(source: appended, target: appended + [Row(7), Row(7)])
    }
  }

  /// Sections: unchanged ones are skipped, others diffed; the repeats planted in skipped
  /// sections are still reported.
  @Test func skippedSectionsGiveTheFullPlansChanges() throws {
    var skipped = 0
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed &* 7)
      let count = 1 + random.below(8)
      var next = 0
      let rising = random.chance(70)
      let source: Sections = (0..<count).map { section in
        let items = (0..<random.below(12)).map { _ in
          defer { next += 1 }
          return Row(rising ? next : 10_000 - next)
        }
        return DiffSection(model: Header(section), items: items)
      }
      var target = source
      switch random.below(5) {
      case 0: break
      case 1:
        let section = random.below(count)
        target[section].items.insert(
          Row(1 << 30), at: random.below(target[section].items.count + 1))
      case 2:
        let from = random.below(count)
        if !target[from].items.isEmpty {
          let row = target[from].items.remove(at: random.below(target[from].items.count))
          let to = random.below(count)
          target[to].items.insert(row, at: random.below(target[to].items.count + 1))
        }
      case 3:
        // A repeat: an id of one section copied into another (or the same) section.
        let from = random.below(count)
        if let row = source[from].items.first {
          let to = random.below(count)
          target[to].items.insert(row, at: 0)
          if random.chance(50) { target = target.map { $0 } }
        }
      default:
        let section = target.remove(at: random.below(count))
        target.insert(section, at: random.below(target.count + 1))
      }
      skipped += zip(source, target).filter { $0.items == $1.items }.count
      let fast = Result { () throws(DiffError) in
        try StagedChangeset(source: source, target: target)
      }
      let full = Result { () throws(DiffError) in
        try StagedChangeset(source: source, target: target, fastPaths: false)
      }
      switch (fast, full) {
      case (.success(let a), .success(let b)):
        #expect((try? a.apply(to: source)) == target, "seed \(seed)")
        let moves = { (c: StagedChangeset<Sections>) in
          c.reduce(0) { $0 + $1.batch.itemMoves.count + $1.batch.sectionMoves.count }
        }
        #expect(moves(a) == moves(b), "seed \(seed)")
        try checkStages(a, from: source, to: target, seed: seed)
      case (.failure(let a), .failure(let b)):
        #expect(a == b, "seed \(seed)")
      default:
        Issue.record("seed \(seed): \(fast) / \(full)")
      }
    }
    #expect(skipped > 2_000, "sections really are skipped")
  }

  @Test func aRepeatInsideASkippedSectionIsReported() {
    let source: Sections = [
      DiffSection(model: Header(1), items: [Row(1), Row(2), Row(2)]),
      DiffSection(model: Header(2), items: [Row(5)]),
    ]
    var target = source
    target[1].items.append(Row(6))
    #expect(throws: DiffError.self) { try StagedChangeset(source: source, target: target) }
    let clean: Sections = [
      DiffSection(model: Header(1), items: [Row(1), Row(2)]),
      DiffSection(model: Header(2), items: [Row(5)]),
    ]
    var repeated = clean
    repeated[1].items.append(Row(2))  // section 1 is skipped; its row 2 is repeated here
    let error = #expect(throws: DiffError.self) {
      try StagedChangeset(source: clean, target: repeated)
    }
    #expect(error?.side == .target && error?.kind == .duplicateItemID)
  }

  /// A model whose id is a string: its repeats are found by hashing.
  struct Named: Identifiable, Equatable {
    var id: String
  }

  @Test func anUnchangedListOfSectionsIsEmptyAndItsRepeatsStillThrow() throws {
    // Nothing changed, ids rising or falling: no stage.
    for layout in [[(1, [1, 2]), (2, [3]), (3, [])], [(9, [30, 20]), (5, [10]), (2, [])]] {
      let unchanged = sections(layout)
      #expect(try StagedChangeset(source: unchanged, target: unchanged.map { $0 }).isEmpty)
    }
    // Repeats in unchanged lists: the same error as the full algorithm's.
    for repeated in [
      sections([(1, [1]), (1, [2])]),  // a section id
      sections([(1, [1, 2]), (2, [2])]),  // an item id across sections
      sections([(3, [1]), (1, [2]), (3, [4])]),  // a section id, out of order
      sections([(1, [5, 1, 5])]),  // an item id, out of order
    ] {
      let fast = #expect(throws: DiffError.self) {
        try StagedChangeset(source: repeated, target: repeated)
      }
      let full = #expect(throws: DiffError.self) {
        try StagedChangeset(source: repeated, target: repeated, fastPaths: false)
      }
      #expect(fast == full, "\(repeated)")
    }
    let named = [
      DiffSection(model: Named(id: "a"), items: [Row(1)]),
      DiffSection(model: Named(id: "a"), items: [Row(2)]),
    ]
    let error = #expect(throws: DiffError.self) {
      try StagedChangeset(source: named, target: named)
    }
    #expect(error?.kind == .duplicateSectionID)
    let distinct = [named[0], DiffSection(model: Named(id: "b"), items: [Row(2)])]
    #expect(try StagedChangeset(source: distinct, target: distinct).isEmpty)
  }

  @Test func aChangedSectionModelIsNotTakenForNoChange() throws {
    let source = sections([(1, [1, 2]), (2, [3])])
    var target = source
    target[1].model.title = 7
    let fast = try StagedChangeset(source: source, target: target)
    let full = try StagedChangeset(source: source, target: target, fastPaths: false)
    #expect(!fast.isEmpty)
    #expect(fast.map(\.batch) == full.map(\.batch))
    #expect(try fast.apply(to: source) == target)
  }
}
