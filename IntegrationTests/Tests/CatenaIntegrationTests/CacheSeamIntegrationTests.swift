import Catena
import CatenaRequest
import CatenaTesting
import FixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Names the signed-in user as the cache partition; the credential itself is the session
/// cookie the transport's jar sends.
actor CookieSession: CredentialProvider {
  var user: String
  init(_ user: String) { self.user = user }
  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
    AuthorizedRequest(request, cachePartition: user)
  }
  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest { request }
  func refresh() async throws {}
  func signIn(_ user: String) { self.user = user }
}

/// Sets `Accept-Language` to what the box holds now.
struct AcceptLanguage: Interceptor {
  let value: Changing<String>
  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    var adapted = request
    try adapted.headers.set("Accept-Language", value.value)
    return adapted
  }
}

extension CatenaRequest.HTTPResponse {
  /// The body as UTF-8 text.
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A value a test changes while what it drives reads it.
final class Changing<Value: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

extension FeedScreen {
  /// A screen of the signed-in user's messages, opened anew.
  convenience init(messagesOn api: Client) {
    self.init(
      PageSource<House>.request(PageFormat(list: "items"), on: api) { _, _ in
        Get("session/messages")
      } transform: {
        House(json: $0)
      })
  }
}

/// The findings of the cache review that loopback can show, each over real HTTP against the
/// test server, through `URLSessionTransport` and its cookie jar.
@Suite("The cache's seams over real HTTP")
struct CacheSeamIntegrationTests {
  func cached(_ port: Int) -> Client { client(port, cache: HTTPCache()) }

  func signIn(_ user: String, on api: Client) async throws {
    _ = try await Post("session/login").query("user", user).value(on: api)
  }

  @Test func c1ASessionCookieIsACredentialTheCacheSees() async throws {
    try await TestServer.run { port in
      let key = "c1-\(UUID())"
      let api = cached(port)
      let me = Get("session/me", ["k": .string(key)]).json(at: "user")
      try await signIn("A", on: api)
      #expect(try await me.value(on: api) == "A")
      await #expect(throws: RequestError.self, "not kept without a partition") {
        try await me.cache(.cacheOnly).value(on: api)
      }
      try await signIn("B", on: api)
      #expect(try await me.value(on: api) == "B")
      var shown: [JSONValue] = []
      for try await user in me.answers(on: api) { shown.append(user.value) }
      #expect(shown == ["B"])
      #expect(await Attempts.shared.count(key) == 3, "each sent whole: nothing kept")
    }
  }

  @MainActor
  @Test func c1APagerOpenedByAnotherUserNeverShowsTheFirstUsersRows() async throws {
    try await anotherUsersPager(partitioned: false)
  }

  @MainActor
  @Test func c1APagerInAnotherPartitionNeverShowsTheFirstUsersRows() async throws {
    try await anotherUsersPager(partitioned: true)
  }

  /// A signs in and opens their messages; B signs in and opens them again.
  @MainActor
  func anotherUsersPager(partitioned: Bool) async throws {
    try await TestServer.run { @MainActor port in
      let session = CookieSession("A")
      let api = client(
        port, authentication: partitioned ? Authentication(session) : nil, cache: HTTPCache())
      try await signIn("A", on: api)
      let first = FeedScreen(messagesOn: api)
      await first.pager.refresh().ended()
      #expect(first.pager.items.map(\.title) == ["A's message"])
      try await signIn("B", on: api)
      await session.signIn("B")
      let second = FeedScreen(messagesOn: api)
      let refresh = second.pager.refresh()
      #expect(!second.pager.items.contains { $0.title == "A's message" }, "no kept page of A's")
      await refresh.ended()
      #expect(second.pager.items.map(\.title) == ["B's message"])
    }
  }

  @Test func c1AndC7ANamedPartitionKeepsEachUsersOwn() async throws {
    try await TestServer.run { port in
      let key = "c1p-\(UUID())"
      let session = CookieSession("A")
      let api = client(port, authentication: Authentication(session), cache: HTTPCache())
      let me = Get("session/me", ["k": .string(key)]).json(at: "user")
      try await signIn("A", on: api)
      #expect(try await me.value(on: api) == "A")
      #expect(try await me.value(on: api) == "A")
      #expect(await Attempts.shared.count("\(key)-304") == 1, "kept in A's partition")
      try await signIn("B", on: api)
      await session.signIn("B")
      #expect(try await me.value(on: api) == "B")
      var shown: [JSONValue] = []
      for try await user in me.answers(on: api) { shown.append(user.value) }
      #expect(shown == ["B"], "B's kept answer, never A's")
    }
  }

  @Test func c2VaryMatchesTheHeaderAnInterceptorSets() async throws {
    try await TestServer.run { port in
      let key = "c2-\(UUID())"
      let language = Changing("fr")
      let api = client(port, interceptors: [AcceptLanguage(value: language)], cache: HTTPCache())
      let catalogue = Get(
        "rfc", ["k": .string(key), "vary": "Accept-Language", "cc": "max-age=600"])
      let french = try await catalogue.value(on: api)
      #expect(french.text == "n=1 fr")
      language.value = "de"
      let german = try await catalogue.value(on: api)
      #expect(german.text == "n=2 de")
      language.value = "fr"
      let again = try await catalogue.value(on: api)
      #expect(again.text == "n=1 fr")
      #expect(await Attempts.shared.count(key) == 2)
    }
  }

  @Test func c2VaryCookieMatchesTheJarsCookie() async throws {
    try await TestServer.run { port in
      let key = "c2c-\(UUID())"
      let session = CookieSession("A")
      let api = client(port, authentication: Authentication(session), cache: HTTPCache())
      let home = Get("session/home", ["k": .string(key)]).json(at: "user")
      try await signIn("A", on: api)
      #expect(try await home.value(on: api) == "A")
      try await signIn("B", on: api)
      #expect(try await home.value(on: api) == "B", "another cookie: another variant")
      #expect(await Attempts.shared.count(key) == 2)
    }
  }

  @Test func c3TheAppsOwnValidatorsAreTheServersToAnswer() async throws {
    try await TestServer.run { port in
      let key = "c3-\(UUID())"
      let api = cached(port)
      let document = Get("versioned/\(key)")
      #expect(try await document.value(on: api).text == "v1")
      _ = try await Post("versioned-bump/\(key)").value(on: api)
      let conditional = try await document.header("If-None-Match", "\"v2\"")
        .validate(statuses: 200..<400).value(on: api)
      #expect(conditional.status == 304, "not v1 labelled v2")
      #expect(try await document.value(on: api).text == "v2")
      #expect(try await document.value(on: api).text == "v2")
    }
  }

  @Test func c4AGetInFlightDuringAWriteIsNotKept() async throws {
    try await TestServer.run { port in
      let key = "c4-\(UUID())"
      let gate = "c4-gate-\(UUID())"
      let api = cached(port)
      let held = Task {
        try await Get("rfc", ["k": .string(key), "cc": "max-age=60", "gate": .string(gate)])
          .value(on: api).text
      }
      try await turns("the server to have the GET") { await Attempts.shared.count(key) == 1 }
      _ = try await Post("rfc").query("k", key).value(on: api)
      await Gates.shared.open(gate)
      #expect(try await held.value == "n=1")
      let after = try await Get(
        "rfc", ["k": .string(key), "cc": "max-age=60", "gate": .string(gate)]
      ).value(on: api).text
      #expect(after == "n=2", "the answer read before the write was not kept")
    }
  }

  @Test func c4AGetAskedAfterAWriteNeverJoinsOneSentBefore() async throws {
    try await TestServer.run { port in
      let key = "c4j-\(UUID())"
      let gate = "c4j-gate-\(UUID())"
      let api = cached(port)
      let request = Get("rfc", ["k": .string(key), "gate": .string(gate)])
      let before = Task { try await request.value(on: api).text }
      try await turns("the server to have the GET") { await Attempts.shared.count(key) == 1 }
      _ = try await Post("rfc").query("k", key).value(on: api)
      let after = Task { try await request.value(on: api).text }
      try await turns("a transfer of its own") { await Attempts.shared.count(key) == 2 }
      await Gates.shared.open(gate)
      #expect(try await before.value == "n=1")
      #expect(try await after.value == "n=2")
    }
  }

  @MainActor
  @Test func c5ALikeKeptWhileAnOlderReadIsOnItsWayIsNotUndone() async throws {
    try await TestServer.run { @MainActor port in
      let run = "c5-\(UUID())"
      let gate = "c5-gate-\(UUID())"
      let api = cached(port)
      let source = PageSource<House>.request(PageFormat(list: "items"), on: api) { _, _ in
        Get("likes", ["run": .string(run)])
      } transform: {
        House(json: $0)
      }
      let pager = Pager(PagerConfiguration(pageSize: 20), source: source)
      await pager.refresh().ended()
      #expect(pager.items.map(\.title) == ["Post 1", "Post 2", "Post 3"])
      // The screen reloads; the server reads the posts, and its answer is slow.
      await Likes.shared.hold(run, at: gate)
      let reload = pager.refresh()
      try await turns("the reload's read") { await Attempts.shared.count("likes-\(run)") == 2 }
      // The user likes post 1 meanwhile, and the server keeps the like.
      let liked = try #require(House(json: ["id": 1, "title": "Post 1 ♥"]))
      let like = await pager.edit(.update(liked)) {
        _ = try await Post("likes/1").query("run", run).value(on: api)
      }.value
      #expect(like.isApplied)
      await Gates.shared.open(gate)
      await reload.ended()
      #expect(
        pager.items.map(\.title) == ["Post 1 ♥", "Post 2", "Post 3"],
        "the page read before the like does not undo it")
      // Nor is that page kept: a screen opened now shows the like from its first row.
      let screen = Pager(PagerConfiguration(pageSize: 20), source: source)
      await Likes.shared.hold(run, at: nil)
      let opening = screen.refresh()
      #expect(screen.items.first?.title != "Post 1", "no kept page from before the like")
      await opening.ended()
      #expect(screen.items.first?.title == "Post 1 ♥")
    }
  }

  @MainActor
  @Test func c6TheServersPageIsComparedWithThePageShownNotWithTheCacheNow() async throws {
    try await TestServer.run { @MainActor port in
      let run = "c6-\(UUID())"
      let api = cached(port)
      let first = FeedScreen(api, run: run)
      await first.pager.refresh().ended()
      await Feeds.shared.publish(1, in: run)  // the server's feed is now v1, post 1000 on top
      let second = FeedScreen(api, run: run)
      let opening = second.pager.refresh()
      #expect(second.pager.items.first?.id == 0, "the kept v0, in this turn")
      // Before the screen's own request runs, another screen's GET keeps v1: the main actor
      // is held until it has, so the order is certain.
      let kept = Flag()
      let page = Get("feed", ["run": .string(run), "page": .int(1), "size": .int(20)])
      Task.detached {
        if (try? await page.value(on: api)) != nil { kept.set() }
      }
      holdThisThread(until: kept)
      #expect(kept.isSet, "the other screen kept v1 before this screen's request ran")
      await opening.ended()
      #expect(second.pager.items.first?.id == 1000, "the server's v1 replaces the kept v0")
    }
  }

  @Test func c7AQueuedRequestIsNotKeptUnderAPartitionSignedOutMeanwhile() async throws {
    try await TestServer.run { port in
      let key = "c7-\(UUID())"
      let session = CookieSession("A")
      let network = ManualReachability(reachable: false)
      // Two clients of one cache: the app's, and one that waits for the network.
      let cache = HTTPCache()
      let api = client(port, authentication: Authentication(session), cache: cache)
      try await signIn("A", on: api)
      let offline = client(
        port, authentication: Authentication(session), cache: cache, reachability: network)
      let home = Get("session/home", ["k": .string(key)]).json(at: "user")
      let queued = Task { try await home.value(on: offline) }
      try await turns("the request to wait for the network") { network.listenerCount == 1 }
      cache.invalidate(partition: "A")
      try await signIn("B", on: api)
      await session.signIn("B")
      network.isReachable = true
      _ = try await queued.value
      await session.signIn("A")
      try await signIn("A", on: api)
      #expect(try await home.value(on: api) == "A")
      #expect(await Attempts.shared.count(key) == 2, "nothing kept under A from the queue")
    }
  }

  @Test func c8AClientWithAnotherCookieJarSharesNoTransferThoughItSharesTheCache() async throws {
    try await TestServer.run { port in
      let key = "c8-\(UUID())"
      let gate = "c8-gate-\(UUID())"
      // Two sessions alike (no cookies), so only the transport tells the requests apart.
      let jar = { () -> URLSessionTransport in
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        return URLSessionTransport(configuration: configuration)
      }
      let cache = HTTPCache()
      let api = client(port, transport: jar(), cache: cache)
      let guest = client(port, transport: jar(), cache: cache)
      let home = Get("session/home", ["k": .string(key), "gate": .string(gate)]).json(at: "user")
      let first = Task { try await home.value(on: api) }
      let second = Task { try await home.value(on: guest) }
      try await turns("one transfer each") { await Attempts.shared.count(key) == 2 }
      await Gates.shared.open(gate)
      #expect(try await first.value == "nobody")
      #expect(try await second.value == "nobody")
    }
  }

  @Test func aHeaderTheSessionAddsIsACredentialTheCacheSees() async throws {
    try await TestServer.run { port in
      let key = "added-\(UUID())"
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpAdditionalHeaders = ["Authorization": "Bearer A"]
      let api = client(
        port, transport: URLSessionTransport(configuration: configuration), cache: HTTPCache())
      let me = Get("rfc", ["k": .string(key), "cc": "private, max-age=600"])
      _ = try await me.value(on: api)
      _ = try await me.value(on: api)
      #expect(await Attempts.shared.count(key) == 2, "A's answer is not kept without a partition")
    }
  }

  @Test func c9ATemporaryRedirectIsNotKeptInPlaceOfItsTarget() async throws {
    try await TestServer.run { port in
      let key = "c9-\(UUID())"
      let api = cached(port)
      // Fresh for an hour by `Expires`; the same URL as the redirect's `Location`.
      let target = Get("rfc").query("expires", "3600").query("k", key)
      let latest = Get("redirect", ["to": .string("/rfc?expires=3600&k=\(key)")])
      #expect(try await latest.value(on: api).text == "n=1")
      #expect(try await latest.value(on: api).text == "n=2", "the 302 is asked again")
      #expect(try await target.value(on: api).text == "n=2", "kept under the URL that answered")
      _ = try await Delete("rfc").query("expires", "3600").query("k", key).value(on: api)
      #expect(try await target.value(on: api).text == "n=3", "a write to the target drops it")
    }
  }

  @Test func c11AnUnknownMethodAndAStreamedPutDropWhatIsKept() async throws {
    try await TestServer.run { port in
      let key = "c11-\(UUID())"
      let api = cached(port)
      let document = Get("rfc").query("expires", "600").query("k", key)
      #expect(try await document.value(on: api).text == "n=1")
      _ = try await Request(HTTPMethod(rawValue: "PURGE"), "rfc").query("expires", "600")
        .query("k", key).value(on: api)
      #expect(try await document.value(on: api).text == "n=2")
      let streamed = try await Put("rfc").query("expires", "600").query("k", key).stream(on: api)
      streamed.body.cancel()
      #expect(try await document.value(on: api).text == "n=3")
    }
  }

  @Test func c14ACookieSetAndProxyFieldsAreNeverKept() async throws {
    try await TestServer.run { port in
      let key = "c14-\(UUID())"
      // FoundationNetworking's cookie storage ignores a cookie's `Path` (it would send the
      // tracker back, and the cache would rightly keep nothing): no jar here.
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpShouldSetCookies = false
      let api = client(
        port, transport: URLSessionTransport(configuration: configuration), cache: HTTPCache())
      let session = Get("rfc", ["k": .string(key), "cc": "private, max-age=600", "cookie": "1"])
      let first = try await session.value(on: api)
      #expect(first.headers["Set-Cookie"] != nil, "the asker gets the response whole")
      let hit = try await session.value(on: api)
      #expect(await Attempts.shared.count(key) == 1)
      #expect(hit.headers["Set-Cookie"] == nil)
      #expect(hit.headers["Proxy-Authentication-Info"] == nil)
    }
  }
}

/// A flag one thread sets and another reads.
final class Flag: @unchecked Sendable {
  // NB: `lock` guards `value`.
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

/// Blocks the calling thread until `flag` is set, or a minute has passed (then the test's own
/// expectations fail): work on other threads lands before any job of the caller's actor runs.
func holdThisThread(until flag: Flag) {
  let deadline = Date().addingTimeInterval(60)
  while !flag.isSet, Date() < deadline { usleep(1_000) }
}
