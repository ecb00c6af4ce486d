import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The smaller points of RFC 9111 and RFC 9110 the cache review found (C12, C13, C21, C22,
/// C23, C26, C27): `Age`, heuristic freshness, `HEAD`, ranges, normalised invalidation,
/// idempotence, and requests to the device itself.
@Suite("HTTPCache: Age, heuristics, HEAD, normalised invalidation (C12–C27)")
struct RFCPointsTests {
  let clock = TestClock()
  let events = EventLog()

  func client(_ transport: any Transport) -> Client {
    cachingClient(transport, clock: clock, events: events)
  }

  /// `date` as HTTP writes it (IMF-fixdate).
  func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  func get(_ path: String, _ api: Client) async throws -> HTTPResponse {
    try await Get(path).value(on: api)
  }

  @Test(arguments: ["100, 5", "99999999999999999999", " 61 "])
  func c12AnAgeIsReadAsItsFirstMemberAndAnOverflowAsTwoToThe31(age: String) async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60", "Age": age],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    #expect(try await get("feed", api).text == "v1")
    #expect(try await get("feed", api).text == "v2", "Age \(age): older than its 60 s already")
  }

  @Test func c13AHitCarriesItsCurrentAge() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "Age": "10"],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    clock.advance(30)
    let hit = try await get("feed", api)
    #expect(hit.text == "v1" && hit.headers["Age"] == "40", "10 when it came, 30 since")
    #expect(server.count == 1)
  }

  @Test func c21ALastModifiedGivesAHeuristicLifetimeOfATenthOfItsAge() async throws {
    let made = clock.now
    let server = ScriptedTransport { [self] _, number in
      HTTPResponse(
        status: number == 1 ? 200 : 404,
        headers: [
          "Date": httpDate(made), "Last-Modified": httpDate(made.addingTimeInterval(-10 * 86_400)),
        ],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await Get("page").validate(statuses: 200..<500).value(on: api)
    clock.advance(23 * 3_600)
    #expect(try await get("page", api).text == "v1", "fresh for a day: a tenth of ten days")
    #expect(server.count == 1)
    clock.advance(2 * 3_600)
    #expect(server.count == 1)
    let after = try await Get("page").validate(statuses: 200..<500).value(on: api)
    #expect(after.status == 404 && server.count == 2, "stale after a day: asked again")
    #expect(server.requests.last?.headers["If-Modified-Since"] != nil)
  }

  @Test(arguments: [("public", 1), ("", 2)])
  func aPublicResponseOfAnyStatusGetsAHeuristicLifetime(control: String, sent: Int) async throws {
    let made = clock.now
    let server = ScriptedTransport { [self] _, number in
      HTTPResponse(
        status: 599,
        headers: [
          "Date": httpDate(made), "Last-Modified": httpDate(made.addingTimeInterval(-86_400)),
          "Cache-Control": control,
        ],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    for _ in 0..<2 {
      _ = try await Get("x").validate(statuses: 200..<600).value(on: api)
      clock.advance(3_600)  // within a tenth of its day
    }
    #expect(server.count == sent, "a 599 with `\(control)`: \(sent) sent")
  }

  @Test(arguments: [204, 308, 405, 414, 501])
  func c21OtherHeuristicallyCacheableStatusesAreKept(status: Int) async throws {
    let server = ScriptedTransport { _, _ in
      HTTPResponse(status: status, headers: ["Cache-Control": "max-age=60"])
    }
    let api = client(server)
    for _ in 0..<2 { _ = try await Get("x").validate(statuses: 200..<600).value(on: api) }
    #expect(server.count == 1, "\(status) with max-age is kept")
  }

  @Test func c21AHeadUpdatesTheStoredGetOrDropsItWhenItChanged() async throws {
    let version = Box(1)
    let server = ScriptedTransport { request, _ in
      let version = version.value
      return HTTPResponse(
        status: 200,
        headers: [
          "Cache-Control": "max-age=\(request.method == .head ? 600 : 60)",
          "ETag": "\"\(version)\"", "X-Seen": request.method.rawValue,
          "Content-Length": "2",
        ],
        body: request.method == .head ? Data() : Data("v\(version)".utf8))
    }
    let api = client(server)
    #expect(try await get("doc", api).headers["X-Seen"] == "GET")
    _ = try await Head("doc").value(on: api)
    clock.advance(120)  // past the GET's 60 s; within the HEAD's 600
    let updated = try await get("doc", api)
    #expect(updated.text == "v1" && updated.headers["X-Seen"] == "HEAD", "the HEAD's headers")
    #expect(server.count == 2, "fresh by the HEAD's max-age: not sent")
    version.value = 2
    _ = try await Head("doc").value(on: api)
    #expect(try await get("doc", api).text == "v2", "the HEAD said it changed: dropped")
    #expect(server.count == 4)
  }

  @Test(arguments: [503, 500, 429])
  func anErrorWithALifetimeNeverReplacesTheResponseKept(status: Int) async throws {
    let failing = Box(false)
    let server = ScriptedTransport { _, number in
      failing.value
        ? HTTPResponse(status: status, headers: ["Cache-Control": "max-age=0"])
        : HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    failing.value = true
    let answer = try await Get("feed").cache(.networkOnly).validate(statuses: 200..<600)
      .value(on: api)
    #expect(answer.status == status)
    #expect(try await Get("feed").cache(.cacheOnly).value(on: api).text == "v1")
  }

  /// A HEAD answered from `/b` (a redirect) leaves the GET kept for `/a` stale, though
  /// neither names a version; one that names the bare tag kept, quoted, updates it.
  @Test(arguments: [
    (nil, ["Cache-Control": "max-age=3600"], "https://api.example.com/b", "v3"),
    (
      "abc", ["Cache-Control": "max-age=3600", "ETag": "\"abc\""], "https://api.example.com/a", "v1"
    ),
  ])
  func aHeadUpdatesOnlyTheURLItAnsweredForAndNamesTagsQuotedOrBare(
    kept: String?, head: [String: String], answeredFor: String, shown: String
  ) async throws {
    var fields = HTTPHeaders()
    for (name, value) in head { try fields.set(name, value) }
    let server = ScriptedTransport { [fields] request, number in
      request.method == .head
        ? HTTPResponse(status: 200, headers: fields, url: URL(string: answeredFor))
        : HTTPResponse(
          status: 200,
          headers: kept.map { ["Cache-Control": "max-age=1", "ETag": $0] }
            ?? ["Cache-Control": "max-age=1"],
          body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("a", api)
    _ = try await Head("a").value(on: api)
    clock.advance(2)
    #expect(try await get("a", api).text == shown)
  }

  @Test func aHeadOfACompressedResponseComparesTheStatedLengths() async throws {
    let server = ScriptedTransport { request, _ in
      // The transport decoded gzip: the body is longer than the length the server stated.
      HTTPResponse(
        status: 200,
        headers: [
          "Cache-Control": "max-age=60", "ETag": "\"1\"", "Content-Length": "7",
          "X-Seen": request.method.rawValue,
        ], body: request.method == .head ? Data() : Data("the decoded body".utf8))
    }
    let api = client(server)
    _ = try await get("doc", api)
    _ = try await Head("doc").value(on: api)
    let kept = try await Get("doc").cache(.cacheOnly).value(on: api)
    #expect(kept.text == "the decoded body" && kept.headers["X-Seen"] == "HEAD", "updated")
  }

  @Test func c22ARangeIsCutFromAFreshCompleteResponseAndAskedAsItIsOtherwise() async throws {
    let server = ScriptedTransport { request, number in
      HTTPResponse(
        status: request.headers["Range"] == nil ? 200 : 206,
        headers: ["Cache-Control": "max-age=60", "ETag": "\"\(number)\""],
        body: Data("0123456789-\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("file", api)
    for (range, bytes, cut) in [
      ("bytes=0-3", "0123", "0-3"), ("bytes=8-", "89-1", "8-11"), ("bytes=-2", "-1", "10-11"),
    ] {
      let part = try await Get("file").header("Range", range).value(on: api)
      #expect(part.status == 206 && part.text == bytes, "\(range)")
      #expect(part.headers["Content-Range"] == "bytes \(cut)/12")
    }
    #expect(server.count == 1, "cut from the response kept")
    // Several ranges, or a stale response: the server is asked, as the app asked, and its 206
    // replaces nothing.
    let several = try await Get("file").header("Range", "bytes=0-1,4-5").value(on: api)
    #expect(several.status == 206 && server.count == 2)
    clock.advance(61)
    _ = try await Get("file").header("Range", "bytes=0-1").value(on: api)
    #expect(server.count == 3 && server.requests.last?.headers["If-None-Match"] == nil)
    #expect(try await Get("file").cache(.cacheOnly).value(on: api).text == "0123456789-1")
  }

  @Test func c23APrefixCoversWholePathSegmentsOnly() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    let requests =
      ["feed", "feed/7", "feedback", "feed-archive"].map { Get($0) } + [
        Get("feed", ["page": 2])
      ]
    for request in requests { _ = try await request.value(on: api) }
    api.cache?.invalidate(urlPrefix: URL(string: "HTTPS://API.example.com:443/feed")!)
    var kept: [String] = []
    for request in requests {
      if (try? await request.cache(.cacheOnly).value(on: api)) != nil {
        kept.append(request.definition.path)
      }
    }
    #expect(kept == ["feedback", "feed-archive"], "not feed, feed/7, nor feed?page=2")
  }

  @Test func c23ALocationIsComparedNormalised() async throws {
    let server = ScriptedTransport { request, number in
      if request.method == .post {
        return HTTPResponse(
          status: 201, headers: ["Location": "https://API.example.com:443/items/%7Eann"])
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("items/~ann", api)
    _ = try await Post("items").value(on: api)
    #expect(try await get("items/~ann", api).text == "v3", "the Location's entry was dropped")
  }

  @Test(arguments: [
    ("max-age =600", false), ("max-age= 600", false), ("max-age=600.5", true),
    ("max-age=600a", true), ("max-age=a600", false), ("max-age=1, max-age=600", false),
  ])
  func aDirectiveIsReadAsBrowsersReadIt(control: String, kept: Bool) async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(status: 200, headers: ["Cache-Control": control], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    clock.advance(2)
    #expect(try await get("feed", api).text == (kept ? "v1" : "v2"), "\(control)")
  }

  @Test func aQualifiedNoCacheKeepsTheResponseWithoutTheFieldsItNames() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200,
        headers: [
          "Cache-Control": "no-cache=\"X-Session, X-Other\", max-age=600", "X-Session": "s1",
          "X-Other": "o", "X-Kept": "k",
        ], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    let hit = try await get("feed", api)
    #expect(hit.text == "v1" && server.count == 1, "kept and reused")
    #expect(hit.headers["X-Session"] == nil && hit.headers["X-Other"] == nil)
    #expect(hit.headers["X-Kept"] == "k")
  }

  @Test func aBareETagIsSentBackAsTheServerSentIt() async throws {
    // A server that compares `If-None-Match` with its own tag as it is (Express's `fresh`),
    // and answers with the tag quoted: the same response.
    let server = ScriptedTransport { request, number in
      request.headers["If-None-Match"] == "abc"
        ? HTTPResponse(status: 304, headers: ["ETag": "\"abc\""])
        : HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=1", "ETag": "abc"],
          body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("doc", api)
    clock.advance(2)
    #expect(try await get("doc", api).text == "v1", "revalidated: the 304 matched")
    #expect(server.requests.last?.headers["If-None-Match"] == "abc")
    #expect(events.count(.revalidated) == 1)
  }

  @Test(arguments: [
    ("Thu, 18 Aug 2050 02:01:18 GMT", true), ("Thursday, 18-Aug-50 02:01:18 GMT", true),
    ("Thu Aug 18 02:01:18 2050", true), ("Thu, 18 Aug 50 02:01:18 GMT", false),
    ("Thu 18 Aug 2050 02:01:18 GMT", false), ("Thu, 18  Aug  2050 02:01:18 GMT", false),
    ("Thu, 18-Aug-2050 02:01:18 GMT", false), ("Thu, 18 Aug 2050 2:01:18 GMT", false),
  ])
  func anExpiresIsADateInOneOfTheThreeFormsExactly(expires: String, kept: Bool) async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Date": httpDate(clock.now), "Expires": expires],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    #expect(try await get("feed", api).text == (kept ? "v1" : "v2"), "\(expires)")
  }

  @Test func c26OnlyTheIdempotentMethodsOfRFC9110AreIdempotent() {
    let idempotent = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"]
    for name in idempotent + ["POST", "PATCH", "CHARGE", "PROPFIND", "get"] {
      #expect(
        HTTPMethod(rawValue: name).isIdempotent == idempotent.contains(name), "\(name)")
    }
  }

  @Test func c26AnUnknownMethodIsNotSentAgainWhenTheNetworkReturns() async throws {
    let network = ManualReachability(reachable: true)
    let server = DroppingTransport(network)
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: server)
    api.reachability = network
    var request = Post("cards/1")
    request.definition.method = HTTPMethod(rawValue: "CHARGE")
    let charge = Task { [request] in try await request.value(on: api) }
    try await turns("the charge to be sent and its network to drop") { server.count == 1 }
    network.isReachable = true
    let failure = await #expect(throws: RequestError.self) { try await charge.value }
    #expect(failure?.kind == .transport && server.count == 1, "sent once, whatever came back")
  }

  @Test func c27OnlyTheDeviceItselfIsLoopback() {
    for (url, loopback) in [
      ("http://localhost:8080/", true), ("http://127.0.0.1/", true), ("http://[::1]/x", true),
      ("http://api.localhost/", true), ("http://127.example.com/", false),
      ("https://api.example.com/", false), ("http://10.0.0.1/", false),
    ] {
      #expect(URL(string: url)?.isLoopback == loopback, "\(url)")
    }
  }
}

/// A transport whose network drops under the one request it is sent.
final class DroppingTransport: Transport, @unchecked Sendable {
  private let lock = NSLock()
  private var sent = 0
  private let network: ManualReachability
  init(_ network: ManualReachability) { self.network = network }
  var count: Int { lock.withLock { sent } }
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    lock.withLock { sent += 1 }
    network.isReachable = false
    throw URLError(.networkConnectionLost)
  }
}

/// A client of `https://api.example.com/` over `transport`, with a cache on `clock`, telling
/// `events`.
func cachingClient(_ transport: any Transport, clock: TestClock, events: EventLog) -> Client {
  var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
  client.cache = HTTPCache(now: { clock.now })
  client.monitors = [events]
  return client
}
