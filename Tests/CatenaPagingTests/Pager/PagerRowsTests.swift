import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Testing

@MainActor
@Suite("Pager rows without a data source (SwiftUI): status rows, rowAppeared")
struct PagerRowsTests {
  let source = ManualSource()

  func ids(_ rows: [PagerRow<Row>]) -> [Int] { rows.compactMap { $0.item?.id } }

  @Test func theFirstLoadAndItsFailureAreTheOnlyRow() async {
    let pager = Pager(PagerConfiguration(pageSize: 10), source: source.source)
    #expect(pager.rows().isEmpty)
    let first = pager.refresh()
    #expect(pager.rows() == [.status(.firstLoad)])
    await source.waitForRequests(1)
    source.fail()
    await first.ended()
    let message = pager.loadStates.refresh.error?.message ?? "?"
    #expect(pager.rows() == [.status(.firstLoadFailed(message))])
    #expect(pager.rows(PagerRows(showsStatus: false)).isEmpty)
  }

  @Test func loadsEitherWayShowAboveAndBelowTheItemsThenTheEnd() async {
    let pager = await source.loadedPager(showing: 10..<20, at: .index(2))
    #expect(pager.rows() == rows(10..<20).map { .item($0) })
    let previous = pager.loadPrevious()
    let next = pager.loadNext()
    let loading = pager.rows()
    #expect(loading.first == .status(.loading(.prepend)))
    #expect(loading.last == .status(.loading(.append)))
    #expect(ids(loading) == Array(10..<20))
    await source.waitForRequests(3)
    source.fail(key: .index(1))
    source.respond(key: .index(3), with: page(20..<24))
    await previous.ended()
    await next.ended()
    let message = pager.loadStates.prepend.error?.message ?? "?"
    let settled = pager.rows()
    #expect(settled.first == .status(.failed(.prepend, message)))
    #expect(settled.first?.status?.isRetryable == true)
    #expect(settled.last == .status(.end), "a short page ends the list")
    #expect(ids(settled) == Array(10..<24))
  }

  @Test func separatorsAndTheFilterAreTheBindingsRows() async throws {
    let pager = await source.loadedPager(showing: 0..<10, at: .index(1))
    let shape = PagerRows<Row>(
      filter: { $0.id % 2 == 0 },
      separator: { before, row in before.map { $0.id / 4 } == row.id / 4 ? nil : "g\(row.id / 4)" })
    let rows = pager.rows(shape)
    #expect(
      rows.map { $0.item?.title ?? $0.text } == [
        "g0", "Row 0", "Row 2", "g1", "Row 4", "Row 6", "g2", "Row 8",
      ])

    // The binding shows the same rows, built by the same code.
    // A table nothing shows on, so that no row loads a page.
    let table = HeadlessTable(viewportHeight: 0)
    table.prefetchDistance = 0
    let dataSource = SectionedDataSource<String, PagerRow<Row>>()
    dataSource.bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
    pager.bind(dataSource, section: "s", rows: shape)
    #expect(try dataSource.snapshot?.items(inSection: "s") == rows)
    // Bound again with other rows: the same section shows them, with no second set of
    // observers on the data source or the pager.
    func observers() -> [Int] {
      [dataSource.sectionRoles.count, pager.listeners.count]
    }
    let once = observers()
    pager.bind(dataSource, section: "s", rows: PagerRows(showsStatus: false))
    #expect(try dataSource.snapshot?.items(inSection: "s") == pager.rows())
    #expect(dataSource.snapshot?.sectionIDs == ["s"])
    #expect(observers() == once)
    // While a page loads, the status row follows the rows bound last.
    pager.loadNext()
    #expect(try dataSource.snapshot?.items(inSection: "s").last?.status == nil, "status rows off")
    pager.bind(dataSource, section: "s")
    #expect(try dataSource.snapshot?.items(inSection: "s").last == .status(.loading(.append)))
    #expect(observers() == once)
  }

  @Test func aRowNearEitherEndLoadsPastItOnceAndAFailedEndWaitsForRetry() async {
    let pager = await source.loadedPager(showing: 20..<30, at: .index(3))
    var rows = pager.rows()
    // Prefetch distance is half a page: rows 0–4 load before, rows 5–9 load after.
    #expect(pager.rowAppeared(rows[5].id, in: rows) == [.append])
    #expect(pager.rowAppeared(rows[9].id, in: rows) == [], "one load per direction")
    #expect(pager.rowAppeared(rows[4].id, in: rows) == [.prepend])
    await source.waitForRequests(3)
    #expect(Set(source.waitingKeys) == [.index(2), .index(4)])
    source.fail(key: .index(2))
    source.respond(key: .index(4), with: page(30..<40))
    for _ in 0..<10_000 where pager.loadStates.isLoading { await Task.yield() }
    #expect(!pager.loadStates.isLoading, "the load ended")
    rows = pager.rows()
    #expect(rows.first?.status?.isRetryable == true)
    #expect(pager.rowAppeared(rows[1].id, in: rows) == [], "a failed end waits for retry")
    #expect(pager.rowAppeared(rows[10].id, in: rows) == [], "the middle loads nothing")
    #expect(pager.rowAppeared(PagerRow<Row>.ID.item(999), in: rows) == [])
    pager.retry()
    await source.waitForRequests(4)
    #expect(source.keys.count == 4 && source.keys.last == .index(2), "only the failed end")
  }
}
