import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// C3, C8, C9, C14, C28: what a 304 may update, what is kept of a response, which requests
/// share a transfer, and where a redirected response is kept.
@Suite("304s, kept fields, shared transfers and redirects")
struct ValidationAndSharingTests {
  let log = EventLog()

  func client(_ transport: any Transport, off: Set<CacheRule> = []) -> Client {
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    api.cache = HTTPCache()
    api.cache?.rulesOff = off
    api.monitors = [log]
    return api
  }

  @Test func theAppsOwnValidatorsGoToTheServerAsTheyAre() async throws {
    try await theAppsOwnValidatorsGoToTheServerAsTheyAreScenario(off: [])
  }

  func theAppsOwnValidatorsGoToTheServerAsTheyAreScenario(off: Set<CacheRule>) async throws {
    let server = SeamTransport { request in
      if request.headers["If-None-Match"] == "\"v2\"" {
        return HTTPResponse(status: 304, headers: ["ETag": "\"v2\""], url: request.url)
      }
      return HTTPResponse(
        status: 200, headers: ["ETag": "\"v1\"", "Last-Modified": "Mon, 02 Jan 2023 00:00:00 GMT"],
        body: Data("v1".utf8), url: request.url)
    }
    let api = client(server, off: off)
    _ = try await Get("doc").value(on: api)
    let answer = try await Get("doc").header("If-None-Match", "\"v2\"")
      .validate(statuses: 200..<400).value(on: api)
    #expect(answer.status == 304, "the app's condition is the server's to answer")
    #expect(server.requests.last?.headers["If-Modified-Since"] == nil)
    #expect(log.count(.notStored(.conditionalRequest)) == 1)
  }

  @Test func a304ForAnotherVersionIsNotMergedIntoTheOneKept() async throws {
    try await a304ForAnotherVersionIsNotMergedIntoTheOneKeptScenario(off: [])
  }

  func a304ForAnotherVersionIsNotMergedIntoTheOneKeptScenario(off: Set<CacheRule>) async throws {
    let version = Box(1)
    let server = SeamTransport { request in
      let current = "\"v\(version.value)\""
      // A server that answers any validator with its current version's 304.
      if request.headers["If-None-Match"] != nil {
        return HTTPResponse(status: 304, headers: ["ETag": current], url: request.url)
      }
      return HTTPResponse(
        status: 200, headers: ["ETag": current, "Cache-Control": "no-cache"],
        body: Data("v\(version.value)".utf8), url: request.url)
    }
    let api = client(server, off: off)
    #expect(try await Get("doc").value(on: api).text == "v1")
    version.value = 2
    #expect(try await Get("doc").value(on: api).text == "v2", "not v1 labelled v2")
    #expect(server.requests.map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", nil])
    #expect(try await Get("doc").value(on: api).text == "v2")
    #expect(log.count(.revalidated) == 1)
  }

  @Test func aServerThatAnswers304ForeverIsAskedOnceMoreUnconditionallyThenTheAskerIsTold()
    async throws
  {
    let server = SeamTransport { request in
      // The first answer is kept; from then on, a 304 for another version, even unasked.
      if request.headers["X-Seen"] == nil, request.url.query == nil {
        return HTTPResponse(
          status: 200, headers: ["ETag": "\"v1\""], body: Data("v1".utf8), url: request.url)
      }
      return HTTPResponse(status: 304, headers: ["ETag": "\"v9\""], url: request.url)
    }
    let api = client(server)
    _ = try await Get("doc").value(on: api)
    await #expect(throws: RequestError.self) {
      try await Get("doc").header("X-Seen", "1").value(on: api)
    }
    #expect(server.requests.count == 3, "the kept one, its revalidation, one unconditional resend")
    #expect(server.requests.last?.headers["If-None-Match"] == nil)
    #expect(api.keptValue(of: Get("doc")) == nil, "the version the 304s deny is dropped")
  }

  @Test func cookiesProxyAndHopByHopFieldsAreNeverKept() async throws {
    let server = SeamTransport { request in
      if request.headers["If-None-Match"] != nil {
        return HTTPResponse(
          status: 304, headers: ["ETag": "\"1\"", "Set-Cookie": "sid=NEW", "Keep-Alive": "5"],
          url: request.url)
      }
      return HTTPResponse(
        status: 200,
        headers: [
          "Cache-Control": "private, max-age=60", "ETag": "\"1\"", "Set-Cookie": "sid=SECRET",
          "Connection": "X-Hop", "X-Hop": "1", "Proxy-Authentication-Info": "p",
          "Content-Type": "text/plain",
        ], body: Data("body".utf8), url: request.url)
    }
    let clock = Box(Date(timeIntervalSince1970: 1_800_000_000))
    var api = client(server)
    api.cache = HTTPCache(now: { clock.value })
    let first = try await Get("session").value(on: api)
    #expect(first.headers["Set-Cookie"] == "sid=SECRET", "the asker gets the response whole")
    let hit = try await Get("session").value(on: api)
    #expect(server.requests.count == 1)
    for name in ["Set-Cookie", "Connection", "X-Hop", "Proxy-Authentication-Info"] {
      #expect(hit.headers[name] == nil, "\(name) is not kept")
    }
    #expect(hit.headers["Content-Type"] == "text/plain")
    clock.value += 120
    let revalidated = try await Get("session").value(on: api)
    #expect(server.requests.count == 2)
    #expect(revalidated.headers["Set-Cookie"] == nil && revalidated.headers["Keep-Alive"] == nil)
  }

  @Test func aCopyWithAnotherTransportSharesNoTransfer() async throws {
    try await aCopyWithAnotherTransportSharesNoTransferScenario(off: [])
  }

  func aCopyWithAnotherTransportSharesNoTransferScenario(off: Set<CacheRule>) async throws {
    let signedIn = HeldTransport()
    let guestTransport = HeldTransport()
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: signedIn)
    api.cache = HTTPCache()
    api.cache?.rulesOff = off
    let guest = {
      var guest = api
      guest.transport = guestTransport
      return guest
    }()
    defer {
      signedIn.answer(.failure(CancellationError()))
      guestTransport.answer(.failure(CancellationError()))
    }
    let home = Task { [api] in try await Get("home").value(on: api).text }
    let guestHome = Task { try await Get("home").value(on: guest).text }
    try await turns("one transfer each") { signedIn.waiting == 1 && guestTransport.waiting == 1 }
    signedIn.answer(.success(HTTPResponse(status: 200, body: Data("signed in".utf8))))
    guestTransport.answer(.success(HTTPResponse(status: 200, body: Data("guest".utf8))))
    #expect(try await home.value == "signed in")
    #expect(try await guestHome.value == "guest")
  }

  @Test func headersSetInAnotherOrderShareATransfer() async throws {
    let transport = HeldTransport()
    let api = {
      var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
      api.monitors = [log]
      return api
    }()
    let first = Task {
      try await Get("feed").header("Accept", "a/b").header("X-Trace", "1").value(on: api).text
    }
    let second = Task {
      try await Get("feed").header("x-trace", "1").header("Accept", "a/b").value(on: api).text
    }
    try await turns("the second to join") { log.count(.shared) == 1 && transport.waiting == 1 }
    transport.answer(.success(HTTPResponse(status: 200, body: Data("one".utf8))))
    #expect(try await first.value == "one")
    #expect(try await second.value == "one")
    var lhs = HTTPHeaders()
    try lhs.set("A", "1")
    try lhs.set("B", "2")
    var rhs = HTTPHeaders()
    try rhs.set("b", "2")
    try rhs.set("a", "1")
    #expect(lhs == rhs && lhs.hashValue == rhs.hashValue)
    try rhs.set("a", "3")
    #expect(lhs != rhs)
  }

  @Test func aRedirectsHopThatAnswers304IsAskedAgainWithoutValidators() async throws {
    let server = SeamTransport { request in
      if request.url.path == "/latest" {
        // Now a redirect to /v/2, whose hop answers the validators carried along.
        let target = URL(string: "https://api.example.com/v/2") ?? request.url
        if request.headers["If-None-Match"] != nil {
          return HTTPResponse(status: 304, headers: ["ETag": "\"v2\""], url: target)
        }
        return HTTPResponse(
          status: 200, headers: ["ETag": "\"v2\""], body: Data("v2".utf8), url: target)
      }
      return HTTPResponse(status: 404, url: request.url)
    }
    let api = client(server)
    let stale = SeamTransport { request in
      HTTPResponse(
        status: 200, headers: ["ETag": "\"v2\"", "Cache-Control": "no-cache"],
        body: Data("v2".utf8), url: request.url)
    }
    var seeding = api
    seeding.transport = stale
    _ = try await Get("latest").value(on: seeding)  // kept under /latest, to revalidate
    #expect(try await Get("latest").value(on: api).text == "v2", "the body, not a bare 304")
    #expect(server.requests.map { $0.headers["If-None-Match"] } == ["\"v2\"", nil])
  }

  @Test func aRedirectedAnswerIsKeptUnderTheURLThatAnsweredIt() async throws {
    try await aRedirectedAnswerIsKeptUnderTheURLThatAnsweredItScenario(off: [])
  }

  func aRedirectedAnswerIsKeptUnderTheURLThatAnsweredItScenario(off: Set<CacheRule>) async throws {
    let target = Box(1)
    let server = SeamTransport { request in
      var url = request.url
      if url.path == "/latest" {
        url = URL(string: "https://api.example.com/v/\(target.value)") ?? url
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=3600"],
        body: Data(url.path.utf8), url: url)
    }
    let api = client(server, off: off)
    #expect(try await Get("latest").value(on: api).text == "/v/1")
    target.value = 2
    #expect(try await Get("latest").value(on: api).text == "/v/2", "the 302 is not pinned")
    #expect(try await Get("v/1").value(on: api).text == "/v/1")
    #expect(server.requests.count == 2, "/v/1 was kept under its own URL")
  }

  @Test func aRedirectThatSetsACookieKeepsNothingWithoutAPartition() async throws {
    // A sign-in callback redirects to the account page and sets the session cookie on the
    // way: the transport asks for the account page with it, after the cache's lookup.
    let jar = Box<SeamTransport?>(nil)
    let server = SeamTransport { request in
      jar.value?.cookie = "sid=A"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "private, max-age=600"],
        body: Data("A's account".utf8), url: URL(string: "https://api.example.com/account"))
    }
    jar.value = server
    let api = client(server)
    #expect(try await Get("callback", ["code": "xyz"]).value(on: api).text == "A's account")
    #expect(log.count(.notStored(.credentialWithoutPartition)) == 1)
    server.cookie = nil
    await #expect(throws: RequestError.self, "A's account page is not kept") {
      try await Get("account").cache(.cacheOnly).value(on: api)
    }
  }

  @Test func anAnswerFromAnotherOriginIsNotKept() async throws {
    let server = SeamTransport { request in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=3600"], body: Data("cdn".utf8),
        url: URL(string: "https://cdn.example.net/file"))
    }
    let api = client(server)
    _ = try await Get("file").value(on: api)
    _ = try await Get("file").value(on: api)
    #expect(server.requests.count == 2)
    #expect(log.count(.notStored(.redirected)) == 2)
  }

  /// Each scenario, with the rule that makes it pass switched off: it must fail.
  @Test(arguments: [
    ("theAppsOwnValidatorsGoToTheServerAsTheyAre", CacheRule.validated304),
    ("a304ForAnotherVersionIsNotMergedIntoTheOneKept", CacheRule.validated304),
    ("aCopyWithAnotherTransportSharesNoTransfer", CacheRule.transportIdentity),
    ("aRedirectedAnswerIsKeptUnderTheURLThatAnsweredIt", CacheRule.redirectTarget),
  ])
  func failsWithoutItsRule(scenario: String, rule: CacheRule) async throws {
    try await withoutItsRule(scenario, rule) {
      switch scenario {
      case "theAppsOwnValidatorsGoToTheServerAsTheyAre":
        try await theAppsOwnValidatorsGoToTheServerAsTheyAreScenario(off: [rule])
      case "a304ForAnotherVersionIsNotMergedIntoTheOneKept":
        try await a304ForAnotherVersionIsNotMergedIntoTheOneKeptScenario(off: [rule])
      case "aCopyWithAnotherTransportSharesNoTransfer":
        try await aCopyWithAnotherTransportSharesNoTransferScenario(off: [rule])
      case "aRedirectedAnswerIsKeptUnderTheURLThatAnsweredIt":
        try await aRedirectedAnswerIsKeptUnderTheURLThatAnsweredItScenario(off: [rule])
      default: throw UnknownScenario(name: scenario)
      }
    }
  }

}
