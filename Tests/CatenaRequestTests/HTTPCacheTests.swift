import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A clock a test moves.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var time = Date(timeIntervalSince1970: 1_800_000_000)
  var now: Date { lock.withLock { time } }
  func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}

/// A server in a closure: answers each request from what it was sent, counting them.
final class ScriptedTransport: Transport, @unchecked Sendable {
  private let lock = NSLock()
  private var answer: @Sendable (HTTPRequest, Int) -> HTTPResponse
  private(set) var requests: [HTTPRequest] = []

  init(_ answer: @escaping @Sendable (HTTPRequest, Int) -> HTTPResponse) { self.answer = answer }

  var count: Int { lock.withLock { requests.count } }
  var last: HTTPRequest? { lock.withLock { requests.last } }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let (answer, number) = lock.withLock {
      requests.append(request)
      return (self.answer, requests.count)
    }
    return answer(request, number)
  }
}

/// An HTTP date `seconds` from `clock`'s now.
func httpDate(_ clock: TestClock, _ seconds: TimeInterval = 0) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "GMT")
  formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
  return formatter.string(from: clock.now.addingTimeInterval(seconds))
}

@Suite("HTTPCache: a private cache of RFC 9111")
struct HTTPCacheTests {
  let clock = TestClock()
  let events = EventLog()

  func client(_ transport: ScriptedTransport, limit: Int = 1 << 20) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    client.cache = HTTPCache(memoryLimit: limit, entryLimit: limit, now: { clock.now })
    client.monitors = [events]
    return client
  }

  func response(
    _ status: Int = 200, _ headers: HTTPHeaders = [:], _ body: String = "body"
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
  }

  func get(_ path: String, _ client: Client) async throws -> String {
    try await Get(path).value(on: client).text
  }

  @Test func aFreshResponseAnswersWithoutTheNetworkUntilItsMaxAgePasses() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    #expect(try await get("feed", api) == "v1")
    clock.advance(59)
    #expect(try await get("feed", api) == "v1")
    #expect(server.count == 1 && events.count(.cacheHit) == 1)
    clock.advance(2)
    #expect(try await get("feed", api) == "v2", "stale after 60 s, and no validator: sent again")
    #expect(server.count == 2)
  }

  @Test func aStaleResponseIsRevalidatedAndA304MovesNoBody() async throws {
    let server = ScriptedTransport { request, number in
      if request.headers["If-None-Match"] == "\"v1\"" {
        return HTTPResponse(
          status: 304, headers: ["Cache-Control": "max-age=30", "ETag": "\"v1\""])
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=10", "ETag": "\"v1\""],
        body: Data("the body".utf8))
    }
    let api = client(server)
    #expect(try await get("feed", api) == "the body")
    clock.advance(11)
    #expect(try await get("feed", api) == "the body")
    #expect(server.last?.headers["If-None-Match"] == "\"v1\"")
    #expect(events.count(.revalidated) == 1)
    // The 304's max-age=30 now holds: fresh for 30 s more.
    clock.advance(29)
    #expect(try await get("feed", api) == "the body")
    #expect(server.count == 2)
  }

  @Test func lastModifiedIsSentBackAsIfModifiedSince() async throws {
    let modified = "Tue, 15 Nov 1994 12:45:26 GMT"
    let server = ScriptedTransport { request, _ in
      request.headers["If-Modified-Since"] == modified
        ? HTTPResponse(status: 304)
        : HTTPResponse(status: 200, headers: ["Last-Modified": modified], body: Data("old".utf8))
    }
    let api = client(server)
    #expect(try await get("page", api) == "old")
    #expect(try await get("page", api) == "old", "fresh for a week: a tenth of its age, capped")
    #expect(server.count == 1)
    clock.advance(7 * 86_400)
    #expect(try await get("page", api) == "old", "then revalidated with If-Modified-Since")
    #expect(server.count == 2 && events.count(.revalidated) == 1)
  }

  @Test func noStoreIsNeverKeptAndNoCacheIsAlwaysRevalidated() async throws {
    let server = ScriptedTransport { request, number in
      switch request.url.lastPathComponent {
      case "secret":
        return HTTPResponse(status: 200, headers: ["Cache-Control": "no-store, max-age=600"])
      default:
        return request.headers["If-None-Match"] != nil
          ? HTTPResponse(status: 304)
          : HTTPResponse(
            status: 200, headers: ["Cache-Control": "no-cache, max-age=600", "ETag": "\"a\""])
      }
    }
    let api = client(server)
    _ = try await get("secret", api)
    _ = try await get("secret", api)
    #expect(server.count == 2)
    _ = try await get("checked", api)
    _ = try await get("checked", api)
    #expect(server.count == 4 && server.last?.headers["If-None-Match"] == "\"a\"")
    #expect(events.count(.cacheHit) == 0)
  }

  @Test func theRequestsOwnNoCacheAndNoStoreAreHonoured() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("feed", api)
    let reloaded = try await Get("feed").header("Cache-Control", "no-cache").value(on: api).text
    #expect(reloaded == "v2")
    let unkept = try await Get("other").header("Cache-Control", "no-store").value(on: api).text
    #expect(unkept == "v3")
    #expect(try await get("other", api) == "v4", "a no-store request kept nothing")
  }

  @Test func onlyStatusesThatMayBeKeptAreKept() async throws {
    let server = ScriptedTransport { request, _ in
      let status = Int(request.url.lastPathComponent) ?? 200
      return HTTPResponse(status: status, headers: ["Cache-Control": "max-age=600"])
    }
    let api = client(server)
    for status in [200, 203, 404, 410, 206, 500, 201, 204] {
      for _ in 0..<2 { _ = try? await Get("status/\(status)").value(on: api) }
    }
    let sent = Dictionary(grouping: server.requests.map(\.url.lastPathComponent)) { $0 }
      .mapValues(\.count)
    #expect(
      sent == ["200": 1, "203": 1, "404": 1, "410": 1, "206": 2, "500": 1, "201": 1, "204": 1],
      "any final status with a lifetime it states, as browsers keep them; never a 206")
  }

  @Test func expiresAgainstDateAndTheAgeHeaderSetFreshness() async throws {
    let clock = clock
    let server = ScriptedTransport { request, number in
      switch request.url.lastPathComponent {
      case "expires":
        return HTTPResponse(
          status: 200, headers: ["Date": httpDate(clock), "Expires": httpDate(clock, 100)],
          body: Data("e\(number)".utf8))
      case "invalid":
        return HTTPResponse(
          status: 200, headers: ["Expires": "0", "ETag": "\"x\""], body: Data("i".utf8))
      default:
        return HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=100", "Age": "90"],
          body: Data("a\(number)".utf8))
      }
    }
    let api = client(server)
    _ = try await get("expires", api)
    _ = try await get("aged", api)
    clock.advance(50)
    #expect(try await get("expires", api) == "e1", "fresh for 100 s from its Date")
    #expect(try await get("aged", api).hasPrefix("a"), "")
    #expect(
      server.requests.filter { $0.url.lastPathComponent == "aged" }.count == 2,
      "90 s old on arrival: stale 10 s later")
    _ = try await get("invalid", api)
    _ = try await get("invalid", api)
    #expect(
      server.requests.filter { $0.url.lastPathComponent == "invalid" }.count == 2,
      "an invalid Expires is already expired")
  }

  @Test func varyKeepsAVariantPerHeaderValueAndStarNeverMatches() async throws {
    let server = ScriptedTransport { request, number in
      let vary = request.url.lastPathComponent == "star" ? "*" : "Accept-Language"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "Vary": vary],
        body: Data("\(request.headers["Accept-Language"] ?? "-")\(number)".utf8))
    }
    let api = client(server)
    func ask(_ path: String, _ language: String) async throws -> String {
      try await Get(path).header("Accept-Language", language).value(on: api).text
    }
    #expect(try await ask("greeting", "en") == "en1")
    #expect(try await ask("greeting", "fr") == "fr2")
    #expect(try await ask("greeting", "en") == "en1")
    #expect(try await ask("greeting", "fr") == "fr2")
    _ = try await ask("star", "en")
    _ = try await ask("star", "en")
    #expect(server.count == 4)
  }

  @Test func aSuccessfulUnsafeMethodDropsItsURLAndLocationAndAFailedOneDoesNot() async throws {
    let server = ScriptedTransport { request, number in
      if request.method == .post {
        return request.url.lastPathComponent == "fail"
          ? HTTPResponse(status: 500)
          : HTTPResponse(status: 201, headers: ["Location": "/items/9"])
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await get("items", api)
    _ = try await get("items/9", api)
    _ = try await get("fail", api)
    _ = try await Post("items").value(on: api)
    _ = try? await Post("fail").value(on: api)
    let before = server.count
    _ = try await get("items", api)
    _ = try await get("items/9", api)
    _ = try await get("fail", api)
    #expect(server.count == before + 2, "items and items/9 sent again; fail still kept")
  }

  @Test func theMemoryBoundDropsTheLeastRecentlyUsedAndIsNeverExceeded() async throws {
    let server = ScriptedTransport { _, _ in
      HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=600"], body: Data(count: 1_000))
    }
    let api = client(server, limit: 3_500)
    let cache = try #require(api.cache)
    for path in ["a", "b", "c"] { _ = try await Get(path).value(on: api) }
    _ = try await Get("a").value(on: api)  // a used again: b is now the oldest
    _ = try await Get("d").value(on: api)
    #expect(cache.byteCount <= 3_500)
    let sentBefore = server.count
    for path in ["a", "c", "d"] { _ = try await Get(path).value(on: api) }
    #expect(server.count == sentBefore, "a, c and d kept")
    _ = try await Get("b").value(on: api)
    #expect(server.count == sentBefore + 1, "b went first")
    #expect(cache.byteCount <= 3_500)
  }

  @Test func aResponseThatCannotBeCheckedOrTimedIsNotKept() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(status: 200, body: Data("v\(number)".utf8))
    }
    let api = client(server)
    #expect(try await get("plain", api) == "v1")
    #expect(try await get("plain", api) == "v2")
  }
}
