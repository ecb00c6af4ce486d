import CatenaDiff
import Testing

@testable import CatenaDataSource

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

  @Test func applyingWhileTheTableIsMidDragWithoutTheDataSourceKnowingIsRefused() throws {
    // The table refuses a batch in a live reorder by itself: the guard above is what keeps
    // the data source from sending one.
    let table = HeadlessTable()
    let dataSource = source(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.beginDrag(at: row(0, 0)))
    #expect(throws: DataSourceError.self) {
      try dataSource.apply(try snapshot([("s", [2, 3])]))
    }
    #expect(rejected(table).count == 2, "the batch, then the reload the data source falls back to")
    #expect(table.endDrag() == false)
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
