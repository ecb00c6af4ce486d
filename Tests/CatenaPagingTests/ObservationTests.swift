import CatenaDataSource
import CatenaDiff
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Observation
import Testing

/// Whether an observation fired; set from `onChange`, which runs where the change is made.
final class Fired: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var happened: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// Tracks what `read` reads, then returns whether `change` fired the tracking.
@MainActor
func fires(_ read: () -> Void, when change: () async -> Void) async -> Bool {
  let fired = Fired()
  withObservationTracking(read) { fired.set() }
  await change()
  return fired.happened
}

@MainActor
@Suite("Observation and the async forms")
struct ObservationTests {
  let manual = ManualSource()

  func list(pageSize: Int = 3) -> PagedList<Row> {
    PagedList(pageSize: pageSize, source: manual.source)
  }

  /// Answers request number `count - 1` with `items` and waits for `load`.
  func answer(_ load: Task<Void, Never>?, _ items: [Row], count: Int) async {
    await manual.waitForRequests(count)
    manual.respond(with: Page(items: items))
    await load?.value
  }

  @Test func itemsFireWhenAPageArrivesAndOnlyThen() async {
    let list = list()
    var load: Task<Void, Never>?
    #expect(await !fires({ _ = list.items }, when: { load = list.refresh() }), "a load starts")
    #expect(await fires({ _ = list.items }, when: { await answer(load, rows(0..<3), count: 1) }))
    #expect(
      await !fires(
        { _ = list.items },
        when: {
          let next = list.loadNextPage()
          await manual.waitForRequests(2)
          manual.fail()
          await next?.value
        }), "a failed page adds nothing")
    #expect(
      await !fires(
        { _ = list.items },
        when: {
          list.refresh(); list.cancel()
        }))
    #expect(list.items == rows(0..<3))
  }

  @Test func stateAndHasMoreFireWhenTheyChange() async {
    let list = list()
    var load: Task<Void, Never>?
    #expect(await fires({ _ = list.state }, when: { load = list.refresh() }))
    #expect(await fires({ _ = list.hasMore }, when: { await answer(load, rows(0..<3), count: 1) }))
    #expect(list.hasMore)
    #expect(
      await !fires(
        { _ = list.hasMore },
        when: { await answer(list.loadNextPage(), rows(3..<6), count: 2) }),
      "still more to come: an equal value does not fire")
    #expect(
      await fires(
        { _ = list.hasMore },
        when: { await answer(list.loadNextPage(), rows(6..<7), count: 3) }))
    #expect(!list.hasMore && list.state == .loaded(hasMore: false))
    #expect(await !fires({ _ = list.items }, when: { _ = list.loadNextPage() }), "nothing to load")
  }

  @Test func theNextKeyAndThePageFireForACursorList() async {
    let list = PagedList(pageSize: 2, source: manual.source(.server))
    let load = list.refresh()
    #expect(
      await fires(
        { _ = list.nextKey },
        when: {
          await manual.waitForRequests(1)
          manual.respond(with: Page(items: rows(0..<2), next: .cursor("b")))
          await load?.value
        }))
    #expect(list.nextKey == .cursor("b"))
    #expect(await fires({ _ = list.loadingKey }, when: { _ = list.loadNextPage() }))
    #expect(list.loadingKey == .cursor("b"))
    list.cancel()
  }

  @Test func aLoadingStackFiresWhenRequestsBeginAndEnd() async {
    let stack = LoadingStack()
    let first = RequestID()
    #expect(await fires({ _ = stack.isLoading }, when: { stack.begin(first) }))
    #expect(await !fires({ _ = stack.isLoading }, when: { stack.onChange = { _ in } }))
    #expect(await fires({ _ = stack.visible }, when: { stack.end(first) }))
    #expect(!stack.isLoading)
    #expect(await !fires({ _ = stack.visible }, when: { stack.end(first) }), "a second end")
  }

  @Test func aDataSourcesSnapshotFiresOnApplyAndNotOnTheTablesQuestions() async throws {
    let table = HeadlessTable(viewportHeight: 3 * 44)
    let dataSource = SectionedDataSource<String, Row, TextCell>()
      .bind(table, cell: TextCell.self, reuseIdentifier: "row")
    var snapshot = Snapshot<String, Row>()
    try snapshot.appendSection("rows")
    try snapshot.appendItems(rows(0..<10))
    #expect(await fires({ _ = dataSource.snapshot }, when: { try? dataSource.apply(snapshot) }))
    #expect(
      await !fires(
        { _ = dataSource.snapshot },
        when: {
          table.scrollToBottom()
          table.tapRow(at: ItemPath(item: 8, section: 0))
        }))
    try snapshot.appendItems([Row(10)])
    #expect(await fires({ _ = dataSource.snapshot }, when: { try? dataSource.apply(snapshot) }))
  }

  @Test func refreshingReturnsWhenTheFirstPageHasArrived() async {
    let list = list()
    async let status = list.refreshing()
    await manual.waitForRequests(1)
    manual.respond(with: Page(items: rows(0..<3)))
    #expect(await status == .success)
    #expect(list.items == rows(0..<3))
    async let next = list.loadingNextPage()
    await manual.waitForRequests(2)
    manual.fail()
    #expect(await next == .networkFailure)
    list.pause()
    #expect(await list.refreshing() == nil, "paused: nothing started")
  }

  @Test func aRefreshReplacingTheAwaitedLoadEndsItAsCancelled() async {
    let list = list()
    async let first = list.refreshing()
    await manual.waitForRequests(1)
    let second = list.refresh()
    await manual.waitForRequests(2)
    #expect(await first == .canceled)
    manual.respond(number: 1, with: Page(items: rows(5..<6)))
    await second?.value
    #expect(list.items == rows(5..<6))
  }

  @Test func loadingNextPageWhileALoadRunsAwaitsItAndAsksNothingMore() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let running = list.loadNextPage()
    await manual.waitForRequests(2)
    // Cancelled before or while it waits: a load this call did not start is not cancelled.
    let waiting = Task { await list.loadingNextPage() }
    waiting.cancel()
    manual.respond(with: Page(items: rows(3..<6)))
    await running?.value
    #expect(await waiting.value == .success, "it waited for the running load")
    #expect(list.items == rows(0..<6), "the running load was not cancelled")
    #expect(manual.requests.count == 2, "nothing else was asked")
  }

  @Test func loadingNextPageDuringARefreshAwaitsTheRefreshAndStartsNothing() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let refresh = list.refresh()
    await manual.waitForRequests(2)
    let waiting = Task { await list.loadingNextPage() }
    manual.respond(with: Page(items: rows(10..<13)))
    await refresh?.value
    #expect(await waiting.value == .success)
    #expect(manual.requests.count == 2, "no next page was asked")
    #expect(list.items == rows(10..<13))
  }

  @Test func aLoopToTheEndEndsWithEveryPageAskedOnce() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let loop = Task {
      var turns = 0
      while await list.loadingNextPage() != nil, turns < 100 { turns += 1 }
      return turns
    }
    for page in 2...4 {
      await manual.waitForRequests(page)
      let start = (page - 1) * 3
      manual.respond(with: Page(items: rows(start..<(page == 4 ? start + 1 : start + 3))))
    }
    #expect(await loop.value == 3)
    #expect(list.items == rows(0..<10))
    #expect(manual.requests.map(\.page) == [1, 2, 3, 4])
  }

  @Test func cancellingTheAwaitingTaskCancelsTheLoad() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let waiting = Task { await list.loadingNextPage() }
    await manual.waitForRequests(2)
    #expect(list.state == .loadingNextPage)
    let abandoned = list.runningLoad
    waiting.cancel()
    #expect(await waiting.value == .canceled)
    #expect(list.state == .loaded(hasMore: true) && list.lastStatus == .canceled)
    manual.respond(with: Page(items: rows(3..<6)))
    await abandoned?.value
    #expect(list.items == rows(0..<3), "the late answer is dropped")
  }
}
