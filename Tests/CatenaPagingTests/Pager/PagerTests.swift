import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A page of rows `range` (numbered pages of `size`: a short page ends the list).
func page(_ range: Range<Int>, previous: PageKey? = nil, next: PageKey? = nil) -> Page<Row> {
  Page(items: rows(range), next: next, previous: previous)
}

@MainActor
@Suite("Pager: two directions, a state per direction, retry")
struct PagerTests {
  let source = ManualSource()

  func pager(_ configuration: PagerConfiguration = PagerConfiguration(pageSize: 10)) -> Pager<Row> {
    Pager(configuration, source: source.source)
  }

  @Test func aRefreshShowsTheFirstPageAndTheListStartsThere() async {
    let pager = pager()
    let load = pager.refresh()
    #expect(pager.loadStates.refresh == .loading)
    await source.waitForRequests(1)
    #expect(source.keys == [.index(1)])
    source.respond(with: page(0..<10))
    await load.ended()
    #expect(pager.items.map(\.id) == Array(0..<10))
    #expect(pager.loadStates == LoadStates(refresh: .idle, prepend: .end, append: .idle))
  }

  @Test func appendingToAShortPageEndsTheList() async {
    let pager = pager()
    source.respond(with: page(0..<10))
    let first = pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    await first.ended()
    let next = pager.loadNext()
    #expect(pager.loadStates.append == .loading)
    await source.waitForRequests(2)
    #expect(source.keys.last == .index(2))
    source.respond(key: .index(2), with: page(10..<14))
    await next.ended()
    #expect(pager.items.count == 14)
    #expect(pager.loadStates.append == .end)
    #expect(!pager.loadNext().started)
  }

  @Test func refreshingAtAKeyLoadsBothWaysUntilTheStart() async {
    let pager = pager()
    let jump = pager.refresh(at: .index(3))
    await source.waitForRequests(1)
    source.respond(key: .index(3), with: page(20..<30))
    await jump.ended()
    #expect(pager.loadStates.prepend == .idle)
    let before = pager.loadPrevious()
    let after = pager.loadNext()
    #expect(pager.loadStates.prepend == .loading && pager.loadStates.append == .loading)
    await source.waitForRequests(3)
    #expect(Set(source.waitingKeys) == [.index(2), .index(4)])
    source.respond(key: .index(4), with: page(30..<40))
    source.respond(key: .index(2), with: page(10..<20))
    await before.ended()
    await after.ended()
    #expect(pager.items.map(\.id) == Array(10..<40))
    let older = pager.loadPrevious()
    await source.waitForRequests(4)
    source.respond(key: .index(1), with: page(0..<10))
    await older.ended()
    #expect(pager.items.first?.id == 0)
    #expect(pager.loadStates.prepend == .end)
  }

  @Test func oneLoadPerDirectionAndNoneBesideARefresh() async {
    let pager = pager()
    let first = pager.refresh(at: .index(2))
    #expect(!pager.loadNext().started, "nothing is loaded yet")
    await source.waitForRequests(1)
    source.respond(with: page(10..<20))
    await first.ended()
    let next = pager.loadNext()
    #expect(next.started)
    #expect(!pager.loadNext().started, "an append runs")
    #expect(pager.loadPrevious().started, "a prepend may run beside it")
    let refresh = pager.refresh(at: .index(5))
    #expect(!pager.loadNext().started && !pager.loadPrevious().started, "a refresh runs")
    #expect(pager.loadStates == LoadStates(refresh: .loading, prepend: .idle, append: .idle))
    await source.waitForRequests(4)
    // The cancelled loads' late answers are dropped.
    source.respond(key: .index(3), with: page(20..<30))
    source.respond(key: .index(1), with: page(0..<10))
    await next.ended()
    #expect(pager.items.map(\.id) == Array(10..<20), "the old items stay until the refresh")
    source.respond(key: .index(5), with: page(40..<50))
    await refresh.ended()
    #expect(pager.items.map(\.id) == Array(40..<50))
  }

  @Test func aFailureKeepsTheRowsAndOnlyRetryOrTheAppRunsItAgain() async {
    let pager = await source.loadedPager(showing: 10..<20, at: .index(2))
    let next = pager.loadNext()
    let previous = pager.loadPrevious()
    await source.waitForRequests(3)
    source.fail(key: .index(3))
    source.fail(key: .index(1))
    await next.ended()
    await previous.ended()
    #expect(pager.items.map(\.id) == Array(10..<20))
    #expect(pager.loadStates.append.error?.key == .index(3))
    #expect(pager.loadStates.prepend.error != nil)
    #expect(pager.load(.append, cause: .scroll) == nil, "scrolling does not retry")
    #expect(pager.load(.prepend, cause: .prefetch) == nil, "nor does a prefetch")
    pager.retry()
    #expect(pager.loadStates.append == .loading && pager.loadStates.prepend == .loading)
    await source.waitForRequests(5)
    #expect(Set(source.waitingKeys) == [.index(1), .index(3)])
  }

  @Test func retryRunsAFailedRefreshFromTheSameKey() async {
    let pager = pager()
    let first = pager.refresh(at: .index(4))
    await source.waitForRequests(1)
    source.fail()
    await first.ended()
    #expect(pager.loadStates.refresh.error?.direction == .refresh)
    pager.retry()
    await source.waitForRequests(2)
    #expect(source.keys == [.index(4), .index(4)])
    pager.retry()
    #expect(source.keys.count == 2, "a running refresh is not retried again")
  }

  @Test func aLargerFirstLoadFillsPageByPageForNumberedSources() async {
    let pager = pager(PagerConfiguration(pageSize: 10, initialLoadSize: 30))
    pager.refresh()
    for (count, range) in [(1, 0..<10), (2, 10..<20), (3, 20..<30)] {
      await source.waitForRequests(count)
      source.respond(with: page(range))
    }
    for _ in 0..<10_000 where pager.loadStates.isLoading { await Task.yield() }
    #expect(!pager.loadStates.isLoading, "the load ended")
    #expect(source.keys == [.index(1), .index(2), .index(3)])
    #expect(pager.items.count == 30)
  }

  @Test func aLargerFirstLoadIsOneRequestForOffsets() async {
    let pager = Pager(
      PagerConfiguration(pageSize: 10, initialLoadSize: 30), source: source.source(.offset))
    let first = pager.refresh()
    await source.waitForRequests(1)
    #expect(source.requests.first?.size == 30)
    source.respond(with: page(0..<30))
    await first.ended()
    let next = pager.loadNext()
    await source.waitForRequests(2)
    #expect(source.keys.last == .offset(30))
    #expect(source.requests.last?.size == 10)
    source.respond(with: page(30..<35))
    await next.ended()
    #expect(pager.loadStates.append == .end)
  }

  @Test func offsetsBackwardsAskForWhatIsLeftBeforeTheWindow() async {
    let pager = Pager(PagerConfiguration(pageSize: 10), source: source.source(.offset))
    let first = pager.refresh(at: .offset(15))
    await source.waitForRequests(1)
    source.respond(with: page(15..<25))
    await first.ended()
    let back = pager.loadPrevious()
    await source.waitForRequests(2)
    #expect(source.keys.last == .offset(5))
    source.respond(with: page(5..<15))
    await back.ended()
    let start = pager.loadPrevious()
    await source.waitForRequests(3)
    #expect(source.keys.last == .offset(0))
    #expect(source.requests.last?.size == 5)
    source.respond(with: page(0..<5))
    await start.ended()
    #expect(pager.items.map(\.id) == Array(0..<25))
    #expect(pager.loadStates.prepend == .end)
  }

  @Test func cursorsBothWaysComeFromTheServer() async {
    let pager = Pager(PagerConfiguration(pageSize: 10), source: source.source(.server))
    let first = pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: page(50..<60, previous: .cursor("before-50"), next: .cursor("after-59")))
    await first.ended()
    let older = pager.loadPrevious()
    await source.waitForRequests(2)
    #expect(source.keys.last == .cursor("before-50"))
    source.respond(with: page(40..<50, previous: nil, next: .cursor("after-49")))
    await older.ended()
    #expect(pager.loadStates.prepend == .end, "no previous cursor: the list starts here")
    let newer = pager.loadNext()
    await source.waitForRequests(3)
    #expect(source.keys.last == .cursor("after-59"))
    source.respond(with: page(60..<65, next: .cursor("after-59")))
    await newer.ended()
    #expect(pager.loadStates.append == .end, "a cursor already loaded ends the list")
    #expect(pager.items.map(\.id) == Array(40..<65))
  }

  @Test func anEmptyPageEndsItsDirection() async {
    let pager = await source.loadedPager(showing: 10..<20, at: .index(2))
    let back = pager.loadPrevious()
    await source.waitForRequests(2)
    source.respond(with: page(0..<0))
    await back.ended()
    #expect(pager.loadStates.prepend == .end)
    #expect(pager.items.count == 10)
  }

  @Test func cancellingDropsTheAnswersAndReturnsToIdle() async {
    let pager = await source.loadedPager(showing: 10..<20, at: .index(2))
    let next = pager.loadNext()
    pager.cancel()
    #expect(pager.loadStates.append == .idle)
    await source.waitForRequests(2)
    source.respond(with: page(20..<30))
    await next.ended()
    #expect(pager.items.count == 10)
  }

  @Test func theLogSaysWhatLoadedWhyAndHowItEnded() async {
    let lines = Lines()
    let pager = pager()
    pager.log = PagerLog { lines.append("\($0)") }
    let first = pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    await first.ended()
    let next = pager.load(.append, cause: .prefetch)
    await source.waitForRequests(2)
    source.fail()
    await next?.value
    let logged = lines.all.map { line in
      line.hasSuffix(" ms")
        ? String(line[..<(line.range(of: " · ", options: .backwards)?.lowerBound ?? line.endIndex)])
        : line
    }
    #expect(
      logged == [
        "refresh started · page 1 · cause refresh",
        "refresh ended · page 1 · 10 items, 0 duplicates",
        "append started · page 2 · cause prefetch",
        "append ended · page 2 · failed: offline",
      ])
  }

  @Test func theAsyncFormsReturnHowTheLoadEnded() async {
    let pager = pager()
    let source = source
    async let refreshed = pager.refresh().ended().refresh
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    #expect(await refreshed == .idle)
    async let next = pager.loadNext().ended().append
    await source.waitForRequests(2)
    source.fail()
    #expect(await next.error?.key == .index(2))
    #expect(await pager.loadPrevious().ended().prepend == .end, "nothing before page 1: at once")
  }

  @Test func loadingNextWhileAnAppendRunsAwaitsItAndAsksNothingMore() async {
    let pager = pager()
    async let refreshed = pager.refresh().ended().refresh
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    #expect(await refreshed == .idle)
    let running = pager.loadNext()
    await source.waitForRequests(2)
    // Cancelled before or while it waits: a load this call did not start is not cancelled.
    let waiting = Task { await pager.loadNext().ended() }
    waiting.cancel()
    source.respond(with: page(10..<20))
    await running.ended()
    #expect(await waiting.value.append == .idle, "it waited for the running append")
    #expect(pager.items.count == 20, "the running append was not cancelled")
    #expect(source.requests.count == 2, "nothing else was asked")
  }

  @Test func loadingNextDuringARefreshAwaitsTheRefreshAndStartsNothing() async {
    let pager = pager()
    let refresh = pager.refresh()
    await source.waitForRequests(1)
    let waiting = Task { (await pager.loadNext().ended().append, pager.items.count) }
    await Task.yield()  // it runs before the answer, with the refresh still loading
    source.respond(with: page(0..<10))
    await refresh.ended()
    let (state, count) = await waiting.value
    #expect(state == .idle)
    #expect(count == 10, "it returned after the refresh landed")
    #expect(source.requests.count == 1, "no append was asked")
    #expect(pager.items.count == 10)
  }

  @Test func cancellingTheAwaitingTaskCancelsTheLoad() async {
    let pager = pager()
    let waiting = Task { await pager.refresh(at: .index(3)).ended() }
    await source.waitForRequests(1)
    waiting.cancel()
    _ = await waiting.value
    for _ in 0..<10_000 where pager.loadStates.refresh == .loading { await Task.yield() }
    #expect(pager.loadStates.refresh != .loading, "the refresh ended")
    #expect(pager.loadStates.refresh == .idle)
    source.respond(with: page(20..<30))
    for _ in 0..<5 { await Task.yield() }
    #expect(pager.items.isEmpty, "the cancelled refresh's answer is dropped")
  }
}

/// Lines written from any thread.
final class Lines: @unchecked Sendable {
  // NB: `lock` guards `lines`.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
