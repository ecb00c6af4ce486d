import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// Pages of rows from `GET rows` on `transport`, through a client with a memory cache.
func cachedRows(on transport: FixtureTransport) -> PageSource<Row> {
  var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
  api.cache = HTTPCache()
  return rows(on: api)
}

/// Pages of rows from `GET rows` through `api`.
func rows(on api: Client) -> PageSource<Row> {
  PageSource<Row>.request(PageFormat(list: "items"), on: api) { page, size in
    Get("rows", ["page": .int(page), "size": .int(size)])
  } transform: { json in
    json["id"].int.map { Row($0, json["title"].string) }
  }
}

@MainActor
@Suite("Instant lists on a request source: the kept page in the same turn")
struct KeptPageTests {
  @Test func aListOpenedAgainShowsItsKeptRowsInTheSameTurnWithNoLoadRow() async throws {
    let kept: HTTPHeaders = [
      "Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": "\"1\"",
    ]
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}, {"id": 2}]}"#, headers: kept)
    let source = cachedRows(on: transport)
    let first = Pager(source: source)
    await first.refresh().ended()
    #expect(first.items.count == 2)
    let table = HeadlessTable(viewportHeight: 440)
    let pager = Pager(source: source)
    let (dataSource, _) = bindRows(pager, on: table)
    table.clearEvents()
    let applied = Applied()
    pager.log = PagerLog { entry in
      if case .applied(let inserted, let deleted, let moved, let updated, _, _) = entry {
        applied.append([inserted, deleted, moved, updated])
      }
    }
    let refresh = pager.refresh()
    // No await since: the kept rows are on the table already, and no load row came first.
    #expect(applied.all.first == [2, 0, 0, 0], "the two rows first, no load row before them")
    #expect(pager.items.map(\.id) == [1, 2])
    #expect(dataSource.snapshot?.allItems.compactMap(\.item?.id) == [1, 2])
    #expect(dataSource.snapshot?.allItems.compactMap(\.status) == [.end], "no load row")
    #expect(
      table.events.first == .reloadData,
      "the kept rows are the table's first content: shown at once, not animated in")
    #expect(pager.loadStates.refresh == .loading, "the server is still asked")
    await refresh.ended()
    #expect(transport.requests.count == 2)
    #expect(pager.loadStates.refresh == .idle)
  }

  @Test func aLinkPagedListOpenedAgainShowsItsKeptPagesInTheSameTurn() async throws {
    let headers: HTTPHeaders = [
      "Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": "\"1\"",
      "Link": #"<https://api.example.com/rows?page=2>; rel="next""#,
    ]
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"[{"id": 1}, {"id": 2}]"#, headers: headers)
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: transport, cache: HTTPCache())
    let source = PageSource<Row>.request(PageFormat(list: ""), nextLink: "next", on: api) {
      _ in
      Get("rows")
    } transform: { json in
      json["id"].int.map { Row($0, nil) }
    }
    let first = Pager(source: source)
    await first.refresh().ended()
    #expect(first.items.map(\.id) == [1, 2])
    let pager = Pager(source: source)
    let refresh = pager.refresh()
    #expect(pager.items.map(\.id) == [1, 2], "kept, shown in the same turn as refresh()")
    #expect(pager.loadStates.refresh == .loading, "the server is still asked")
    await refresh.ended()
    #expect(transport.requests.count == 2)
    #expect(transport.requests.last?.headers["If-None-Match"] == "\"1\"")
    #expect(pager.loadStates.append == .idle, "the kept page's link is followed")
  }

  @Test func withNothingKeptTheServersPageComesLater() async throws {
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}]}"#)
    let pager = Pager(source: cachedRows(on: transport))
    pager.refresh()
    #expect(pager.items.isEmpty, "nothing kept: the server's page comes later")
    try await turns("the server's page") { pager.items.count == 1 }
  }

  @Test func theKeptRowsSayHowOldTheyAreUntilTheServerConfirmsThem() async throws {
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}, {"id": 2}]}"#, headers: Self.revalidated)
    let clock = DateBox()
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    api.cache = HTTPCache(now: { clock.now })
    let first = Pager(source: rows(on: api))
    await first.refresh().ended()
    #expect(first.items.count > 0)
    clock.now += 90
    let pager = Pager(source: rows(on: api))
    let opened = ContinuousClock.now
    pager.now = { opened }
    let refresh = pager.refresh()
    #expect(pager.items.map(\.id) == [1, 2], "in the same turn")
    #expect(pager.keptAge(of: 1) == .seconds(90), "kept 90 s ago, as the cache counts")
    await refresh.ended()
    #expect(pager.keptAge(of: 1) == nil, "the server sent the same page: confirmed")
  }

  @Test func aSignedInListOpensInTheSameTurnWhenItsProviderAnswersAtOnce() async throws {
    let session = LockedSession(user: "A")
    let (api, first) = await Self.signedIn(session)
    #expect(first.items.count > 0)
    let again = Pager(source: rows(on: api))
    again.refresh()
    #expect(again.items.map(\.title) == ["A"], "A's kept rows, in the same turn")
    session.user = "B"
    let other = Pager(source: rows(on: api))
    let refresh = other.refresh()
    #expect(other.items.isEmpty, "nothing kept in B's partition, and never A's rows")
    await refresh.ended()
    #expect(other.items.map(\.title) == ["B"])
  }

  @Test func aProviderThatMustBeAwaitedGivesTheKeptRowsAsTheFirstAnswer() async throws {
    let (api, first) = await Self.signedIn(AwaitedSession())
    #expect(first.items.count > 0)
    let again = Pager(source: rows(on: api))
    again.refresh()
    #expect(again.items.isEmpty, "the partition is not known in this turn")
    try await turns("A's kept rows") { again.items.map(\.title) == ["A"] }
  }

  /// A client with a memory cache, signed in by `session`, and a list it loaded first.
  static func signedIn(_ session: any CredentialProvider) async -> (Client, Pager<Row>) {
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: perUser())
    api.cache = HTTPCache()
    api.authentication = Authentication(session)
    let first = Pager(source: rows(on: api))
    await first.refresh().ended()
    return (api, first)
  }

  nonisolated static let revalidated: HTTPHeaders = [
    "Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": "\"1\"",
  ]

  /// Rows that name the user the request is signed for.
  nonisolated static func perUser() -> FixtureTransport {
    FixtureTransport().route(.get, "rows") { request in
      let user = request.headers["Authorization"]?.replacingOccurrences(of: "Bearer ", with: "")
      let json = #"{"items": [{"id": 1, "title": "\#(user ?? "nobody")"}]}"#
      return HTTPResponse(
        status: 200, headers: revalidated, body: Data(json.utf8), url: request.url)
    }
  }
}

/// A time the test moves by hand.
final class DateBox: @unchecked Sendable {
  private let lock = NSLock()
  private var date = Date(timeIntervalSince1970: 1_800_000_000)
  var now: Date {
    get { lock.withLock { date } }
    set { lock.withLock { date = newValue } }
  }
}

/// A session that signs requests at once, under a lock.
final class LockedSession: CredentialProvider, @unchecked Sendable {
  private let lock = NSLock()
  private var current: String  // guarded by `lock`

  init(user: String) { current = user }

  var user: String {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }

  func authorizedNow(_ request: HTTPRequest) -> AuthorizedRequest? { signed(request) }

  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest { signed(request) }

  private func signed(_ request: HTTPRequest) -> AuthorizedRequest {
    var signed = request
    let user = self.user
    try? signed.headers.set("Authorization", "Bearer \(user)")
    return AuthorizedRequest(signed, cachePartition: user)
  }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    try await authorized(request).request
  }

  func refresh() async throws {}
}

/// A session that must be awaited (an actor): it gives no credential at once.
actor AwaitedSession: CredentialProvider {
  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
    var signed = request
    try signed.headers.set("Authorization", "Bearer A")
    return AuthorizedRequest(signed, cachePartition: "A")
  }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    try await authorized(request).request
  }

  func refresh() async throws {}
}
