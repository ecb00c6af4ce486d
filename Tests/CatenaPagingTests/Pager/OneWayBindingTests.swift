import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Testing

@MainActor
@Suite("A one-way pager bound to a data source", .timeLimit(.minutes(10)))
struct OneWayBindingTests {
  /// A 5-row viewport over a data source of a pager's rows, prefetching `prefetch` rows ahead
  /// (none by default: most tests here are about rows coming on screen).
  func screen(prefetch: Int = 0) -> (
    HeadlessTable, SectionedDataSource<String, PagerRow<Row>>
  ) {
    let table = HeadlessTable(viewportHeight: 5 * 44)
    table.prefetchDistance = prefetch
    let dataSource = SectionedDataSource<String, PagerRow<Row>>()
      .bind(table)
      .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, row in
        cell.text = row.item?.title ?? "[\(row.text)]"
      }
    return (table, dataSource)
  }

  func pager(_ fixture: FixturePages<Row>, pageSize: Int, within distance: Int) -> Pager<Row> {
    Pager(
      PagerConfiguration(pageSize: pageSize, prefetchDistance: distance), source: fixture.source)
  }

  @Test func scrollingToTheEndLoadsEveryPageOnceAndInOrder() async {
    let fixture = FixturePages(count: 53) { Row($0) }
    let pager = pager(fixture, pageSize: 10, within: 3)
    let (table, dataSource) = screen()
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    await settled(pager)
    #expect(table.rowCounts[0] == 10)
    #expect(fixture.requests.count == 1, "the first screen is full: no next page yet")
    table.clearEvents()
    var scrolls = 0
    while pager.loadStates.append != .end, scrolls < 100 {
      table.scrollToBottom()
      await settled(pager)
      scrolls += 1
    }
    #expect(pager.items == rows(0..<53))
    #expect(dataSource.snapshot?.allItems.compactMap(\.item) == rows(0..<53))
    #expect(table.rowCounts[0] == 53)
    table.scrollToBottom()
    #expect(table.visibleItemPaths.map(\.item) == Array(48..<53))
    #expect(
      table.visibleItemPaths.map { table.cellForRow(at: $0)?.renderedText }
        == (48..<53).map { "Row \($0)" })
    #expect(fixture.requests.map(\.page) == [1, 2, 3, 4, 5, 6], "each page asked once")
    let batches = table.events.filter { if case .batch = $0 { true } else { false } }
    #expect(batches.count == 5, "every next page is one animated batch")
  }

  @Test func pagesFollowWhileTheRowsOnScreenAreWithinReachOfTheEnd() async {
    let fixture = FixturePages(count: 30) { Row($0) }
    let pager = pager(fixture, pageSize: 3, within: 8)
    let (table, dataSource) = screen()
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    await settled(pager)
    // Rows 0-4 stay on screen. Pages follow until row 4 is more than 8 rows from the end,
    // including pages whose rows all land below the screen (no row comes on screen then:
    // the binding checks again after every page).
    #expect(table.rowCounts[0] == 15)
    #expect(table.visibleItemPaths.map(\.item) == [0, 1, 2, 3, 4])
    #expect(fixture.requests.count == 5)
  }

  @Test func prefetchedRowsStartTheNextPageBeforeTheyComeOnScreen() async {
    let fixture = FixturePages(count: 53) { Row($0) }
    let pager = pager(fixture, pageSize: 10, within: 3)
    let (table, dataSource) = screen(prefetch: 10)
    var prefetched: [[Int]] = []
    dataSource.prefetch { _, rows in prefetched.append(rows.compactMap(\.item?.id)) }
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    await settled(pager)
    // Rows 0-4 are on screen, 5-9 prefetched: row 7 is within 3 of the end, so page 2
    // loads although no row near the end came on screen. Its rows are prefetched in turn
    // (10-14), none within 3 of the new end: no page 3.
    #expect(table.visibleItemPaths.map(\.item) == [0, 1, 2, 3, 4])
    #expect(fixture.requests.map(\.page) == [1, 2])
    await dataSource.afterLayoutDone()  // the app's `prefetch` hears after the layout pass
    #expect(prefetched == [Array(5...9), Array(10...14)])
    #expect(table.rowCounts[0] == 20)
  }

  @Test func aPrefetchDoesNotRetryAFailedPage() async {
    let fixture = FixturePages(count: 53) { Row($0) }.failing(pages: [2])
    let pager = pager(fixture, pageSize: 10, within: 3)
    let (table, dataSource) = screen(prefetch: 10)
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    await settled(pager)
    #expect(fixture.requests.map(\.page) == [1, 2])
    #expect(pager.loadStates.append.error?.key == .index(2))
    // Scrolling up cancels the prefetched rows; scrolling down again prefetches the rows near
    // the end once more: still no retry until a tap or a retry.
    table.scroll(toOffset: table.contentOffset + 44)
    table.scroll(toOffset: 0)
    table.clearEvents()
    table.scroll(toOffset: table.contentOffset + 10)
    await settled(pager)
    #expect(table.events.contains { if case .prefetch = $0 { true } else { false } })
    #expect(fixture.requests.map(\.page) == [1, 2], "a failed page waits for a tap")
    pager.retry()
    await settled(pager)
    #expect(fixture.requests.map(\.page) == [1, 2, 2])
  }

  @Test func theEmptyStateShowsOnlyWhenTheLoadedListIsEmpty() async {
    let fixture = FixturePages(count: 0) { Row($0) }
    let pager = pager(fixture, pageSize: 10, within: 3)
    let (table, dataSource) = screen()
    dataSource.emptyState { "No rows yet" }
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    #expect(!table.render().contains("No rows yet"), "not before the list loaded")
    let load = pager.refresh()
    #expect(!table.render().contains("No rows yet"), "not while it loads")
    await load.ended()
    #expect(pager.isEmpty)
    #expect(table.render().contains("No rows yet"))
  }

  @Test func duplicatesAcrossPagesFollowThePagersPolicy() async {
    // The server's list shifted by one between pages: row 2 comes again on page 2.
    let pages: [[Row]] = [rows(0..<3), rows(2..<5)]
    let source = PageSource<Row> { page, _ in Page(items: pages[page - 1]) }
    let pager = Pager(PagerConfiguration(pageSize: 3, prefetchDistance: 1), source: source)
    let (_, dataSource) = screen()
    let ledger = LoadLedger()
    pager.log = ledger.log
    pager.bind(dataSource, section: "rows")
    await pager.refresh().ended()
    await pager.loadNext().ended()
    #expect(dataSource.snapshot?.allItems.compactMap(\.item) == rows(0..<5), "row 2 shown once")
    #expect(pager.lastDroppedDuplicates == 1)
    #expect(ledger.rejected == 0)

    let strict = Pager(
      PagerConfiguration(pageSize: 3, prefetchDistance: 1, duplicates: .fail), source: source)
    let (_, strictSource) = screen()
    strict.bind(strictSource, section: "rows", rows: PagerRows(showsStatus: false))
    await strict.refresh().ended()
    await strict.loadNext().ended()
    let failure = strict.loadStates.append.error
    #expect((failure?.underlyingError as? DataSourceError)?.id == "2", "an error, not a crash")
    #expect(strictSource.snapshot?.allItems.compactMap(\.item) == rows(0..<3))
  }

  @Test func otherSectionsOfTheSnapshotAreKept() async throws {
    let (table, dataSource) = screen()
    var snapshot = Snapshot<String, PagerRow<Row>>()
    try snapshot.appendSection("header")
    try snapshot.appendItems([.item(Row(-1, "Featured"))])
    try dataSource.apply(snapshot)
    let pager = Pager(
      PagerConfiguration(pageSize: 2), source: FixturePages(count: 2) { Row($0) }.source)
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    #expect(dataSource.snapshot?.sectionIDs == ["header", "rows"])
    #expect(table.rowCounts == [1, 2])
  }

  @Test func anItemAnotherSectionShowsIsRejectedOnceAndLoggedNotLost() async throws {
    // A featured row above the list that the list's first page repeats: the data source
    // cannot show one id twice.
    let (table, dataSource) = screen()
    var snapshot = Snapshot<String, PagerRow<Row>>()
    try snapshot.appendSection("featured")
    try snapshot.appendItems([.item(Row(1))])
    try dataSource.apply(snapshot)
    let pager = Pager(
      PagerConfiguration(pageSize: 3), source: FixturePages(count: 3) { Row($0) }.source)
    let ledger = LoadLedger()
    pager.log = ledger.log
    pager.bind(dataSource, section: "rows", rows: PagerRows(showsStatus: false))
    await pager.refresh().ended()
    #expect(ledger.rejected == 1, "one change, refused once: \(ledger.last)")
    #expect(ledger.last.contains { $0.hasPrefix("rejected:") && $0.contains("item(1)") })
    // The last rows it could show: the list's section as it was before the page came.
    #expect(dataSource.snapshot?.sectionIDs == ["featured", "rows"])
    #expect(table.rowCounts == [1, 0])
  }
}
