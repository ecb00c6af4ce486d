import CatenaDiff
import Testing

@Suite("Sectioned diff")
struct SectionedDiffTests {
  @Test func itemMovesAcrossSectionsInOneBatch() throws {
    let source = sections([(0, [1, 2, 3]), (1, [4])])
    let target = sections([(0, [1, 3]), (1, [4, 2])])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.map(\.batch) == [BatchUpdate(itemMoves: [move(path(0, 1), path(1, 1))])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func sectionInsertAndDeleteCarryTheirRows() throws {
    let source = sections([(0, [1, 2]), (1, [3])])
    let target = sections([(1, [3]), (2, [4, 5])])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.map(\.batch) == [BatchUpdate(sectionDeletes: [0], sectionInserts: [1])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func sectionModelChangeIsASectionUpdate() throws {
    let source = [DiffSection(model: Header(0, 0), items: rows([1]))]
    let target = [DiffSection(model: Header(0, 1), items: rows([1]))]
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.map(\.batch) == [BatchUpdate(sectionUpdates: [0])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func itemLeavingADeletedSectionIsInsertedWhereItArrives() throws {
    let source = sections([(0, [1, 2]), (1, [3])])
    let target = sections([(1, [3, 2])])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(
      changes.map(\.batch) == [BatchUpdate(sectionDeletes: [0], itemInserts: [path(0, 1)])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func itemJoiningAnInsertedSectionIsDeletedWhereItLeft() throws {
    let source = sections([(0, [1, 2])])
    let target = sections([(0, [1]), (5, [2])])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(
      changes.map(\.batch) == [BatchUpdate(sectionInserts: [1], itemDeletes: [path(0, 1)])])
    try checkStages(changes, from: source, to: target)
  }

  @Test func sectionMovesGetTheirOwnBatchBetweenDeletesAndItemChanges() throws {
    let source = sections([(0, [1, 2]), (1, [3, 4]), (2, [5])])
    let target = sections([(2, [5, 1]), (0, [2]), (1, [3, 6])])
    let changes = try StagedChangeset(source: source, target: target)
    #expect(
      changes.map(\.batch) == [
        BatchUpdate(itemDeletes: [path(1, 1)]),
        BatchUpdate(sectionMoves: [SectionMove(from: 2, to: 0)]),
        BatchUpdate(itemInserts: [path(2, 1)], itemMoves: [move(path(1, 0), path(0, 1))]),
      ])
    try checkStages(changes, from: source, to: target)
  }

  @Test func everythingAtOnceWithSectionMoves() throws {
    let source = [
      DiffSection(model: Header(0), items: [Row(1), Row(2), Row(3)]),
      DiffSection(model: Header(1), items: [Row(4), Row(5)]),
      DiffSection(model: Header(2), items: [Row(6)]),
      DiffSection(model: Header(3), items: [Row(7), Row(8)]),
    ]
    let target = [
      DiffSection(model: Header(3, 1), items: [Row(8), Row(7, 2), Row(2)]),
      DiffSection(model: Header(4), items: [Row(9), Row(6)]),
      DiffSection(model: Header(0), items: [Row(3), Row(1), Row(10)]),
      DiffSection(model: Header(1), items: [Row(5)]),
    ]
    let changes = try StagedChangeset(source: source, target: target)
    #expect(changes.count == 4)
    #expect(changes.last?.batch.sectionUpdates == [0])
    #expect(changes.last?.batch.itemReconfigures == [path(0, 1)])
    try checkStages(changes, from: source, to: target)
  }

  @Test func emptySectionsAreHandled() throws {
    let source = sections([(0, []), (1, []), (2, [1])])
    let target = sections([(2, []), (1, [1]), (0, [])])
    try checkStages(try StagedChangeset(source: source, target: target), from: source, to: target)
  }

  @Test func duplicateSectionIDNamesBothSections() {
    #expect(
      throws: DiffError(
        kind: .duplicateSectionID, side: .target, first: path(0, 0), second: path(2, 0), id: "3")
    ) {
      try StagedChangeset(source: sections([]), target: sections([(3, []), (1, []), (3, [])]))
    }
  }

  @Test func duplicateItemIDAcrossSectionsNamesBothPaths() {
    #expect(
      throws: DiffError(
        kind: .duplicateItemID, side: .source, first: path(0, 1), second: path(2, 0), id: "4")
    ) {
      try StagedChangeset(
        source: sections([(0, [1, 4]), (1, []), (2, [4])]), target: sections([]))
    }
  }
}
