import CatenaPaging
import CatenaRequest
import Testing

/// Collects a list's events synchronously, in order, through a stream drained by a task.
@MainActor
final class EventLog {
  var events: [PagingEvent] = []
  private var task: Task<Void, Never>?

  init(_ list: PagedList<Row>) {
    let stream = list.events()
    task = Task { @MainActor [weak self] in
      for await event in stream { self?.events.append(event) }
    }
  }

  /// The events so far, after letting the stream deliver what is queued.
  func drained() async -> [PagingEvent] {
    for _ in 0..<50 { await Task.yield() }
    return events
  }
}

@MainActor
@Suite("Paged list rules")
struct PagedListRuleTests {
  let manual = ManualSource()

  func list(pageSize: Int = 3, firstPage: Int = 1, strategy: HasMoreStrategy = .shorterThanPageSize)
    -> PagedList<Row>
  {
    PagedList(pageSize: pageSize, firstPage: firstPage, strategy: strategy, source: manual.source)
  }

  /// Starts `load`, answers its request with `items`, and waits for the list to take it in.
  func answer(_ load: Task<Void, Never>?, _ items: [Row], count: Int, page: Int? = nil) async {
    await manual.waitForRequests(count)
    manual.respond(page: page, with: Page(items: items))
    await load?.value
  }

  @Test func refreshLoadsTheFirstPageAndReplacesTheItems() async {
    let list = list()
    let log = EventLog(list)
    #expect(list.state == .idle && list.lastStatus == .noExecute && list.currentPage == nil)
    let load = list.refresh()
    #expect(list.state == .loadingFirstPage && list.lastStatus == .onGoing)
    #expect(list.currentPage == 1)
    await answer(load, rows(0..<3), count: 1)
    #expect(list.items == rows(0..<3))
    #expect(list.state == .loaded(hasMore: true) && list.lastStatus == .success)
    #expect(list.currentPage == 1 && list.lastLoadedPage == 1)
    #expect(
      await log.drained() == [
        .started(isFirstPage: true), .contentChanged, .headerEnded(hasMore: true),
      ])

    await answer(list.refresh(), rows(10..<12), count: 2)
    #expect(list.items == rows(10..<12), "a refresh replaces")
    #expect(list.state == .loaded(hasMore: false))
    #expect(manual.requests.map(\.page) == [1, 1])
  }

  @Test func nextPageAppendsAndMovesThePageIndex() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let next = list.loadNextPage()
    #expect(list.state == .loadingNextPage && list.currentPage == 2)
    await answer(next, rows(3..<6), count: 2)
    #expect(list.items == rows(0..<6))
    #expect(list.currentPage == 2)
    #expect(manual.requests.map(\.page) == [1, 2] && manual.requests.allSatisfy { $0.size == 3 })
  }

  @Test func pagesCanBeCountedFromZero() async {
    let list = list(firstPage: 0)
    await answer(list.refresh(), rows(0..<3), count: 1)
    await answer(list.loadNextPage(), rows(3..<5), count: 2)
    #expect(manual.requests.map(\.page) == [0, 1])
    #expect(list.lastLoadedPage == 1 && list.state == .loaded(hasMore: false))
  }

  @Test func aShortPageEndsTheListAndAnEmptyOneRollsBack() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    await answer(list.loadNextPage(), rows(3..<6), count: 2)
    // The list is an exact multiple of the page size: the next page comes back empty.
    await answer(list.loadNextPage(), [], count: 3)
    #expect(list.currentPage == 2, "the empty page is not counted")
    #expect(list.state == .loaded(hasMore: false) && list.lastStatus == .noData)
    #expect(list.loadNextPage() == nil, "no more pages: nothing starts")
    #expect(manual.requests.count == 3)
  }

  @Test func aFailedNextPageRollsBackAndCanBeRetried() async {
    let list = list()
    let log = EventLog(list)
    await answer(list.refresh(), rows(0..<3), count: 1)
    let next = list.loadNextPage()
    #expect(list.currentPage == 2)
    await manual.waitForRequests(2)
    manual.fail()
    await next?.value
    let failure = PageLoadError(
      page: 2, key: .index(2), isFirstPage: false, error: RequestError(.transport, "offline"))
    #expect(list.state == .failed(failure) && list.lastStatus == .networkFailure)
    #expect(list.currentPage == 1 && list.items == rows(0..<3))
    #expect(await log.drained().last == .failed(failure))
    await answer(list.loadNextPage(), rows(3..<5), count: 3)
    #expect(manual.requests.map(\.page) == [1, 2, 2])
    #expect(list.items == rows(0..<5) && list.currentPage == 2)
  }

  @Test func aFailedFirstPageKeepsTheItemsShown() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    await answer(list.loadNextPage(), rows(3..<6), count: 2)
    let refresh = list.refresh()
    await manual.waitForRequests(3)
    manual.fail()
    await refresh?.value
    #expect(list.items == rows(0..<6))
    #expect(list.currentPage == 2, "the pages shown are still the pages shown")
    guard case .failed(let error) = list.state else {
      Issue.record("expected a failure, got \(list.state)")
      return
    }
    #expect(error.isFirstPage && error.page == 1)
    #expect((error.underlyingError as? RequestError)?.kind == .transport)
  }

  @Test func aSecondNextPageWhileOneRunsIsANoOp() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let next = list.loadNextPage()
    #expect(list.loadNextPage() == nil)
    #expect(list.loadNextPage() == nil)
    await answer(next, rows(3..<6), count: 2)
    #expect(manual.requests.map(\.page) == [1, 2], "no duplicate request")
    #expect(list.items == rows(0..<6), "no duplicate items")
  }

  @Test func nothingLoadsNextBeforeTheFirstPage() {
    let list = list()
    #expect(list.loadNextPage() == nil)
    #expect(!list.canLoadNextPage)
  }

  @Test func refreshCancelsARunningNextPageAndDropsItsLateResponse() async {
    let list = list()
    let log = EventLog(list)
    await answer(list.refresh(), rows(0..<3), count: 1)
    let next = list.loadNextPage()
    await manual.waitForRequests(2)
    let refresh = list.refresh()
    #expect(next?.isCancelled == true)
    #expect(list.state == .loadingFirstPage && list.currentPage == 1)
    manual.respond(page: 2, with: Page(items: rows(3..<6)))  // late: dropped
    await next?.value
    #expect(list.items == rows(0..<3) && list.state == .loadingFirstPage)
    await answer(refresh, rows(100..<103), count: 3, page: 1)
    #expect(list.items == rows(100..<103))
    #expect(
      await log.drained() == [
        .started(isFirstPage: true), .contentChanged, .headerEnded(hasMore: true),
        .started(isFirstPage: false),
        .footerEnded(hasMore: true),  // the abandoned next page's footer stops
        .started(isFirstPage: true), .contentChanged, .headerEnded(hasMore: true),
      ])
  }

  @Test func aStaleFirstPageIsDropped() async {
    let list = list()
    let first = list.refresh()
    await manual.waitForRequests(1)
    let second = list.refresh()
    await manual.waitForRequests(2)
    manual.respond(with: Page(items: rows(0..<3)))  // the first refresh's answer, late
    await first?.value
    #expect(list.items.isEmpty && list.state == .loadingFirstPage)
    manual.respond(with: Page(items: rows(50..<52)))
    await second?.value
    #expect(list.items == rows(50..<52))
  }

  @Test func cancelReturnsToWhereTheListWas() async {
    let list = list()
    await answer(list.refresh(), rows(0..<3), count: 1)
    let next = list.loadNextPage()
    list.cancel()
    #expect(list.state == .loaded(hasMore: true) && list.lastStatus == .canceled)
    #expect(list.currentPage == 1)
    await manual.waitForRequests(2)
    manual.respond(with: Page(items: rows(3..<6)))
    await next?.value
    #expect(list.items == rows(0..<3), "the cancelled page's answer is dropped")
  }

  @Test func pausedListsStartNothing() async {
    let list = list()
    list.pause()
    #expect(list.refresh() == nil && list.lastStatus == .paused)
    list.resume()
    await answer(list.refresh(), rows(0..<3), count: 1)
    list.pause()
    #expect(list.loadNextPage() == nil && list.lastStatus == .paused)
    #expect(!list.canLoadNextPage)
    list.resume()
    #expect(list.canLoadNextPage)
  }

  @Test func anEmptyFirstPageIsTheEmptyState() async {
    let list = list()
    let log = EventLog(list)
    await answer(list.refresh(), [], count: 1)
    #expect(list.state == .empty && list.lastStatus == .noData && !list.hasMore)
    #expect(
      await log.drained() == [
        .started(isFirstPage: true), .contentChanged, .headerEnded(hasMore: false),
      ])
  }

  @Test func hooksRunBeforePagesAreShownAndAfterEveryLoad() async {
    let list = list()
    var seen: [String] = []
    list.beforeFirstPage { page in
      seen.append("first \(page.items.count), shown \(list.items.count)")
    }
    .beforeNextPage { page in seen.append("next \(page.items.count), shown \(list.items.count)") }
    .loadCompletion { status in seen.append("done \(status.rawValue)") }
    await answer(list.refresh(), rows(0..<3), count: 1)
    await answer(list.loadNextPage(), rows(3..<5), count: 2)
    let failing = list.refresh()
    await manual.waitForRequests(3)
    manual.fail()
    await failing?.value
    #expect(
      seen == [
        "first 3, shown 0", "done success", "next 2, shown 3", "done success",
        "done networkFailure",
      ])
  }

  @Test func theServersPageSizeAndTotalAndFlagDecideWhetherMoreFollow() async {
    let bySize = list(pageSize: 3)
    await answer(bySize.refresh(), [], count: 1)
    manual.respond(with: Page(items: []))
    #expect(bySize.hasMore == false)

    let serverSize = list(pageSize: 3)
    let load = serverSize.refresh()
    await manual.waitForRequests(2)
    manual.respond(with: Page(items: rows(0..<2), pageSize: 2))
    await load?.value
    #expect(serverSize.hasMore, "a full page of the server's size")

    let byTotal = list(pageSize: 3, strategy: .totalCount(at: "Data.Total"))
    let total = byTotal.refresh()
    await manual.waitForRequests(3)
    manual.respond(with: Page(items: rows(0..<3), total: 3))
    await total?.value
    #expect(!byTotal.hasMore, "all 3 of 3 received")

    let byFlag = list(pageSize: 3, strategy: .flag(at: "Data.More"))
    let flag = byFlag.refresh()
    await manual.waitForRequests(4)
    manual.respond(with: Page(items: rows(0..<1), hasMore: true))
    await flag?.value
    #expect(byFlag.hasMore, "the flag wins over a short page")
  }

  @Test func aTransformDropsWhatItCannotConvertAndCountsIt() async throws {
    let raw = PageSource<Int> { page, size in Page(items: Array(0..<size), total: 100) }
    let list = PagedList(
      pageSize: 4, source: raw.compactMap { $0 % 2 == 0 ? Row($0) : nil })
    await list.refresh()?.value
    #expect(list.items == [Row(0), Row(2)])
    #expect(list.droppedCount == 2)
    #expect(list.hasMore, "4 entries came for a page of 4, though 2 were dropped")
  }

  @Test func eventStreamsEachGetEveryEventAndEndWithTheList() async {
    var list: PagedList<Row>? = self.list()
    let streams = [list!.events(), list!.events()]
    let load = list!.refresh()
    await manual.waitForRequests(1)
    manual.respond(with: Page(items: rows(0..<1)))
    await load?.value
    list = nil
    for stream in streams {
      var received: [PagingEvent] = []
      for await event in stream { received.append(event) }
      #expect(
        received == [.started(isFirstPage: true), .contentChanged, .headerEnded(hasMore: false)])
    }
  }
}
