import CatenaDataSource
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A sleep a test ends by hand: a debounce that waits on it waits for the test, not a clock.
/// Like `Task.sleep`, a cancelled sleep throws at once.
final class ManualSleeps: @unchecked Sendable {
  // NB: `lock` guards `waiting`, `asked` and `nextID`.
  private let lock = NSLock()
  private var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
  private var asked: [Duration] = []
  private var nextID = 0

  /// What the pager's debounce calls.
  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] duration in
      let id = lock.withLock { () -> Int in
        asked.append(duration)
        nextID += 1
        return nextID
      }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let cancelled = lock.withLock { () -> Bool in
            if Task.isCancelled { return true }
            waiting[id] = continuation
            return false
          }
          if cancelled { continuation.resume(throwing: CancellationError()) }
        }
      } onCancel: {
        lock.withLock { waiting.removeValue(forKey: id) }?.resume(throwing: CancellationError())
      }
    }
  }

  /// The durations asked for so far.
  var durations: [Duration] { lock.withLock { asked } }

  /// Ends every sleep waiting now.
  func wake() {
    for continuation in lock.withLock({ () -> [CheckedContinuation<Void, any Error>] in
      defer { waiting = [:] }
      return Array(waiting.values)
    }) { continuation.resume() }
  }

  /// Waits (bounded, no clock) until `count` sleeps have been asked for.
  func waitForSleeps(_ count: Int) async {
    for _ in 0..<100_000 where lock.withLock({ asked.count }) < count { await Task.yield() }
  }
}

/// Search as you type: one pager whose source changes with the query.
@MainActor
@Suite("Re-keying a pager by a query", .timeLimit(.minutes(10)))
struct RekeyingTests {
  /// One hand-answered source per query.
  final class Queries: @unchecked Sendable {
    // NB: `lock` guards `sources`.
    private let lock = NSLock()
    private var sources: [String: ManualPages<Row>] = [:]

    func pages(_ query: String) -> ManualPages<Row> {
      lock.withLock {
        if let pages = sources[query] { return pages }
        let pages = ManualPages<Row>()
        sources[query] = pages
        return pages
      }
    }

    func source(_ query: String) -> PageSource<Row> { pages(query).source }
  }

  let queries = Queries()

  /// Rows of `query`: ids offset by the query's length, titled with the query.
  func results(_ query: String, _ range: Range<Int>) -> Page<Row> {
    Page(items: range.map { Row(query.count * 100 + $0, "\(query) \($0)") })
  }

  /// A pager of pages of 3 showing the first page of `query`.
  func pager(showing query: String) async -> Pager<Row> {
    let pager = Pager(PagerConfiguration(pageSize: 3), source: queries.source(query))
    let first = pager.refresh()
    await queries.pages(query).waitForRequests(1)
    queries.pages(query).respond(with: results(query, 0..<3))
    await first.ended()
    return pager
  }

  @Test func aNewQueryCancelsTheOldLoadKeepsTheOldRowsAndReplacesThemOnce() async {
    let pager = await pager(showing: "h")
    let more = pager.loadNext()
    await queries.pages("h").waitForRequests(2)

    let search = pager.refresh(from: queries.source("ho"))
    #expect(pager.loadStates.append == .idle, "the old query's load is cancelled")
    #expect(pager.items.map(\.title) == ["h 0", "h 1", "h 2"], "the old rows stay meanwhile")
    #expect(pager.loadStates.refresh == .loading && pager.loadStates.append == .idle)
    #expect(!pager.loadNext().started, "no page of the old query continues")
    // The old query's page answers late: dropped.
    queries.pages("h").respond(with: results("h", 3..<6))
    await more.ended()
    #expect(pager.items.map(\.title) == ["h 0", "h 1", "h 2"])
    await queries.pages("ho").waitForRequests(1)
    queries.pages("ho").respond(with: results("ho", 0..<3))
    await search.ended()
    #expect(pager.items.map(\.title) == ["ho 0", "ho 1", "ho 2"])
    #expect(queries.pages("ho").keys == [.index(1)], "the new query starts at its first page")
    #expect(pager.loadNext().started)
    await queries.pages("ho").waitForRequests(2)
    #expect(queries.pages("ho").keys == [.index(1), .index(2)], "and continues itself")
    pager.cancel()
  }

  @Test func aFailedNewQueryKeepsTheOldRowsAndRetriesTheNewQuery() async {
    let pager = await pager(showing: "a")
    let search = pager.refresh(from: queries.source("ab"))
    await queries.pages("ab").waitForRequests(1)
    queries.pages("ab").fail()
    await search.ended()
    #expect(pager.loadStates.refresh.error != nil)
    #expect(pager.items.map(\.title) == ["a 0", "a 1", "a 2"])
    #expect(pager.loadStates.append == .idle && !pager.loadNext().started, "the old query waits")
    let retry = pager.retry()
    await queries.pages("ab").waitForRequests(2)
    queries.pages("ab").respond(with: results("ab", 0..<1))
    await retry.ended()
    #expect(pager.items.map(\.title) == ["ab 0"])
    #expect(queries.pages("a").requests.count == 1, "the old query was never asked again")
  }

  @Test func aDebouncedChangeWaitsAndANewerOneReplacesIt() async {
    let sleeps = ManualSleeps()
    let pager = Pager(PagerConfiguration(pageSize: 3), source: queries.source(""))
    pager.debounceSleep = sleeps.sleep
    let typed = ["h", "ho", "hou", "hous", "house"].map { query in
      pager.refresh(from: queries.source(query), debounce: .milliseconds(300))
    }
    await sleeps.waitForSleeps(1)
    for _ in 0..<20 { await Task.yield() }
    for query in ["", "h", "ho", "hou", "hous", "house"] {
      #expect(queries.pages(query).requests.isEmpty, "nothing asked while typing: \(query)")
    }
    #expect(sleeps.durations.allSatisfy { $0 == .milliseconds(300) })
    sleeps.wake()
    await queries.pages("house").waitForRequests(1)
    queries.pages("house").respond(with: results("house", 0..<2))
    for change in typed { await change.ended() }
    #expect(pager.items.map(\.title) == ["house 0", "house 1"])
    for query in ["h", "ho", "hou", "hous"] {
      #expect(queries.pages(query).requests.isEmpty, "the replaced query was never asked: \(query)")
    }
  }

  @Test func cancelDropsADebouncedChange() async {
    let sleeps = ManualSleeps()
    let pager = Pager(PagerConfiguration(pageSize: 3), source: queries.source("a"))
    pager.debounceSleep = sleeps.sleep
    let change = pager.refresh(from: queries.source("b"), debounce: .seconds(1))
    await sleeps.waitForSleeps(1)
    pager.cancel()
    sleeps.wake()
    await change.ended()
    #expect(queries.pages("b").requests.isEmpty)
  }

  @Test func cancellingTheTaskThatAwaitsADebouncedChangeDropsIt() async {
    let sleeps = ManualSleeps()
    let pager = await pager(showing: "a")
    pager.debounceSleep = sleeps.sleep
    let change = pager.refresh(from: queries.source("b"), debounce: .seconds(1))
    let waiter = Task { await change.ended() }
    await sleeps.waitForSleeps(1)
    waiter.cancel()  // during the debounce: the change never happens
    _ = await waiter.value
    sleeps.wake()
    #expect(queries.pages("b").requests.isEmpty, "the new query was never asked")
    #expect(pager.items.map(\.title) == ["a 0", "a 1", "a 2"], "the old rows stay")
    #expect(pager.loadStates.refresh == .idle)
  }

  @Test func refreshingFromAQueryReturnsWhenItsFirstPageLanded() async {
    let pager = Pager(PagerConfiguration(pageSize: 3), source: queries.source("a"))
    async let state = pager.refresh(from: queries.source("b")).ended().refresh
    await queries.pages("b").waitForRequests(1)
    queries.pages("b").respond(with: results("b", 0..<2))
    #expect(await state == .idle)
    #expect(pager.items.map(\.title) == ["b 0", "b 1"])
  }

  /// Many queries typed in a row, each answered (or failed) in a random order, late answers
  /// included: the pager ends showing the last query's rows, never an older one's.
  @Test func answersInAnyOrderNeverShowAnOlderQuery() async {
    for seed in UInt64(1)...300 {
      var random = SeededRandom(seed: seed)
      let queries = Queries()
      let pager = Pager(PagerConfiguration(pageSize: 3), source: queries.source("q0"))
      var names = ["q0"]
      pager.refresh()
      for index in 1...(2 + random.below(5)) {
        let name = "q\(index)"
        names.append(name)
        pager.refresh(from: queries.source(name))
        if random.below(3) == 0 { await Task.yield() }
      }
      for name in names { await queries.pages(name).waitForRequests(1) }
      var order = names.indices.map { $0 }
      for index in order.indices.reversed() {
        order.swapAt(index, random.below(index + 1))
      }
      let last = names.count - 1
      for index in order {
        let pages = queries.pages(names[index])
        if index != last, random.below(4) == 0 {
          pages.fail()
        } else {
          pages.respond(with: Page(items: [Row(index, names[index])]))
        }
        for _ in 0..<(random.below(3)) { await Task.yield() }
      }
      for _ in 0..<1_000 where pager.loadStates.refresh.isLoading { await Task.yield() }
      #expect(
        pager.items.map(\.title) == [names[last]], "seed \(seed): \(pager.items.map(\.title))")
      #expect(pager.loadStates.refresh == .idle, "seed \(seed)")
    }
  }
}
