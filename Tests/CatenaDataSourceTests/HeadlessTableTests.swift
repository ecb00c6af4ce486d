import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

@MainActor
@Suite("Headless table")
struct HeadlessTableTests {
  @Test func configuresOnlyTheVisibleRows() {
    let model = ListModel(rows: 1_000)
    let table = makeTable(model)
    #expect(table.indexPathsForVisibleRows == (0..<10).map { row(0, $0) })
    #expect(table.events.configures == 10)
    #expect(table.contentHeight == 44_000)
  }

  @Test func scrollingReusesCellsAndPreparesThem() {
    let model = ListModel(rows: 100)
    let table = makeTable(model)
    let first = table.cellForRow(at: row(0, 0))
    table.clearEvents()
    table.scroll(toOffset: table.contentOffset + 5 * 44)
    #expect(table.indexPathsForVisibleRows == (5..<15).map { row(0, $0) })
    #expect(table.events.configures == 5)
    #expect(table.events.count { if case .endDisplay = $0 { true } else { false } } == 5)
    #expect(table.events.count { if case .prepareForReuse = $0 { true } else { false } } == 5)
    #expect(
      table.events.count { if case .dequeue(_, _, reused: true) = $0 { true } else { false } } == 5)
    // The first row's cell now shows one of the new rows.
    let reused = (10..<15).compactMap { table.cellForRow(at: row(0, $0)) }
    #expect(reused.contains { $0 === first })
    #expect((first as? TextCell)?.reuseCount == 1)
  }

  @Test func scrollingToARowPutsItAtTheTopPastHeaders() {
    let model = ListModel([
      .init(header: "A", rows: ["a0", "a1"]), .init(header: "B", rows: (0..<30).map { "b\($0)" }),
    ])
    let table = makeTable(model)
    let expected: Double = 28 + 2 * 44 + 28 + 5 * 44  // header A, two rows, header B, five rows
    table.scroll(to: TableAnchor(path: row(1, 5), offset: 0))
    #expect(table.contentOffset == expected)
    #expect(table.indexPathsForVisibleRows.first == row(1, 5))
    table.scroll(to: TableAnchor(path: row(7, 0), offset: 0))
    #expect(table.contentOffset == expected, "a missing row changes nothing")
  }

  @Test func cellsLeavingTheScreenWaitInThePool() {
    let model = ListModel(rows: 50)
    let table = makeTable(model)
    #expect(table.pooledCellCount(forIdentifier: "row") == 0)
    table.viewportHeight = 220
    #expect(table.indexPathsForVisibleRows.count == 5)
    #expect(table.pooledCellCount(forIdentifier: "row") == 5, "the five rows that left wait")
    table.scroll(toOffset: table.contentOffset + 44)
    #expect(table.pooledCellCount(forIdentifier: "row") == 5, "one left, one came: reused")
  }

  @Test func scrollingIsClampedToTheContent() {
    let model = ListModel(rows: 12)
    let table = makeTable(model)
    table.scrollToBottom()
    #expect(table.contentOffset == 2 * 44)
    #expect(table.indexPathsForVisibleRows.last == row(0, 11))
    table.scroll(toOffset: -100)
    #expect(table.contentOffset == 0)
  }

  @Test func dequeuingAnUnregisteredIdentifierUsesUIKitsWording() {
    let table = HeadlessTable()
    #expect(
      throws: DataSourceError(kind: .unregisteredCell, id: "nope", incoming: row(0, 0))
    ) {
      _ = try table.dequeueReusableCell(withIdentifier: "nope", for: row(0, 0))
    }
    let message = DataSourceError(kind: .unregisteredCell, id: "nope").description
    #expect(
      message == "unable to dequeue a cell with identifier nope - must register a nib or a "
        + "class for the identifier or connect a prototype cell in a storyboard")
  }

  @Test func aClassThatIsNotACellIsRejectedAtDequeue() {
    let table = HeadlessTable()
    table.register(NotACell.self, forCellReuseIdentifier: "x")
    #expect(throws: DataSourceError(kind: .unexpectedCellType, id: "x", incoming: row(0, 0))) {
      _ = try table.dequeueReusableCell(withIdentifier: "x", for: row(0, 0))
    }
  }

  @Test func layoutErrorsFromTheDataSourceAreKept() {
    let model = ListModel(rows: 3)
    model.identifier = "missing"
    let table = makeTable(model)
    #expect((table.takeLayoutError() as? DataSourceError)?.kind == .unregisteredCell)
    #expect(table.takeLayoutError() == nil)
  }

  @Test func insertingRowsInsideABatchShiftsTheCells() throws {
    let model = ListModel(rows: 5)
    let table = makeTable(model)
    let cell = table.cellForRow(at: row(0, 0))
    try table.performBatchUpdates { () throws(DataSourceError) in
      model.parts[0].rows.insert("new", at: 0)
      try table.insertRows(at: [row(0, 0)])
    }
    #expect(table.cellForRow(at: row(0, 1)) === cell)
    #expect((table.cellForRow(at: row(0, 0)) as? TextCell)?.text == "new")
    #expect(table.numberOfRows(inSection: 0) == 6)
  }

  @Test func committingTheModelBeforeTheBatchIsTheClassicCrash() throws {
    let model = ListModel(rows: 5)
    let table = makeTable(model)
    model.parts[0].rows.append("too early")
    let error = #expect(throws: DataSourceError.self) {
      try table.performBatchUpdates { () throws(DataSourceError) in
        try table.insertRows(at: [row(0, 5)])
      }
    }
    #expect(error?.kind == .invalidBatchUpdate)
    #expect(error?.batchError?.rule == "B14")
    #expect(
      error?.batchError?.message.hasPrefix(
        "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
          + "existing section after the update (6)") == true)
    #expect(table.numberOfRows(inSection: 0) == 5)
    if case .rejectedBatch = table.events.last {} else { Issue.record("no rejected event") }
  }

  @Test func aLoneOperationOutsideABatchIsItsOwnBatch() throws {
    let model = ListModel(rows: 2)
    let table = makeTable(model)
    model.parts[0].rows.remove(at: 0)
    try table.deleteRows(at: [row(0, 0)])
    #expect(table.numberOfRows(inSection: 0) == 1)
    #expect((table.cellForRow(at: row(0, 0)) as? TextCell)?.text == "row 1")
  }

  @Test func reloadDataInsideABatchIsRejected() {
    let model = ListModel(rows: 2)
    let table = makeTable(model)
    #expect(throws: DataSourceError(kind: .reloadDuringBatch, id: "")) {
      try table.performBatchUpdates { () throws(DataSourceError) in table.reloadData() }
    }
  }

  @Test func reconfigureKeepsTheCellAndSkipsPrepareForReuse() throws {
    let model = ListModel(rows: 3)
    let table = makeTable(model)
    let cell = table.cellForRow(at: row(0, 1))
    table.clearEvents()
    try table.performBatchUpdates(BatchUpdate(itemReconfigures: [row(0, 1)])) {
      model.parts[0].rows[1] = "changed"
    }
    #expect(table.cellForRow(at: row(0, 1)) === cell)
    #expect((cell as? TextCell)?.text == "changed")
    #expect(table.events.count { if case .prepareForReuse = $0 { true } else { false } } == 0)
    #expect(table.events.configures == 1)
  }

  @Test func reloadReplacesTheCell() throws {
    let model = ListModel(rows: 3)
    let table = makeTable(model)
    let cell = table.cellForRow(at: row(0, 1))
    try table.performBatchUpdates(BatchUpdate(itemReloads: [row(0, 1)])) {
      model.parts[0].rows[1] = "reloaded"
    }
    #expect(table.cellForRow(at: row(0, 1)) !== cell)
    #expect((table.cellForRow(at: row(0, 1)) as? TextCell)?.text == "reloaded")
  }

  @Test func movedRowsKeepTheirCellsAcrossSections() throws {
    let model = ListModel([.init(rows: ["a", "b"]), .init(rows: ["c"])])
    let table = makeTable(model)
    let cell = table.cellForRow(at: row(0, 0))
    try table.performBatchUpdates(
      BatchUpdate(itemMoves: [ItemMove(from: row(0, 0), to: row(1, 1))])
    ) {
      model.parts[1].rows.append(model.parts[0].rows.removeFirst())
    }
    #expect(table.cellForRow(at: row(1, 1)) === cell)
    #expect((table.cellForRow(at: row(0, 0)) as? TextCell)?.text == "b")
  }

  @Test func tappingSelectsOneRowAndTellsTheDataSource() {
    let model = ListModel(rows: 5)
    let table = makeTable(model)
    table.tapRow(at: row(0, 1))
    table.tapRow(at: row(0, 3))
    #expect(table.indexPathsForSelectedRows == [row(0, 3)])
    #expect(model.selected == [row(0, 1), row(0, 3)])
    #expect(model.deselected == [row(0, 1)])
    #expect(table.cellForRow(at: row(0, 3))?.isSelected == true)
    #expect(table.cellForRow(at: row(0, 1))?.isSelected == false)
  }

  @Test func multipleSelectionTogglesAndCodeSelectionIsSilent() {
    let model = ListModel(rows: 5)
    let table = makeTable(model)
    table.allowsMultipleSelection = true
    table.tapRow(at: row(0, 1))
    table.tapRow(at: row(0, 2))
    table.tapRow(at: row(0, 1))
    #expect(table.indexPathsForSelectedRows == [row(0, 2)])
    table.selectRow(at: row(0, 4))
    #expect(table.indexPathsForSelectedRows == [row(0, 2), row(0, 4)])
    #expect(model.selected == [row(0, 1), row(0, 2)])
    table.deselectRow(at: row(0, 2))
    #expect(model.deselected == [row(0, 1)])
  }

  @Test func selectionFollowsMovesAndDropsDeletedRows() throws {
    let model = ListModel(rows: 4)
    let table = makeTable(model)
    table.allowsMultipleSelection = true
    table.selectRow(at: row(0, 0))
    table.selectRow(at: row(0, 2))
    try table.performBatchUpdates(
      BatchUpdate(itemDeletes: [row(0, 0)], itemInserts: [row(0, 0), row(0, 1)])
    ) {
      model.parts[0].rows = ["x", "y", "row 1", "row 2", "row 3"]
    }
    #expect(table.indexPathsForSelectedRows == [row(0, 3)])
    #expect(table.cellForRow(at: row(0, 3))?.isSelected == true)
  }

  @Test func swipeToDeleteGoesThroughTheDataSource() throws {
    let model = ListModel(rows: 3)
    let table = makeTable(model)
    try table.swipeToDeleteRow(at: row(0, 1))
    #expect(model.parts[0].rows == ["row 0", "row 2"])
    #expect(table.numberOfRows(inSection: 0) == 2)
    #expect((table.cellForRow(at: row(0, 1)) as? TextCell)?.text == "row 2")
  }

  @Test func draggingARowMovesItThenTellsTheDataSource() {
    let model = ListModel([.init(rows: ["a", "b"]), .init(rows: ["c"])])
    let table = makeTable(model)
    let cell = table.cellForRow(at: row(0, 0))
    #expect(table.dragRow(at: row(0, 0), to: row(1, 0)))
    #expect(model.parts.map(\.rows) == [["b"], ["a", "c"]])
    #expect(table.cellForRow(at: row(1, 0)) === cell)
    #expect(!table.dragRow(at: row(0, 0), to: row(5, 0)))
  }

  @Test func rendersHeadersRowsFootersAndSelection() {
    let model = ListModel([
      .init(header: "Fruit", footer: "2 items", rows: ["apple", "pear"]),
      .init(header: "Nuts", rows: ["almond"]),
    ])
    let table = makeTable(model)
    table.selectRow(at: row(0, 1))
    #expect(
      table.render() == """
        [Fruit]
          0-0  apple
        * 0-1  pear
        (2 items)
        [Nuts]
          1-0  almond
        """)
  }

  @Test func perRowHeightsDecideWhatIsVisible() {
    let model = TallRows(rows: 10)
    let table = HeadlessTable(viewportHeight: 250)
    table.register(TextCell.self, forCellReuseIdentifier: "row")
    table.dataSource = model
    table.reloadData()
    #expect(table.indexPathsForVisibleRows == [row(0, 0), row(0, 1), row(0, 2)])
    #expect(table.contentHeight == 1_000)
  }

  @Test func theTableHoldsItsDataSourceWeakly() {
    let table = HeadlessTable()
    do {
      let model = ListModel(rows: 1)
      table.dataSource = model
      #expect(table.dataSource != nil)
    }
    #expect(table.dataSource == nil)
  }
}

/// A class that cannot serve as a cell.
final class NotACell {}

/// Rows of 100 points.
@MainActor
final class TallRows: HeadlessTableDataSource, HeadlessTableRowHeights {
  let rows: Int
  init(rows: Int) { self.rows = rows }
  func numberOfSections(in table: HeadlessTable) -> Int { 1 }
  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int { rows }
  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell {
    try table.dequeueReusableCell(withIdentifier: "row", for: path)
  }
  func table(_ table: HeadlessTable, heightForRowAt path: ItemPath) -> Double { 100 }
}
