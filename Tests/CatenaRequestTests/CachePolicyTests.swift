import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("HTTPCache: policies per request, and invalidation")
struct CachePolicyTests {
  let clock = TestClock()

  func client(_ transport: ScriptedTransport) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    client.cache = HTTPCache(now: { clock.now })
    return client
  }

  /// A server that says nothing about caching, unless the path is `short` (max-age=10),
  /// `secret` (no-store) or `tagged…` (ETag, always 304 to it).
  func server() -> ScriptedTransport {
    ScriptedTransport { request, number in
      let headers: HTTPHeaders =
        switch request.url.lastPathComponent {
        case "short": ["Cache-Control": "max-age=10"]
        case "secret": ["Cache-Control": "no-store"]
        default: [:]
        }
      return HTTPResponse(status: 200, headers: headers, body: Data("v\(number)".utf8))
    }
  }

  func get(_ path: String, _ policy: CachePolicy, _ client: Client) async throws -> String {
    try await Get(path).cache(policy).value(on: client).text
  }

  @Test func aStaleTimeKeepsAnAnswerHTTPSaysNothingAbout() async throws {
    let server = server()
    let api = client(server)
    let thirty = CachePolicy.staleTime(.seconds(30))
    #expect(try await get("plain", thirty, api) == "v1")
    clock.advance(29)
    #expect(try await get("plain", thirty, api) == "v1")
    #expect(try await get("plain", .standard, api) == "v2", "HTTP alone gives it no freshness")
    clock.advance(31)
    #expect(try await get("plain", thirty, api) == "v3")
  }

  @Test func httpFreshnessWinsWhereItIsStricterAndNoStoreAlways() async throws {
    let server = server()
    let api = client(server)
    let thirty = CachePolicy.staleTime(.seconds(30))
    #expect(try await get("short", thirty, api) == "v1")
    clock.advance(11)
    #expect(try await get("short", thirty, api) == "v2", "max-age=10 is stricter than 30 s")
    #expect(try await get("secret", thirty, api) == "v3")
    #expect(try await get("secret", thirty, api) == "v4", "no-store is never kept")
  }

  @Test func networkOnlyAlwaysAsksWithoutValidatorsAndKeepsTheAnswer() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "ETag": "\"e\(number)\""],
        body: Data("v\(number)".utf8))
    }
    let api = client(server)
    #expect(try await get("feed", .networkOnly, api) == "v1")
    #expect(try await get("feed", .networkOnly, api) == "v2")
    #expect(server.last?.headers["If-None-Match"] == nil)
    #expect(try await get("feed", .standard, api) == "v2", "kept for the next standard ask")
    #expect(server.count == 2)
  }

  @Test func cacheOnlyAnswersFromWhatIsKeptHoweverOldOrFailsWithoutSending() async throws {
    let server = server()
    let api = client(server)
    let error = await #expect(throws: RequestError.self) {
      try await get("short", .cacheOnly, api)
    }
    #expect(error?.kind == .notCached)
    #expect(error?.message.contains("https://api.example.com/short") == true)
    #expect(server.count == 0)
    _ = try await get("short", .standard, api)
    clock.advance(3_600)
    #expect(try await get("short", .cacheOnly, api) == "v1", "an hour stale, offline")
    #expect(server.count == 1)
  }

  @Test func invalidationByTagAndByURLPrefix() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    let cache = try #require(api.cache)
    func feed(_ page: Int) async throws -> String {
      try await Get("feed", ["page": .int(page)]).cacheTag("feed").value(on: api).text
    }
    func profile(_ path: String) async throws -> String { try await Get(path).value(on: api).text }
    _ = try await feed(1)
    _ = try await feed(2)
    _ = try await profile("users/7")
    _ = try await profile("users/7/photos")
    _ = try await profile("usersettings")
    #expect(server.count == 5)
    cache.invalidate(tag: "feed")
    _ = try await feed(1)
    _ = try await feed(2)
    _ = try await profile("users/7")
    #expect(server.count == 7, "both pages asked again; the profile kept")
    cache.invalidate(urlPrefix: try #require(URL(string: "https://api.example.com/users/7")))
    _ = try await profile("users/7")
    _ = try await profile("users/7/photos")
    _ = try await profile("usersettings")
    _ = try await feed(1)
    #expect(server.count == 9, "users/7 and its photos dropped; the rest kept")
  }
}
