import CatenaDataSource
import CatenaDiff
import CatenaHeadless
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

  func pager(pageSize: Int = 3) -> Pager<Row> {
    Pager(PagerConfiguration(pageSize: pageSize), source: manual.source)
  }

  /// Answers request number `count - 1` with `items` and waits for `load`.
  func answer(_ load: PagerLoad?, _ items: [Row], count: Int) async {
    await manual.waitForRequests(count)
    manual.respond(with: Page(items: items))
    await load?.ended()
  }

  @Test func itemsFireWhenAPageArrivesAndOnlyThen() async {
    let list = pager()
    var load: PagerLoad?
    #expect(await !fires({ _ = list.items }, when: { load = list.refresh() }), "a load starts")
    #expect(await fires({ _ = list.items }, when: { await answer(load, rows(0..<3), count: 1) }))
    #expect(
      await !fires(
        { _ = list.items },
        when: {
          let next = list.loadNext()
          await manual.waitForRequests(2)
          manual.fail()
          await next.ended()
        }), "a failed page adds nothing")
    #expect(
      await !fires(
        { _ = list.items },
        when: {
          list.refresh()
          list.cancel()
        }))
    #expect(list.items == rows(0..<3))
  }

  @Test func twoPagersOfOneItemTypeAreObservedApart() async {
    let other = ManualSource()
    let watched = pager()
    let beside = Pager(PagerConfiguration(pageSize: 3), source: other.source)
    #expect(
      await !fires(
        { _ = watched.items },
        when: {
          let load = beside.refresh()
          await other.waitForRequests(1)
          other.respond(with: Page(items: rows(0..<3)))
          await load.ended()
        }), "a change of another pager of the same item type")
    #expect(beside.items == rows(0..<3))
    #expect(
      await fires(
        { _ = beside.items }, when: { await answer(watched.refresh(), rows(0..<3), count: 1) })
        == false, "and the other way round")
    #expect(
      await fires(
        { _ = watched.items }, when: { await answer(watched.loadNext(), rows(3..<4), count: 2) }))
  }

  @Test func loadStatesFireWhenTheyChangeAndNotForAnEqualValue() async {
    let list = pager()
    var load: PagerLoad?
    #expect(await fires({ _ = list.loadStates }, when: { load = list.refresh() }))
    #expect(
      await fires({ _ = list.loadStates }, when: { await answer(load, rows(0..<3), count: 1) }))
    #expect(list.loadStates.append == .idle)
    #expect(
      await fires(
        { _ = list.loadStates },
        when: { await answer(list.loadNext(), rows(3..<4), count: 2) }))
    #expect(list.loadStates.append == .end)
    #expect(await !fires({ _ = list.loadStates }, when: { _ = list.loadNext() }), "nothing to load")
  }

  @Test func isEmptyFiresWhenARefreshOfAnEmptyListStarts() async {
    let list = pager()
    await answer(list.refresh(), [], count: 1)
    #expect(list.isEmpty)
    #expect(await fires({ _ = list.isEmpty }, when: { list.refresh() }))
    #expect(!list.isEmpty)
    list.cancel()
  }

  @Test func aChangeOfSourceFiresTheSourceAndThenTheItems() async {
    let list = pager()
    await answer(list.refresh(), rows(0..<3), count: 1)
    var load: PagerLoad?
    #expect(await fires({ _ = list.source }, when: { load = list.refresh(from: manual.source) }))
    #expect(await fires({ _ = list.items }, when: { await answer(load, rows(5..<6), count: 2) }))
  }

  @Test func aLoadingStackFiresWhenRequestsBeginAndEnd() async {
    let stack = LoadingStack()
    let first = RequestID()
    #expect(await fires({ _ = stack.isLoading }, when: { stack.begin(first) }))
    #expect(await !fires({ _ = stack.isLoading }, when: { stack.didChange = { _ in } }))
    #expect(await fires({ _ = stack.visible }, when: { stack.end(first) }))
    #expect(!stack.isLoading)
    #expect(await !fires({ _ = stack.visible }, when: { stack.end(first) }), "a second end")
  }

  @Test func aDataSourcesSnapshotFiresOnApplyAndNotOnTheTablesQuestions() async throws {
    let table = HeadlessTable(viewportHeight: 3 * 44)
    let dataSource = SectionedDataSource<String, Row>()
      .bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
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
    let list = pager()
    async let state = list.refresh().ended().refresh
    await manual.waitForRequests(1)
    manual.respond(with: Page(items: rows(0..<3)))
    #expect(await state == .idle)
    #expect(list.items == rows(0..<3))
    async let next = list.loadNext().ended().append
    await manual.waitForRequests(2)
    manual.fail()
    #expect(await next.error?.direction == .append)
  }

  @Test func aRefreshReplacingTheAwaitedLoadEndsItsWait() async {
    let list = pager()
    async let first = list.refresh().ended().refresh
    await manual.waitForRequests(1)
    let second = list.refresh()
    await manual.waitForRequests(2)
    #expect(await first == .loading, "the refresh that replaced it runs")
    manual.respond(number: 1, with: Page(items: rows(5..<6)))
    await second.ended()
    #expect(list.items == rows(5..<6))
  }

  @Test func aLoopToTheEndEndsWithEveryPageAskedOnce() async {
    let list = pager()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let loop = Task {
      var turns = 0
      while await list.loadNext().ended().append == .idle, turns < 100 { turns += 1 }
      return turns
    }
    for page in 2...4 {
      await manual.waitForRequests(page)
      let start = (page - 1) * 3
      manual.respond(with: Page(items: rows(start..<(page == 4 ? start + 1 : start + 3))))
    }
    #expect(await loop.value == 2, "pages 2 and 3 left more; page 4 ended the list")
    #expect(list.items == rows(0..<10))
    #expect(manual.requests.map(\.page) == [1, 2, 3, 4])
  }
}
