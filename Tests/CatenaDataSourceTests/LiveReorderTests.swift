import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// A reorder is live from the table's first question about where the held row may go until
/// the drop: the table refuses updates then (UIKit's rows would no longer match the data), so
/// applies wait and land after the drop, diffed against the order it made.
@MainActor
@Suite("Applies during a live reorder")
struct LiveReorderTests {
  func source(_ table: HeadlessTable, moved: @escaping (Int) -> Void = { _ in })
    -> SectionedDataSource<
      String, Article
    >
  {
    SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self) { cell, _, article in cell.title = article.title }
      .didMove { _, _, article in moved(article?.id ?? -1) }
  }

  var rejected: (HeadlessTable) -> [TableEvent] {
    { $0.events.filter { if case .rejectedBatch = $0 { true } else { false } } }
  }

  @Test func anApplyDuringADragWaitsForTheDropAndThenShowsItsSnapshot() throws {
    let table = HeadlessTable()
    var moved: [Int] = []
    let dataSource = source(table) { moved.append($0) }
    try dataSource.apply(try snapshot([("s", [1, 2, 3, 4])]))
    #expect(table.beginDrag(at: row(0, 0)))
    #expect(table.dragOver(row(0, 2)) == row(0, 2))
    // The server's list arrives mid-drag: a new row, and 3 gone.
    try dataSource.apply(try snapshot([("s", [1, 2, 4, 5])]))
    #expect(rejected(table).isEmpty, "nothing reached the table during the drag")
    #expect(table.render() == "  0-0  a1\n  0-1  a2\n  0-2  a3\n  0-3  a4", "the screen waits")
    #expect(table.endDrag())
    #expect(moved == [1])
    #expect(rejected(table).isEmpty)
    #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 2, 4, 5])
    #expect(table.render() == "  0-0  a1\n  0-1  a2\n  0-2  a4\n  0-3  a5")
  }

  @Test func aRowLetGoWhereItWasLiftedTellsNoMoveAndLetsTheWaitingApplyThrough() throws {
    let table = HeadlessTable()
    var moved: [Int] = []
    let dataSource = source(table) { moved.append($0) }
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.beginDrag(at: row(0, 1)))
    #expect(table.dragOver(row(0, 0)) == row(0, 0))
    try dataSource.apply(try snapshot([("s", [3, 2, 1])]))
    #expect(table.dragOver(row(0, 1)) == row(0, 1))
    #expect(!table.endDrag())
    #expect(moved.isEmpty)
    #expect(rejected(table).isEmpty)
    #expect(table.render() == "  0-0  a3\n  0-1  a2\n  0-2  a1")
  }

  @Test func anApplyAfterTheLiftBeforeTheFirstQuestionWaitsForTheDrop() throws {
    // The table has not asked where the row may go yet, but it holds it (R3-N1): the data
    // source asks the table, not only its own questions.
    let table = HeadlessTable()
    let dataSource = source(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.beginDrag(at: row(0, 0)))
    try dataSource.apply(try snapshot([("s", [2, 3])]))
    #expect(rejected(table).isEmpty, "nothing reached the table while it held the row")
    #expect(table.endDrag() == false)
    #expect(table.render() == "  0-0  a2\n  0-1  a3")
  }

  @Test func theTableRefusesABatchMidDragByItself() throws {
    // What the data source's wait protects: the table refuses a batch in a live reorder.
    let table = HeadlessTable()
    let dataSource = source(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.beginDrag(at: row(0, 0)))
    #expect(throws: DataSourceError.self) {
      try table.performBatchUpdates(BatchUpdate(itemDeletes: [row(0, 0)])) {}
    }
    #expect(rejected(table).count == 1)
    #expect(table.cancelDrag())
  }

  @Test func aBackgroundDiffMadeBeforeTheDropIsNotUsedAfterIt() async throws {
    let table = HeadlessTable()
    let dataSource = source(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3, 4])]))
    #expect(table.beginDrag(at: row(0, 3)))
    #expect(table.dragOver(row(0, 0)) == row(0, 0))
    // Diffed against [1, 2, 3, 4] in the background, kept for the drop.
    #expect(try await dataSource.applyDiffingInBackground(try snapshot([("s", [2, 3, 4, 5])])))
    #expect(table.endDrag())
    #expect(rejected(table).isEmpty)
    #expect(table.render() == "  0-0  a2\n  0-1  a3\n  0-2  a4\n  0-3  a5")
  }
}

/// A reorder the table ends without telling the data source (R3-N4) on the headless table.
@MainActor
@Suite("A cancelled reorder on the headless table")
struct CancelledReorderTests {
  @Test func aCancelledDragShowsTheKeptApplyOnTheNextLookAndRefusesCountUpdatesMeanwhile()
    async throws
  {
    let table = HeadlessTable()
    let clock = ManualClock()
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self) { cell, _, article in cell.title = article.title }
      .didMove { _, _, _ in }
    dataSource.reorderClock = clock
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.beginDrag(at: row(0, 2)))
    #expect(table.dragOver(row(0, 0)) == row(0, 0))
    try dataSource.apply(try snapshot([("s", [1, 3])]))
    #expect(throws: DataSourceError(kind: .reentrantUpdate, id: "performUpdates")) {
      try dataSource.performUpdates(BatchUpdate()) {}
    }
    #expect(table.cancelDrag())
    try await turns("the timer to sleep") { clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(100))
    try await turns("the kept apply to show") { table.render() == "  0-0  a1\n  0-1  a3" }
    #expect(dataSource.reorderRecheckCount == 1)
    #expect(dataSource.reorderRecheck == nil, "the timer stops once the work ran")
  }
}
