import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A client is given whole when it is made (its cache, monitors and reachability too) and does
/// not change afterwards (an app cannot set a client's setting: `RefusedTests`), so a page
/// source sends with every setting of the client it was made from.
@MainActor
@Suite("A client configured once, in its init")
struct ClientConfigurationTests {
  let transport = FixtureTransport()
    .route(
      .get, "rows", json: #"{"items": [{"id": 1}]}"#,
      headers: ["Content-Type": "application/json", "Cache-Control": "max-age=60"])

  @Test func aClientMadeWithItsCacheAndMonitorsReachesItsPageSources() async throws {
    let log = Events()
    let cache = HTTPCache()
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: transport, monitors: [log],
      cache: cache, reachability: nil)
    let pager = Pager(source: rows(on: api))
    await pager.refresh().ended()
    #expect(log.kinds.contains(.cacheMiss), "the monitors saw the cache asked")
    #expect(cache.byteCount > 0, "the page is kept")
  }

}

extension ClientConfigurationTests {
  @Test func theAppsOwnTagOnThePageRequestDropsTheListsKeptPages() async throws {
    let cache = HTTPCache()
    let log = Events()
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: transport, monitors: [log],
      cache: cache)
    let source = PageSource<Row>.request(PageFormat(list: "items"), on: api) { page, size in
      Get("rows", ["page": .int(page), "size": .int(size)]).cacheTag("inbox")
    } transform: { json in
      json["id"].int.map { Row($0, nil) }
    }
    let first = Pager(source: source)
    await first.refresh().ended()
    #expect(cache.byteCount > 0, "the first page is kept: \(log.kinds)")
    // A change made outside the pager's edits (another screen's post) drops them by the tag.
    cache.invalidate(tag: "inbox")
    #expect(cache.byteCount == 0)
    // A list opened again shows no kept rows in the refresh's turn (with them, it would).
    let reopened = Pager(source: source)
    let load = reopened.refresh()
    #expect(reopened.items.isEmpty, "no kept rows")
    await load.ended()
    #expect(reopened.items.map(\.id) == [1], "the server's page")
  }

  @Test func aRequestSourceIsOfflineWhenItsClientsReachabilitySaysSo() async throws {
    let network = ManualReachability(reachable: false)
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: transport,
      reachability: network)
    let pager = Pager(source: rows(on: api))
    #expect(pager.loadStates.isOffline, "one setting, the client's: offline at once")
    #expect(pager.rows().first?.status == .offline)
    #expect("\(pager.loadStates)".hasSuffix("· offline"))
    network.isReachable = true
    try await turns("the pager to hear the network back") { !pager.loadStates.isOffline }
  }

  @Test func aSourceThatSendsThroughNoClientIsNeverOffline() {
    let pager = Pager(source: FixturePages(count: 3) { Row($0) }.source)
    #expect(!pager.loadStates.isOffline)
  }
}

/// The kinds of events a client's monitor saw.
final class Events: RequestMonitor, @unchecked Sendable {
  // NB: `lock` guards `seen`.
  private let lock = NSLock()
  private var seen: [RequestEvent.Kind] = []
  func record(_ event: RequestEvent) { lock.withLock { seen.append(event.kind) } }
  var kinds: [RequestEvent.Kind] { lock.withLock { seen } }
}

/// A server that gives the next page's number in the body (`"next": 3`, null on the last).
@MainActor
@Suite("A page format with the next page's number")
struct NextPageNumberTests {
  @Test func theNextNumberIsFollowedAndNullEndsTheList() async throws {
    let transport = FixtureTransport()
      .route(.get, "rows") { request in
        let page =
          URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
          .first { $0.name == "page" }?.value ?? "1"
        // Page 1 says 3 comes next (2 is skipped); page 3 is the last.
        let body =
          page == "1"
          ? #"{"items": [{"id": 1}, {"id": 2}], "next": 3}"#
          : #"{"items": [{"id": 3}], "next": null}"#
        return HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
      }
    let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let source = PageSource<Row>.request(PageFormat(list: "items", nextPage: "next"), on: api) {
      page, size in
      Get("rows", ["page": .int(page), "size": .int(size)])
    } transform: { json in
      json["id"].int.map { Row($0, nil) }
    }
    let pager = Pager(PagerConfiguration(pageSize: 2), source: source)
    await pager.refresh().ended()
    #expect(await pager.loadNext().ended().append == .end, "null: the list ends")
    #expect(pager.items.map(\.id) == [1, 2, 3])
    let pages = transport.requests.compactMap {
      URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "page" }?.value
    }
    #expect(pages == ["1", "3"], "the server's number, not page 2")
  }
}
