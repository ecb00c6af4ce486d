import CatenaDataSource
import CatenaDiff
import CatenaPaging
import CatenaTesting
import Testing

@MainActor
@Suite("Paged list bound to a data source")
struct PagingBindingTests {
  /// A 5-row viewport over a data source of rows, prefetching `prefetch` rows ahead (none
  /// by default: most tests here are about rows coming on screen).
  func screen(prefetch: Int = 0) -> (HeadlessTable, SectionedDataSource<String, Row, TextCell>) {
    let table = HeadlessTable(viewportHeight: 5 * 44)
    table.prefetchDistance = prefetch
    let dataSource = SectionedDataSource<String, Row, TextCell>()
      .bind(table, cell: TextCell.self, reuseIdentifier: "row")
      .configureCell { cell, _, row in cell.text = row.title }
    return (table, dataSource)
  }

  /// Waits until the list has no load running (a binding may start the next one by itself).
  func settle(_ list: PagedList<Row>) async {
    for _ in 0..<1_000 where list.state.isLoading { await Task.yield() }
  }

  @Test func scrollingToTheEndLoadsEveryPageOnceAndInOrder() async {
    let fixture = FixturePages(count: 53) { Row($0) }
    let list = PagedList(pageSize: 10, source: fixture.source)
    let (table, dataSource) = screen()
    list.bind(to: dataSource, section: "rows", loadWithin: 3)
    await list.refresh()?.value
    #expect(table.numberOfRows(inSection: 0) == 10)
    #expect(fixture.requests.count == 1, "the first screen is full: no next page yet")
    var scrolls = 0
    while list.state != .loaded(hasMore: false), scrolls < 100 {
      table.scrollToBottom()
      await settle(list)
      scrolls += 1
    }
    #expect(list.items == rows(0..<53))
    #expect(dataSource.snapshot?.allItems == rows(0..<53))
    #expect(table.numberOfRows(inSection: 0) == 53)
    table.scrollToBottom()
    #expect(table.indexPathsForVisibleRows.map(\.item) == Array(48..<53))
    #expect(
      table.indexPathsForVisibleRows.map { table.cellForRow(at: $0)?.renderedText }
        == (48..<53).map { "Row \($0)" })
    #expect(fixture.requests.map(\.page) == [1, 2, 3, 4, 5, 6], "each page asked once")
    let batches = table.events.filter { if case .batch = $0 { true } else { false } }
    #expect(batches.count == 5, "every next page is one animated batch")
  }

  @Test func pagesFollowWhileTheRowsOnScreenAreWithinReachOfTheEnd() async {
    let fixture = FixturePages(count: 30) { Row($0) }
    let list = PagedList(pageSize: 3, source: fixture.source)
    let (table, dataSource) = screen()
    list.bind(to: dataSource, section: "rows", loadWithin: 8)
    await list.refresh()?.value
    for _ in 0..<10 { await settle(list) }
    // Rows 0-4 stay on screen. Pages follow until row 4 is more than 8 rows from the end,
    // including pages whose rows all land below the screen (no row comes on screen then:
    // the binding checks again after every page).
    #expect(table.numberOfRows(inSection: 0) == 15)
    #expect(table.indexPathsForVisibleRows.map(\.item) == [0, 1, 2, 3, 4])
    #expect(fixture.requests.count == 5)
  }

  @Test func prefetchedRowsStartTheNextPageBeforeTheyComeOnScreen() async {
    let fixture = FixturePages(count: 53) { Row($0) }
    let list = PagedList(pageSize: 10, source: fixture.source)
    let (table, dataSource) = screen(prefetch: 10)
    var prefetched: [[Int]] = []
    dataSource.prefetch { _, rows in prefetched.append(rows.map(\.id)) }
    list.bind(to: dataSource, section: "rows", loadWithin: 3)
    await list.refresh()?.value
    await settle(list)
    // Rows 0-4 are on screen, 5-9 prefetched: row 7 is within 3 of the end, so page 2
    // loads although no row near the end came on screen. Its rows are prefetched in turn
    // (10-14), none within 3 of the new end: no page 3.
    #expect(table.indexPathsForVisibleRows.map(\.item) == [0, 1, 2, 3, 4])
    #expect(fixture.requests.map(\.page) == [1, 2])
    #expect(prefetched == [Array(5...9), Array(10...14)])
    #expect(table.numberOfRows(inSection: 0) == 20)
  }

  @Test func aPrefetchDoesNotRetryAFailedPage() async {
    let fixture = FixturePages(count: 53) { Row($0) }.failing(pages: [2])
    let list = PagedList(pageSize: 10, source: fixture.source)
    let (table, dataSource) = screen(prefetch: 10)
    list.bind(to: dataSource, section: "rows", loadWithin: 3)
    await list.refresh()?.value
    await settle(list)
    #expect(fixture.requests.map(\.page) == [1, 2])
    #expect(list.autoLoadPause == .failed(page: 2))
    // Scrolling up cancels the prefetched rows; scrolling down again prefetches the rows near
    // the end once more: still no retry until a tap or a refresh.
    table.scroll(by: 44)
    table.scroll(toOffset: 0)
    table.clearEvents()
    table.scroll(by: 10)
    await settle(list)
    #expect(table.events.contains { if case .prefetch = $0 { true } else { false } })
    #expect(fixture.requests.map(\.page) == [1, 2], "a failed page waits for a tap")
    list.loadNextPage()
    await settle(list)
    #expect(fixture.requests.map(\.page) == [1, 2, 2])
  }

  @Test func theEmptyStateShowsOnlyWhenTheFirstPageIsEmpty() async {
    let fixture = FixturePages(count: 0) { Row($0) }
    let list = PagedList(pageSize: 10, source: fixture.source)
    let (table, dataSource) = screen()
    list.bind(to: dataSource, section: "rows", emptyText: "No rows yet")
    #expect(!table.render().contains("No rows yet"), "not before the list loaded")
    await list.refresh()?.value
    #expect(list.state == .empty)
    #expect(table.render().contains("No rows yet"))
  }

  @Test func duplicatesAcrossPagesFollowTheSnapshotsPolicy() async {
    // The server's list shifted by one between pages: row 2 comes again on page 2.
    let pages: [[Row]] = [rows(0..<3), rows(2..<5)]
    let source = PageSource<Row> { page, _ in Page(items: pages[page - 1]) }
    let list = PagedList(pageSize: 3, source: source)
    let (_, dataSource) = screen()
    let binding = list.bind(to: dataSource, section: "rows", loadWithin: 0)
    await list.refresh()?.value
    await list.loadNextPage()?.value
    #expect(dataSource.snapshot?.allItems == rows(0..<5), "row 2 shown once")
    #expect(binding.droppedDuplicates.map(\.id) == ["2"])
    #expect(binding.errors.isEmpty)

    let strict = PagedList(pageSize: 3, source: source)
    let (_, strictSource) = screen()
    let failing = strict.bind(to: strictSource, section: "rows", loadWithin: 0, duplicates: .fail)
    await strict.refresh()?.value
    await strict.loadNextPage()?.value
    #expect(failing.errors.map(\.kind) == [.duplicateItemID], "an error, not a crash")
    #expect(strictSource.snapshot?.allItems == rows(0..<3), "the table keeps what it showed")
  }

  @Test func otherSectionsOfTheSnapshotAreKept() async throws {
    let (table, dataSource) = screen()
    var snapshot = Snapshot<String, Row>()
    try snapshot.appendSection("header")
    try snapshot.appendItems([Row(-1, "Featured")])
    try dataSource.apply(snapshot)
    let list = PagedList(pageSize: 2, source: FixturePages(count: 2) { Row($0) }.source)
    list.bind(to: dataSource, section: "rows")
    await list.refresh()?.value
    #expect(dataSource.snapshot?.sectionIDs == ["header", "rows"])
    #expect(table.rowCounts == [1, 2])
  }
}
