import CatenaDiff
import Testing

@Suite("Flat diff")
struct FlatDiffTests {
  @Test func noChangeGivesNoStage() throws {
    let changes = try StagedChangeset(source: rows([1, 2, 3]), target: rows([1, 2, 3]))
    #expect(changes.isEmpty)
    #expect(try StagedChangeset(source: [Row](), target: []).isEmpty)
  }

  @Test func emptyToFullInsertsEverything() throws {
    let changes = try StagedChangeset(source: [], target: rows([1, 2, 3]))
    #expect(changes.count == 1)
    #expect(changes[0].batch == BatchUpdate(itemInserts: [path(0, 0), path(0, 1), path(0, 2)]))
    try checkStages(changes, from: [], to: rows([1, 2, 3]))
  }

  @Test func fullToEmptyDeletesEverything() throws {
    let changes = try StagedChangeset(source: rows([1, 2, 3]), target: [])
    #expect(changes.count == 1)
    #expect(changes[0].batch == BatchUpdate(itemDeletes: [path(0, 0), path(0, 1), path(0, 2)]))
    try checkStages(changes, from: rows([1, 2, 3]), to: [])
  }

  @Test func deletesAreSourceIndexesAndInsertsTargetIndexes() throws {
    let source = rows([1, 2, 3, 4])
    let target = rows([1, 5, 3, 4, 6])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(
      changes.map(\.batch) == [
        BatchUpdate(itemDeletes: [path(0, 1)], itemInserts: [path(0, 1), path(0, 4)])
      ])
    try checkStages(changes, from: source, to: target)
  }

  @Test func oneRotatedElementIsOneMove() throws {
    let source = rows([1, 2, 3, 4, 5])
    let target = rows([2, 3, 4, 5, 1])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.map(\.batch) == [BatchUpdate(itemMoves: [move(path(0, 0), path(0, 4))])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func swapIsOneMove() throws {
    let changes = try StagedChangeset(source: rows([1, 2]), target: rows([2, 1]))
    #expect(changes.count == 1)
    #expect(changes[0].batch.itemMoves.count == 1)
    try checkStages(changes, from: rows([1, 2]), to: rows([2, 1]))
  }

  @Test func contentChangeIsAnUpdateNotADeleteAndInsert() throws {
    let source = [Row(1), Row(2), Row(3)]
    let target = [Row(1), Row(2, 9), Row(3)]
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.map(\.batch) == [BatchUpdate(itemReconfigures: [path(0, 1)])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func movedAndUpdatedItemIsMovedThenReconfiguredAtItsNewPath() throws {
    let source = [Row(1), Row(2), Row(3)]
    let target = [Row(2), Row(3), Row(1, 7)]
    let changes = try StagedChangeset(source: source, target: target)
    #expect(
      changes.map(\.batch) == [
        BatchUpdate(itemMoves: [move(path(0, 0), path(0, 2))]),
        BatchUpdate(itemReconfigures: [path(0, 2)]),
      ])
    try checkStages(changes, from: source, to: target)
  }

  @Test func everyKindOfChangeAtOnce() throws {
    let source = [Row(1), Row(2), Row(3), Row(4), Row(5), Row(6)]
    let target = [Row(6), Row(2, 1), Row(7), Row(3), Row(5), Row(1), Row(8)]
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.count == 2)
    #expect(changes[0].batch.itemDeletes == [path(0, 3)])
    #expect(changes[0].batch.itemInserts == [path(0, 2), path(0, 6)])
    #expect(changes[0].batch.itemMoves.count == 2)
    #expect(changes[1].batch.itemReconfigures == [path(0, 1)])
    try checkStages(changes, from: source, to: target)
  }

  @Test func operationCountsAddUpOverStages() throws {
    let changes = try StagedChangeset(
      source: [Row(1), Row(2), Row(3)], target: [Row(3), Row(2, 5), Row(4)])
    #expect(changes.operationCount == changes.reduce(0) { $0 + $1.batch.operationCount })
    #expect(changes.operationCount == 4)  // delete 1, insert 4, move 3, update 2
  }

  @Test func stagesShareTheTargetsStorage() throws {
    let target = [Row(2, 1), Row(1)]
    let changes = try StagedChangeset(source: [Row(1), Row(2)], target: target)
    #expect(changes.allSatisfy { $0.data == target })
  }

  @Test func duplicateInSourceNamesBothPositions() {
    #expect(
      throws: DiffError(
        kind: .duplicateItemID, side: .source, first: path(0, 1), second: path(0, 3), id: "2")
    ) {
      try StagedChangeset(source: rows([1, 2, 3, 2]), target: rows([1]))
    }
  }

  @Test func duplicateInTargetNamesBothPositionsWhetherMatchedOrNew() {
    #expect(
      throws: DiffError(
        kind: .duplicateItemID, side: .target, first: path(0, 0), second: path(0, 2), id: "1")
    ) {
      try StagedChangeset(source: rows([1]), target: rows([1, 5, 1]))
    }
    #expect(
      throws: DiffError(
        kind: .duplicateItemID, side: .target, first: path(0, 1), second: path(0, 2), id: "9")
    ) {
      try StagedChangeset(source: rows([1]), target: rows([1, 9, 9]))
    }
  }

  @Test func duplicateErrorReadsAsASentence() {
    let error = DiffError(
      kind: .duplicateItemID, side: .target, first: path(0, 2), second: path(0, 5), id: "7")
    #expect(error.description == "duplicate item id 7 in the target at (0 - 2) and (0 - 5)")
  }

  @Test func equalHashValuesAreNotEqualIDs() throws {
    let source = (0..<50).map { Colliding(id: CollidingID(value: $0), content: 0) }
    var target = Array(source.reversed().dropFirst(5))
    target.append(Colliding(id: CollidingID(value: 99), content: 1))
    target[3].content = 4
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.first?.batch.itemDeletes.count == 5)
    #expect(changes.first?.batch.itemInserts == [path(0, 45)])
    #expect(changes.last?.batch.itemReconfigures == [path(0, 3)])
    try checkStages(changes, from: source, to: target)
  }
}

/// An id whose hash value is the same for every value.
struct CollidingID: Hashable, Sendable {
  var value: Int
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

struct Colliding: Identifiable, Equatable, Sendable {
  var id: CollidingID
  var content: Int
}
