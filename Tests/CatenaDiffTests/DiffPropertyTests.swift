import CatenaDiff
import CatenaTesting
import Testing

@Suite("Diff properties over seeded random inputs")
struct DiffPropertyTests {
  static let cases = 10_000

  @Test func flatRoundTripsMinimallyAndObeysTheRules() throws {
    for seed in UInt64(1)...UInt64(Self.cases) {
      var random = SeededRandom(seed: seed)
      let source = Generate.flat(&random)
      let target = Generate.edit(source, &random)
      let changes = try StagedChangeset(source: source, target: target)
      try checkStages(changes, from: source, to: target, seed: seed)
      // Independent expectations: deletes, inserts, minimal moves and updates by id.
      let sourceIndex = Dictionary(uniqueKeysWithValues: source.enumerated().map { ($1.id, $0) })
      let targetIDs = Set(target.map(\.id))
      let kept = target.compactMap { sourceIndex[$0.id] }
      let batches = changes.map(\.batch)
      let deletes = batches.reduce(0) { $0 + $1.itemDeletes.count }
      let inserts = batches.reduce(0) { $0 + $1.itemInserts.count }
      let moves = batches.reduce(0) { $0 + $1.itemMoves.count }
      let updates = batches.flatMap(\.itemReconfigures).map(\.item)
      let changed = target.indices.filter {
        sourceIndex[target[$0].id].map { source[$0] } ?? target[$0] != target[$0]
      }
      #expect(deletes == source.filter { !targetIDs.contains($0.id) }.count, "seed \(seed)")
      #expect(inserts == target.count - kept.count, "seed \(seed)")
      #expect(moves == kept.count - referenceLISLength(kept), "seed \(seed)")
      #expect(updates == changed, "seed \(seed)")
    }
  }

  /// String ids take the strong hash from the start, and every lookup goes through the blocks
  /// of far lookups: the same properties must hold.
  @Test func flatRoundTripsWithStringIDs() throws {
    struct Named: Identifiable, Equatable {
      var id: String
      var content: Int
    }
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed &* 104_729)
      let rows = Generate.flat(&random)
      let edited = Generate.edit(rows, &random)
      let source = rows.map { Named(id: "id \($0.id)", content: $0.content) }
      let target = edited.map { Named(id: "id \($0.id)", content: $0.content) }
      let changes = try StagedChangeset(source: source, target: target)
      try checkStages(changes, from: source, to: target, seed: seed)
      let kept = edited.compactMap { row in rows.firstIndex { $0.id == row.id } }
      let moves = changes.reduce(0) { $0 + $1.batch.itemMoves.count }
      #expect(moves == kept.count - referenceLISLength(kept), "seed \(seed)")
    }
  }

  @Test func sectionedRoundTripsAndObeysTheRules() throws {
    var sectionMoves = 0
    var crossMoves = 0
    for seed in UInt64(1)...UInt64(Self.cases) {
      var random = SeededRandom(seed: seed &* 7919)
      let source = Generate.sectioned(&random)
      let target = Generate.edit(source, &random)
      let changes = try StagedChangeset(source: source, target: target)
      try checkStages(changes, from: source, to: target, seed: seed)
      sectionMoves += changes.reduce(0) { $0 + $1.batch.sectionMoves.count }
      crossMoves += changes.reduce(0) {
        $0 + $1.batch.itemMoves.filter { $0.source.section != $0.target.section }.count
      }
    }
    // The generator really exercises the hard cases.
    #expect(sectionMoves > 1_000)
    #expect(crossMoves > 1_000)
  }

  @Test func largeInputsRoundTrip() throws {
    for seed in UInt64(1)...20 {
      var random = SeededRandom(seed: seed)
      let count = 2_000 + random.below(3_000)
      let source = (0..<count).map { Row($0, 0) }
      var target = source.filter { _ in !random.chance(10) }
      for _ in 0..<(count / 20) where !target.isEmpty {
        let row = target.remove(at: random.below(target.count))
        target.insert(row, at: random.below(target.count + 1))
      }
      for _ in 0..<(count / 20) where !target.isEmpty {
        target[random.below(target.count)].content += 1
      }
      for id in count..<(count + count / 10) {
        target.insert(Row(id), at: random.below(target.count + 1))
      }
      let changes = try StagedChangeset(source: source, target: target)
      try checkStages(changes, from: source, to: target, seed: seed)
    }
  }
}
