import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// Paging by offset, by the server's cursor and by `Link` headers: the same rules as numbered
/// pages, with the next page where the server says.
@MainActor
@Suite("Offset, cursor and Link-header paging")
struct KeyedPagingTests {
  let transport = FixtureTransport()
  var api: Client {
    Client(baseURL: URL(string: "https://api.example.com/v1"), transport: transport)
  }
  let fixture = FixturePages(count: 45) { House(id: $0, title: "House \($0)") }

  /// Loads pages until the pager says no more follow (at most `limit` loads).
  func loadAll(_ list: Pager<House>, limit: Int = 20) async {
    for _ in 0..<limit where list.loadStates.append == .idle { await list.loadNext().ended() }
  }

  func pager(_ source: PageSource<House>, pageSize: Int = 20) -> Pager<House> {
    Pager(PagerConfiguration(pageSize: pageSize), source: source)
  }

  var sentQueries: [String] { transport.requests.map { $0.url.query ?? "" } }

  @Test func anOffsetSourceAsksForTheItemsReceivedSoFar() async {
    fixture.route(on: transport, "houses", paging: .offset(), list: "items", encode: houseJSON)
    let source = PageSource<House>.request(PageFormat(list: "items"), on: api, by: .offset) {
      offset, limit in
      Get("houses", ["offset": .int(offset), "limit": .int(limit)])
    } transform: {
      House(json: $0)
    }
    let list = pager(source)
    await list.refresh().ended()
    await loadAll(list)
    #expect(list.loadedPageCount == 3)
    #expect(list.items.map(\.id) == Array(0..<45))
    #expect(list.loadStates.append == .end)
    #expect(sentQueries == ["limit=20&offset=0", "limit=20&offset=20", "limit=20&offset=40"])
  }

  @Test func aCursorSourceFollowsTheCursorAndEndsWithoutOne() async {
    fixture.route(
      on: transport, "houses", paging: .cursor(next: "meta.next"), list: "data",
      encode: houseJSON)
    let source = PageSource<House>.request(PageFormat(list: "data"), cursor: "meta.next", on: api) {
      cursor, size in
      Get("houses", ["limit": .int(size), "cursor": cursor.map(JSONValue.string) ?? .null])
    } transform: {
      House(json: $0)
    }
    let list = pager(source)
    await list.refresh().ended()
    let second = FixturePages<House>.cursor(forOffset: 20)
    await loadAll(list)
    #expect(list.items.map(\.id) == Array(0..<45))
    #expect(list.loadStates.append == .end)
    let third = FixturePages<House>.cursor(forOffset: 40)
    let cursors = transport.requests.map {
      URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "cursor" }?.value
    }
    #expect(cursors == [nil, second, third], "no request after the page without a cursor")
  }

  @Test func anExactMultipleEndsWithoutAnEmptyRequestWhenTheServerSaysSo() async {
    let exact = FixturePages(count: 40) { House(id: $0, title: "House \($0)") }
    let list = pager(exact.source(.server))
    await list.refresh().ended()
    await loadAll(list)
    #expect(list.items.count == 40 && list.loadStates.append == .end)
    #expect(exact.requests.count == 2, "the second page gave no cursor")
  }

  @Test func aLinkSourceFollowsTheNextLinkWithTheSameHeaders() async throws {
    fixture.route(on: transport, "houses", paging: .link(), list: "", encode: houseJSON)
    let source = PageSource<House>.request(PageFormat(list: ""), nextLink: "next", on: api) {
      size in
      Get("houses", ["per_page": .int(size), "sort": "id"]).header("Accept", "application/json")
    } transform: {
      House(json: $0)
    }
    let list = pager(source)
    await list.refresh().ended()
    await loadAll(list)
    #expect(list.items.map(\.id) == Array(0..<45))
    #expect(list.loadStates.append == .end)
    let sent = transport.requests.map(\.url.absoluteString)
    #expect(
      sent == [
        "https://api.example.com/v1/houses?per_page=20&sort=id",
        "https://api.example.com/v1/houses?per_page=20&sort=id&page=2",
        "https://api.example.com/v1/houses?per_page=20&sort=id&page=3",
      ])
    #expect(transport.requests.allSatisfy { $0.headers["Accept"] == "application/json" })
  }

  @Test func aLinkThatLeavesTheBaseURLFailsItsPageAndIsNotSent() async throws {
    transport.route(
      .get, "houses", json: #"[{"id": 1, "title": "A"}]"#,
      headers: [
        "Content-Type": "application/json",
        "Link": #"<https://evil.example/v1/houses?page=2>; rel="next""#,
      ])
    let source = PageSource<House>.request(PageFormat(list: ""), nextLink: "next", on: api) { _ in
      Get("houses").header("Authorization", "Bearer secret")
    } transform: {
      House(json: $0)
    }
    let list = pager(source, pageSize: 1)
    await list.refresh().ended()
    await list.loadNext().ended()
    let failure = try #require(list.loadStates.append.error)
    let error = try #require(failure.underlyingError as? RequestError)
    #expect(error.kind == .invalidURL)
    #expect(failure.key == .link(URL(string: "https://evil.example/v1/houses?page=2")!))
    #expect(transport.requests.count == 1, "nothing went to the other host")
    #expect(list.items.map(\.id) == [1], "the position is kept")
    list.retry()
    #expect(list.loadStates.append == .loading, "the same link, asked again")
  }

  @Test func aRepeatedCursorEndsTheListAndKeepsThePage() async {
    let pages = ManualPages<House>()
    let list = Pager(PagerConfiguration(pageSize: 2), source: pages.source(.server))
    let first = list.refresh()
    await pages.waitForRequests(1)
    pages.respond(
      with: Page(items: [House(id: 1, title: "A"), House(id: 2, title: "B")], next: .cursor("x")))
    await first.ended()
    let second = list.loadNext()
    await pages.waitForRequests(2)
    // A common server bug: the last page hands back its own cursor.
    pages.respond(with: Page(items: [House(id: 3, title: "C")], next: .cursor("x")))
    await second.ended()
    #expect(list.items.map(\.id) == [1, 2, 3])
    #expect(list.loadStates.append == .end)
    #expect(!list.loadNext().started, "no third request")
    #expect(pages.keys == [nil, .cursor("x")])
    let refreshed = list.refresh()
    await pages.waitForRequests(3)
    pages.respond(with: Page(items: [House(id: 1, title: "A")], next: .cursor("x")))
    await refreshed.ended()
    #expect(list.loadStates.append == .idle, "a refresh starts over")
    list.loadNext()
    await pages.waitForRequests(4)
    #expect(pages.keys == [nil, .cursor("x"), nil, .cursor("x")])
    list.cancel()
  }

  @Test func aShortCursorPageDoesNotEndTheListButAFlagOrATotalDoes() async {
    let pages = ManualPages<House>()
    let list = pager(pages.source(.server))
    let first = list.refresh()
    await pages.waitForRequests(1)
    pages.respond(with: Page(items: [House(id: 1, title: "A")], next: .cursor("a")))
    await first.ended()
    #expect(list.loadStates.append == .idle, "a filtered cursor API sends short pages mid-list")
    let second = list.loadNext()
    await pages.waitForRequests(2)
    pages.respond(
      with: Page(items: [House(id: 2, title: "B")], hasMore: false, next: .cursor("b")))
    await second.ended()
    #expect(list.loadStates.append == .end, "has_more: false wins over a cursor")
    let again = list.refresh()
    await pages.waitForRequests(3)
    pages.respond(with: Page(items: [House(id: 1, title: "A")], total: 1, next: .cursor("a")))
    await again.ended()
    #expect(list.loadStates.append == .end, "all of the total arrived")
  }

  @Test func aFailedCursorPageKeepsItsCursorForTheRetry() async throws {
    let flaky = FixturePages(count: 45) { House(id: $0, title: "House \($0)") }
      .failing(pages: [2])
    let list = pager(flaky.source(.server))
    await list.refresh().ended()
    await list.loadNext().ended()
    let failure = try #require(list.loadStates.append.error)
    let cursor = PageKey.cursor(FixturePages<House>.cursor(forOffset: 20))
    #expect(failure.direction == .append && failure.key == cursor)
    #expect(list.items.count == 20)
    await list.loadNext().ended()
    #expect(list.items.map(\.id) == Array(0..<40))
  }

  @Test func anUnknownCursorIsATypedFailure() async throws {
    fixture.route(on: transport, "houses", paging: .cursor(), encode: houseJSON)
    let error = await #expect(throws: RequestError.self) {
      try await Get("houses").query("cursor", "forged").json().value(on: api)
    }
    #expect(error?.status == 400)
  }
}
