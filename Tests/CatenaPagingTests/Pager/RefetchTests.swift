import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A bound list of pages of 10 answered by hand, with a stale time of 60 s and a clock moved
/// by hand.
@MainActor
final class StaleList {
  let source = ManualSource()
  let network = ManualReachability()
  let pager: Pager<Row>
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource: SectionedDataSource<String, PagerRow<Row>>
  let harness: PagerHarness<Row, String>
  var clock = ContinuousClock.now

  init(refetchAfter: Duration? = .seconds(60)) {
    pager = Pager(
      PagerConfiguration(pageSize: 10, refetchAfter: refetchAfter),
      source: source.source.following(network))
    (dataSource, harness) = bindRows(pager, on: table)
    pager.now = { [unowned self] in self.clock }
  }

  var shown: [String] { harness.rows.map { $0.item?.title ?? "[\($0.text)]" } }

  /// Answers the request for `page`, once asked, with `items` of a list of `total`.
  func answer(_ page: Int, _ items: [Row], total: Int = 20) async throws {
    try await turns("page \(page) to be asked") {
      source.waitingKeys.contains(.index(page))
    }
    source.respond(page: page, with: Page(items: items, total: total))
  }

  /// Waits until no load runs.
  func settle() async throws {
    try await turns("the loads to end") { !pager.loadStates.isLoading }
  }

  /// Appears, and loads pages 1 and 2 (rows 0–19, the whole list: the table asks for page 2
  /// by itself).
  func open() async throws {
    pager.appeared()
    try await answer(1, rows(0..<10))
    try await answer(2, rows(10..<20))
    try await settle()
  }
}

@MainActor
@Suite("Pager: refetched when it matters, offline shown")
struct RefetchTests {
  @Test func appearingTheFirstTimeLoadsAndAgainBeforeTheStaleTimeDoesNothing() async throws {
    let list = StaleList()
    try await list.open()
    #expect(list.source.requests.count == 2)
    list.pager.disappeared()
    list.clock += .seconds(59)
    list.pager.appeared()
    await letTurnsPass(100)
    #expect(list.source.requests.count == 2)
  }

  @Test func appearingAfterTheStaleTimeLoadsEachPageAgainInPlace() async throws {
    let list = StaleList()
    try await list.open()
    list.table.scroll(toOffset: 8 * 44)
    #expect(list.harness.visibleRows.first == "Row 8")
    list.pager.disappeared()
    list.clock += .seconds(60)
    list.pager.appeared()
    #expect(list.pager.loadStates.refresh == .loading)
    // Two new rows on top: page 1 now ends at row 7, page 2 at row 17. Nothing changes until
    // both pages have come: then one change.
    try await turns("page 1 to be asked") { list.source.waitingKeys.contains(.index(1)) }
    list.source.respond(page: 1, with: Page(items: [Row(100), Row(101)] + rows(0..<8), total: 22))
    try await turns("page 2 to be asked") { list.source.waitingKeys.contains(.index(2)) }
    #expect(list.pager.items.map(\.id) == Array(0..<20), "no change before the last page")
    try await list.answer(2, rows(8..<18), total: 22)
    try await turns("the change") { list.pager.items.first?.id == 100 }
    #expect(list.pager.loadedPageCount == 2, "the window stays")
    #expect(list.harness.visibleRows.first == "Row 8", "the row read stays")
    try await list.answer(3, rows(18..<20), total: 22)  // the list goes on: the table asks
    try await list.settle()
    #expect(list.pager.items.map(\.id) == [100, 101] + Array(0..<20))
    #expect(list.harness.visibleRows.first == "Row 8", "the row read stays")
    #expect(list.source.requests.map(\.page) == [1, 2, 1, 2, 3])
  }

  @Test func theForegroundRefetchesAStaleShownListOnly() async throws {
    let list = StaleList()
    try await list.open()
    NotificationCenter.default.post(name: .appWillEnterForeground, object: nil)
    await letTurnsPass(100)
    #expect(list.source.requests.count == 2, "fresh: nothing")
    list.clock += .seconds(61)
    list.pager.disappeared()
    NotificationCenter.default.post(name: .appWillEnterForeground, object: nil)
    await letTurnsPass(100)
    #expect(list.source.requests.count == 2, "not shown: nothing")
    list.pager.appeared()
    try await list.answer(1, rows(0..<10))
    try await list.answer(2, rows(10..<20))
    try await list.settle()
    list.clock += .seconds(61)
    NotificationCenter.default.post(name: .appWillEnterForeground, object: nil)
    try await list.answer(1, rows(0..<10))
    try await list.answer(2, rows(10..<20))
    try await list.settle()
    #expect(list.source.requests.map(\.page) == [1, 2, 1, 2, 1, 2])
  }

  @Test func offlineTheListShowsItsRowsUnderAnOfflineRowAndNoFailure() async throws {
    let list = StaleList()
    try await list.open()
    list.network.isReachable = false
    try await turns("the pager to hear") { list.pager.loadStates.isOffline }
    #expect(list.shown.first == "[Offline]")
    list.pager.refresh()
    try await turns("page 1 to be asked") { list.source.waitingKeys.contains(.index(1)) }
    #expect(list.shown.first == "[Offline]", "offline, not loading")
    list.source.fail(page: 1)
    try await turns("the failure to land") { list.pager.loadStates.refresh.error != nil }
    #expect(list.shown.first == "[Offline]")
    #expect(!list.shown.contains { $0.hasPrefix("[Couldn't") }, "offline, not an error")
    #expect(list.shown.count == 22, "the offline row, the 20 rows kept, the end")
    // Back online: the failed refresh runs again by itself.
    list.network.isReachable = true
    try await list.answer(1, rows(0..<10))
    try await list.answer(2, rows(10..<20))
    try await list.settle()
    #expect(!list.pager.loadStates.isOffline)
    #expect(list.pager.loadStates.refresh.error == nil)
    #expect(!list.shown.contains("[Offline]"))
  }

  @Test func theNetworkBackRefetchesAStaleShownListAndNeverTwoAtOnce() async throws {
    let list = StaleList()
    try await list.open()
    list.network.isReachable = false
    try await turns("the pager to hear") { list.pager.loadStates.isOffline }
    list.clock += .seconds(61)
    list.network.isReachable = true
    NotificationCenter.default.post(name: .appWillEnterForeground, object: nil)
    list.pager.appeared()
    try await list.answer(1, rows(0..<10))
    try await list.answer(2, rows(10..<20))
    try await list.settle()
    await letTurnsPass(200)
    #expect(list.source.requests.map(\.page) == [1, 2, 1, 2], "one refetch")
  }

  @Test func withoutAStaleTimeNothingRefetches() async throws {
    let list = StaleList(refetchAfter: nil)
    try await list.open()
    list.clock += .seconds(3600)
    list.pager.disappeared()
    list.pager.appeared()
    NotificationCenter.default.post(name: .appWillEnterForeground, object: nil)
    list.network.isReachable = false
    list.network.isReachable = true
    await letTurnsPass(200)
    #expect(list.source.requests.count == 2)
  }

  @Test func aRefetchedPageThatLostRowsLosesNothingElse() async throws {
    let list = StaleList()
    try await list.open()
    list.clock += .seconds(61)
    list.pager.disappeared()
    list.pager.appeared()
    // Rows 3 and 4 were deleted: page 1 now holds rows 10 and 11, which page 2 holds too.
    try await list.answer(1, rows(0..<3) + rows(5..<12), total: 18)
    try await list.answer(2, rows(12..<20), total: 18)
    try await list.settle()
    #expect(Set(list.pager.items.map(\.id)).count == list.pager.items.count, "no row twice")
    #expect(list.pager.items.map(\.id) == Array(0..<3) + Array(5..<20))
  }
}

/// Lets other tasks run `count` turns: long enough for work that was started to show
/// (loads start within a turn or two), to check that none was.
func letTurnsPass(_ count: Int, isolation: isolated (any Actor)? = #isolation) async {
  for _ in 0..<count { await Task.yield() }
}
