import CatenaPaging
import CatenaRequest
import CatenaTesting
import Testing

/// The rules of the original articles' one-way list, on the one engine: the first page
/// replaces, the next appends, a failure or an empty page changes nothing shown, a late answer
/// is dropped.
@MainActor
@Suite("One-way paging rules")
struct OneWayPagingTests {
  let manual = ManualSource()

  func pager(pageSize: Int = 3, firstPage: Int = 1) -> Pager<Row> {
    Pager(PagerConfiguration(pageSize: pageSize), source: manual.source.firstPage(firstPage))
  }

  /// Answers request number `count - 1` with `items`, and waits for `load`.
  func answer(_ load: PagerLoad?, _ items: [Row], count: Int, page: Int? = nil) async {
    await answer(load, with: Page(items: items), count: count, page: page)
  }

  /// Answers request number `count - 1` with `answer`, and waits for `load`.
  func answer(
    _ load: PagerLoad?, with answer: Page<Row>, count: Int, page: Int? = nil
  ) async {
    await manual.waitForRequests(count)
    manual.respond(page: page, with: answer)
    await load?.ended()
  }

  @Test func aRefreshLoadsTheFirstPageAndAnotherReplacesTheItems() async {
    let pager = pager()
    #expect(pager.loadStates == LoadStates() && pager.loadedPageCount == 0 && !pager.isEmpty)
    let load = pager.refresh()
    #expect(pager.loadStates.refresh == .loading)
    await answer(load, rows(0..<3), count: 1)
    #expect(pager.items == rows(0..<3))
    #expect(pager.loadStates == LoadStates(refresh: .idle, prepend: .end, append: .idle))
    await answer(pager.refresh(), rows(10..<12), count: 2)
    #expect(pager.items == rows(10..<12), "a refresh replaces")
    #expect(pager.loadStates.append == .end, "a short page ends the list")
    #expect(manual.requests.map(\.page) == [1, 1])
  }

  @Test func pagesCanBeCountedFromZero() async {
    let pager = pager(firstPage: 0)
    await answer(pager.refresh(), rows(0..<3), count: 1)
    await answer(pager.loadNext(), rows(3..<5), count: 2)
    #expect(manual.requests.map(\.page) == [0, 1])
    #expect(pager.items == rows(0..<5) && pager.loadStates.append == .end)
  }

  @Test func anEmptyNextPageEndsTheListAndAddsNothing() async {
    let pager = pager()
    await answer(pager.refresh(), rows(0..<3), count: 1)
    await answer(pager.loadNext(), rows(3..<6), count: 2)
    // The list is an exact multiple of the page size: the next page comes back empty.
    await answer(pager.loadNext(), [], count: 3)
    #expect(pager.items == rows(0..<6) && pager.loadedPageCount == 2, "the empty page is not kept")
    #expect(pager.loadStates.append == .end)
    #expect(!pager.loadNext().started, "no more pages: nothing starts")
    #expect(manual.requests.count == 3)
  }

  @Test func aFailedNextPageKeepsWhatShowsAndAsksForTheSamePageAgain() async {
    let pager = pager()
    await answer(pager.refresh(), rows(0..<3), count: 1)
    let next = pager.loadNext()
    await manual.waitForRequests(2)
    manual.fail()
    await next.ended()
    let failure = PageLoadError(.append, key: .index(2), error: RequestError(.transport, "offline"))
    #expect(pager.loadStates.append == .failed(failure))
    #expect(failure.description == "page 2 could not be loaded: offline")
    #expect(pager.items == rows(0..<3))
    await answer(pager.loadNext(), rows(3..<5), count: 3)
    #expect(manual.requests.map(\.page) == [1, 2, 2])
    #expect(pager.items == rows(0..<5))
  }

  @Test func aFailedRefreshKeepsTheItemsShown() async throws {
    let pager = pager()
    await answer(pager.refresh(), rows(0..<3), count: 1)
    await answer(pager.loadNext(), rows(3..<6), count: 2)
    let refresh = pager.refresh()
    await manual.waitForRequests(3)
    manual.fail()
    await refresh.ended()
    #expect(pager.items == rows(0..<6) && pager.loadedPageCount == 2)
    let error = try #require(pager.loadStates.refresh.error)
    #expect(error.direction == .refresh && error.key == .index(1))
    #expect(error.description == "page 1 could not be loaded: offline")
    #expect((error.underlyingError as? RequestError)?.kind == .transport)
  }

  @Test func nothingLoadsNextBeforeTheFirstPage() {
    let pager = pager()
    #expect(!pager.loadNext().started && !pager.loadPrevious().started)
    #expect(manual.requests.isEmpty)
  }

  @Test func aRefreshCancelsARunningNextPageAndDropsItsLateAnswer() async {
    let pager = pager()
    await answer(pager.refresh(), rows(0..<3), count: 1)
    let next = pager.loadNext()
    await manual.waitForRequests(2)
    let refresh = pager.refresh()
    #expect(pager.loadStates.refresh == .loading && pager.loadStates.append == .idle)
    manual.respond(page: 2, with: Page(items: rows(3..<6)))  // late: dropped
    await next.ended()
    #expect(pager.items == rows(0..<3) && pager.loadStates.refresh == .loading)
    await answer(refresh, rows(100..<103), count: 3, page: 1)
    #expect(pager.items == rows(100..<103))
  }

  @Test func aStaleFirstPageIsDropped() async {
    let pager = pager()
    let first = pager.refresh()
    await manual.waitForRequests(1)
    let second = pager.refresh()
    await manual.waitForRequests(2)
    manual.respond(with: Page(items: rows(0..<3)))  // the first refresh's answer, late
    await first.ended()
    #expect(pager.items.isEmpty && pager.loadStates.refresh == .loading)
    manual.respond(with: Page(items: rows(50..<52)))
    await second.ended()
    #expect(pager.items == rows(50..<52))
  }

  @Test func cancelReturnsToWhereTheListWasAndDropsTheAnswer() async {
    let pager = pager()
    await answer(pager.refresh(), rows(0..<3), count: 1)
    let next = pager.loadNext()
    pager.cancel()
    #expect(pager.loadStates == LoadStates(refresh: .idle, prepend: .end, append: .idle))
    await manual.waitForRequests(2)
    manual.respond(with: Page(items: rows(3..<6)))
    await next.ended()
    #expect(pager.items == rows(0..<3), "the cancelled page's answer is dropped")
  }

  @Test func anEmptyFirstPageIsEmptyAndNotBefore() async {
    let pager = pager()
    let load = pager.refresh()
    #expect(!pager.isEmpty, "not while the first page loads")
    await answer(load, [], count: 1)
    #expect(pager.isEmpty && pager.items.isEmpty)
    #expect(pager.loadStates == LoadStates(refresh: .idle, prepend: .end, append: .end))
    let again = pager.refresh()
    #expect(!pager.isEmpty, "not while a refresh runs")
    await answer(again, rows(0..<1), count: 2)
    #expect(!pager.isEmpty)
  }

  @Test func thePageSaysWhetherMoreFollowByItsSizeTotalOrFlag() async {
    let serverSize = pager(pageSize: 3)
    await answer(serverSize.refresh(), [], count: 1)
    #expect(serverSize.loadStates.append == .end, "an empty page")

    let short = pager(pageSize: 3)
    await answer(short.refresh(), with: Page(items: rows(0..<2), pageSize: 2), count: 2)
    #expect(short.loadStates.append == .idle, "a full page of the server's size")

    let byTotal = pager(pageSize: 3)
    await answer(byTotal.refresh(), with: Page(items: rows(0..<3), total: 3), count: 3)
    #expect(byTotal.loadStates.append == .end, "all 3 of 3 received: no empty request")

    let shortOfTotal = pager(pageSize: 3)
    await answer(shortOfTotal.refresh(), with: Page(items: rows(0..<2), total: 9), count: 4)
    #expect(shortOfTotal.loadStates.append == .idle, "a total wins over a short page")

    let byFlag = pager(pageSize: 3)
    await answer(
      byFlag.refresh(), with: Page(items: rows(0..<1), total: 1, hasMore: true), count: 5)
    #expect(byFlag.loadStates.append == .idle, "the flag wins over a short page and a total")
  }

  @Test func aTransformDropsWhatItCannotConvertAndCountsIt() async {
    let raw = PageSource<Int> { page, size in Page(items: Array(0..<size), total: 100) }
    let pager = Pager(
      PagerConfiguration(pageSize: 4), source: raw.compactMap { $0 % 2 == 0 ? Row($0) : nil })
    await pager.refresh().ended()
    #expect(pager.items == [Row(0), Row(2)])
    #expect(pager.unreadableCount == 2)
    #expect(
      pager.loadStates.append == .idle, "4 entries came for a page of 4, though 2 were dropped")
    await pager.refresh().ended()
    #expect(pager.unreadableCount == 2, "counted over the pages in memory, not summed over loads")
  }

  @Test func retryingRunsTheFailedLoadsAndReturnsWhenTheyEnded() async {
    let pager = pager()
    #expect(await pager.retry().ended() == pager.loadStates, "nothing failed: nothing starts")
    #expect(manual.requests.isEmpty)
    await answer(pager.refresh(), rows(0..<3), count: 1)
    let next = pager.loadNext()
    await manual.waitForRequests(2)
    manual.fail()
    await next.ended()
    async let states = pager.retry().ended()
    await manual.waitForRequests(3)
    #expect(manual.requests.map(\.page) == [1, 2, 2])
    manual.respond(with: Page(items: rows(3..<5)))
    #expect(await states == LoadStates(refresh: .idle, prepend: .end, append: .end))
    #expect(pager.items == rows(0..<5))
  }
}
