import Catena
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The clock the cache reads: the wall clock moved forward by the test. (Hummingbird sets each
/// response's `Date` from its own clock, so a response received after the clock moved looks
/// that much older to the cache: the cases check freshness on responses received before.)
final class OffsetClock: @unchecked Sendable {
  private let lock = NSLock()
  private var offset: TimeInterval = 0
  var now: Date { Date().addingTimeInterval(lock.withLock { offset }) }
  func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}

/// One step of a case: a request, after moving the clock, and what it must answer.
struct CacheStep: Sendable {
  enum Action: Sendable {
    case get(headers: [String: String], policy: CachePolicy)
    case unsafe(HTTPMethod)
    case invalidate(tag: String)
  }
  var action: Action
  var after: TimeInterval
  /// The body it answers with ("n=2"), "status 500", "notCached", or "" for an unsafe method.
  var expect: String

  static func get(
    _ expect: String, after: TimeInterval = 0, headers: [String: String] = [:],
    policy: CachePolicy = .standard
  ) -> CacheStep {
    CacheStep(action: .get(headers: headers, policy: policy), after: after, expect: expect)
  }

  static func unsafe(_ method: HTTPMethod) -> CacheStep {
    CacheStep(action: .unsafe(method), after: 0, expect: "")
  }
}

/// A named case of RFC 9111 / RFC 5861: the response the server gives (its `/rfc` query), the
/// steps, and how many requests the server must have answered in all and with a 304.
struct CacheCase: Sendable, CustomTestStringConvertible {
  var name: String
  var query: [(String, String)]
  var steps: [CacheStep]
  var served: Int
  var notModified = 0
  /// Requests the server answers after the steps end (a revalidation in the background).
  var behind = 0
  var testDescription: String { name }

  init(
    _ name: String, _ query: [(String, String)], _ steps: [CacheStep], served: Int,
    notModified: Int = 0, behind: Int = 0
  ) {
    self.name = name
    self.query = query
    self.steps = steps
    self.served = served
    self.notModified = notModified
    self.behind = behind
  }
}

extension CacheCase {
  static let all: [CacheCase] = [
    // Freshness (§4.2)
    CacheCase(
      "max-age: fresh answers from the cache", [("cc", "max-age=60")],
      [.get("n=1"), .get("n=1", after: 30)], served: 1),
    CacheCase(
      "max-age: stale without a validator is sent again", [("cc", "max-age=60")],
      [.get("n=1"), .get("n=2", after: 61)], served: 2),
    CacheCase(
      "Expires in the future is fresh", [("expires", "120")],
      [.get("n=1"), .get("n=1", after: 60)], served: 1),
    CacheCase(
      "Expires passed is stale", [("expires", "30")],
      [.get("n=1"), .get("n=2", after: 31)], served: 2),
    CacheCase(
      "an invalid Expires is already stale", [("expires", "0")],
      [.get("n=1"), .get("n=2")], served: 2),
    CacheCase(
      "max-age wins over Expires", [("cc", "max-age=0"), ("expires", "600")],
      [.get("n=1"), .get("n=2", after: 1)], served: 2),
    CacheCase(
      "Age counts against max-age", [("cc", "max-age=60"), ("age", "50")],
      [.get("n=1"), .get("n=1", after: 5), .get("n=2", after: 10)], served: 2),
    CacheCase(
      "heuristic freshness: a tenth of Last-Modified's age, at most a week", [("lm", "1")],
      [.get("n=1"), .get("n=1", after: 6 * 86_400), .get("n=1", after: 2 * 86_400)], served: 2,
      notModified: 1),
    // Storing (§3)
    CacheCase(
      "no-store in the response is never kept", [("cc", "no-store, max-age=60")],
      [.get("n=1"), .get("n=2")], served: 2),
    CacheCase(
      "no-store in the request keeps nothing", [("cc", "max-age=60")],
      [.get("n=1", headers: ["Cache-Control": "no-store"]), .get("n=2")], served: 2),
    CacheCase(
      "private is kept by a private cache", [("cc", "private, max-age=60")],
      [.get("n=1"), .get("n=1")], served: 1),
    CacheCase(
      "404 with max-age is kept", [("cc", "max-age=60"), ("status", "404")],
      [.get("status 404"), .get("status 404")], served: 1),
    CacheCase(
      "410 with max-age is kept", [("cc", "max-age=60"), ("status", "410")],
      [.get("status 410"), .get("status 410")], served: 1),
    CacheCase(
      "203 with max-age is kept", [("cc", "max-age=60"), ("status", "203")],
      [.get("n=1"), .get("n=1")], served: 1),
    CacheCase(
      "206 is never kept", [("cc", "max-age=60"), ("status", "206")],
      [.get("n=1"), .get("n=2")], served: 2),
    CacheCase(
      "500 with max-age is kept (any final status with a lifetime it states)",
      [("cc", "max-age=60"), ("status", "500")],
      [.get("status 500"), .get("status 500")], served: 1),
    // Validation (§4.3)
    CacheCase(
      "no-cache revalidates each use with If-None-Match", [("cc", "no-cache"), ("etag", "fixed")],
      [.get("n=1"), .get("n=1"), .get("n=1")], served: 3, notModified: 2),
    CacheCase(
      "no-cache revalidates with If-Modified-Since", [("cc", "no-cache"), ("lm", "1")],
      [.get("n=1"), .get("n=1")], served: 2, notModified: 1),
    CacheCase(
      "a stale response with an ETag is revalidated: 304 keeps the body",
      [("cc", "max-age=10"), ("etag", "fixed")],
      [.get("n=1"), .get("n=1", after: 11)], served: 2, notModified: 1),
    CacheCase(
      "a changed ETag brings the new body", [("cc", "max-age=10"), ("etag", "count")],
      [.get("n=1"), .get("n=2", after: 11), .get("n=2", policy: .cacheOnly)], served: 2),
    CacheCase(
      "a 304 updates the stored freshness",
      [("cc", "max-age=10"), ("etag", "fixed"), ("cc304", "max-age=100")],
      [.get("n=1"), .get("n=1", after: 11), .get("n=1", after: 50)], served: 2, notModified: 1),
    CacheCase(
      "must-revalidate still serves while fresh", [("cc", "max-age=60, must-revalidate")],
      [.get("n=1"), .get("n=1", after: 30)], served: 1),
    // Vary (§4.1)
    CacheCase(
      "Vary keeps a variant per header value", [("cc", "max-age=60"), ("vary", "Accept-Language")],
      [
        .get("n=1 fr", headers: ["Accept-Language": "fr"]),
        .get("n=2 de", headers: ["Accept-Language": "de"]),
        .get("n=1 fr", headers: ["Accept-Language": "fr"]),
        .get("n=2 de", headers: ["Accept-Language": "de"]),
      ], served: 2),
    CacheCase(
      "Vary: a variant not kept names the others' ETags, and a 304 selects one (§4.3.1)",
      [("cc", "max-age=60"), ("vary", "Accept-Language"), ("etag", "fixed")],
      [
        .get("n=1 fr", headers: ["Accept-Language": "fr"]),
        .get("n=1 fr", headers: ["Accept-Language": "de"]),
        .get("n=1 fr", after: 10, headers: ["Accept-Language": "de"]),
      ], served: 2, notModified: 1),
    CacheCase(
      "Vary: * never matches", [("cc", "max-age=60"), ("vary", "*")],
      [.get("n=1"), .get("n=2")], served: 2),
    // Invalidation (§4.4)
    CacheCase(
      "a POST drops the URL", [("cc", "max-age=60")],
      [.get("n=1"), .unsafe(.post), .get("n=2")], served: 2),
    CacheCase(
      "a PUT drops the URL", [("cc", "max-age=60")],
      [.get("n=1"), .unsafe(.put), .get("n=2")], served: 2),
    CacheCase(
      "a DELETE drops the URL", [("cc", "max-age=60")],
      [.get("n=1"), .unsafe(.delete), .get("n=2")], served: 2),
    CacheCase(
      "a failed POST drops nothing", [("cc", "max-age=60"), ("unsafeStatus", "500")],
      [.get("n=1"), .unsafe(.post), .get("n=1")], served: 1),
    CacheCase(
      "invalidate(tag:) drops what the tag filed", [("cc", "max-age=60")],
      [.get("n=1"), CacheStep(action: .invalidate(tag: "rfc"), after: 0, expect: ""), .get("n=2")],
      served: 2),
    // RFC 5861
    CacheCase(
      "stale-while-revalidate serves the stale body and revalidates behind",
      [("cc", "max-age=10, stale-while-revalidate=60")],
      [.get("n=1"), .get("n=1", after: 20)], served: 1, behind: 1),
    CacheCase(
      "past stale-while-revalidate the request waits for the server",
      [("cc", "max-age=10, stale-while-revalidate=5")],
      [.get("n=1"), .get("n=2", after: 20)], served: 2),
    CacheCase(
      "stale-if-error answers a 500", [("cc", "max-age=10, stale-if-error=60"), ("failFrom", "2")],
      [.get("n=1"), .get("n=1", after: 20)], served: 2),
    CacheCase(
      "past stale-if-error the 500 is the answer",
      [("cc", "max-age=10, stale-if-error=5"), ("failFrom", "2")],
      [.get("n=1"), .get("status 500", after: 20)], served: 2),
    CacheCase(
      "must-revalidate overrides stale-if-error",
      [("cc", "max-age=10, stale-if-error=60, must-revalidate"), ("failFrom", "2")],
      [.get("n=1"), .get("status 500", after: 20)], served: 2),
    CacheCase(
      "must-revalidate overrides stale-while-revalidate",
      [("cc", "max-age=10, stale-while-revalidate=60, must-revalidate")],
      [.get("n=1"), .get("n=2", after: 20)], served: 2),
    // Every read obeys the same rules (C10, C20)
    CacheCase(
      "cacheOnly never shows a stale must-revalidate response",
      [("cc", "max-age=10, must-revalidate")],
      [
        .get("n=1"), .get("n=1", after: 5, policy: .cacheOnly),
        .get("notCached", after: 20, policy: .cacheOnly),
      ], served: 1),
    CacheCase(
      "cacheOnly never shows a no-cache response", [("cc", "no-cache"), ("etag", "fixed")],
      [.get("n=1"), .get("notCached", policy: .cacheOnly)], served: 1),
    CacheCase(
      "request max-age=0 revalidates a fresh response", [("cc", "max-age=60"), ("etag", "fixed")],
      [.get("n=1"), .get("n=1", headers: ["Cache-Control": "max-age=0"])], served: 2,
      notModified: 1),
    CacheCase(
      "request max-age caps the freshness", [("cc", "max-age=60")],
      [
        .get("n=1"), .get("n=1", after: 5, headers: ["Cache-Control": "max-age=30"]),
        .get("n=2", after: 15, headers: ["Cache-Control": "max-age=10"]),
      ], served: 2),
    CacheCase(
      "request min-fresh wants freshness left", [("cc", "max-age=60")],
      [
        .get("n=1"), .get("n=1", after: 10, headers: ["Cache-Control": "min-fresh=30"]),
        .get("n=2", after: 30, headers: ["Cache-Control": "min-fresh=30"]),
      ], served: 2),
    CacheCase(
      "request max-stale accepts a stale response", [("cc", "max-age=10")],
      [.get("n=1"), .get("n=1", after: 20, headers: ["Cache-Control": "max-stale=30"])],
      served: 1),
    CacheCase(
      "request max-stale never goes past must-revalidate", [("cc", "max-age=10, must-revalidate")],
      [.get("n=1"), .get("n=2", after: 20, headers: ["Cache-Control": "max-stale"])], served: 2),
    CacheCase(
      "only-if-cached without an entry sends nothing", [("cc", "max-age=10")],
      [.get("notCached", headers: ["Cache-Control": "only-if-cached"])], served: 0),
    CacheCase(
      "only-if-cached does not answer with a stale response", [("cc", "max-age=10")],
      [.get("n=1"), .get("notCached", after: 20, headers: ["Cache-Control": "only-if-cached"])],
      served: 1),
    CacheCase(
      "Pragma: no-cache revalidates", [("cc", "max-age=60"), ("etag", "fixed")],
      [.get("n=1"), .get("n=1", headers: ["Pragma": "no-cache"])], served: 2, notModified: 1),
    // Policies
    CacheCase(
      "cacheOnly answers from the cache however old", [("cc", "max-age=10")],
      [.get("n=1"), .get("n=1", after: 100, policy: .cacheOnly)], served: 1),
    CacheCase(
      "cacheOnly without an entry sends nothing", [("cc", "max-age=10")],
      [.get("notCached", policy: .cacheOnly)], served: 0),
    CacheCase(
      "networkOnly always asks, and keeps", [("cc", "max-age=60")],
      [.get("n=1"), .get("n=2", policy: .networkOnly), .get("n=2")], served: 2),
    CacheCase(
      "staleTime gives a response without freshness a lifetime", [],
      [
        .get("n=1", policy: .staleTime(.seconds(30))),
        .get("n=1", after: 20, policy: .staleTime(.seconds(30))),
        .get("n=2", after: 20, policy: .staleTime(.seconds(30))),
      ], served: 2),
    CacheCase(
      "HTTP freshness wins where it is stricter than staleTime", [("cc", "max-age=10")],
      [.get("n=1"), .get("n=2", after: 15, policy: .staleTime(.seconds(60)))], served: 2),
  ]
}

@Suite("HTTPCache: RFC 9111 and RFC 5861 cases over real HTTP")
struct CacheRFCCaseTests {
  @Test(arguments: CacheCase.all)
  func rfcCase(_ test: CacheCase) async throws {
    try await TestServer.run { port in
      let key = "rfc-\(UUID())"
      let clock = OffsetClock()
      let cache = HTTPCache(now: { clock.now })
      let api = client(port, cache: cache)
      func request(_ method: HTTPMethod) -> Request<HTTPResponse> {
        let builders: [HTTPMethod: Request<HTTPResponse>] = [
          .get: Get("rfc"), .post: Post("rfc"), .put: Put("rfc"), .delete: Delete("rfc"),
        ]
        var request = (builders[method] ?? Get("rfc")).query("k", key)
        for (name, value) in test.query { request = request.query(name, value) }
        return request.cacheTag("rfc")
      }
      for (index, step) in test.steps.enumerated() {
        clock.advance(step.after)
        let label = "\(test.name), step \(index + 1)"
        switch step.action {
        case .unsafe(let method):
          _ = try? await request(method).response(on: api)
        case .invalidate(let tag):
          cache.invalidate(tag: tag)
        case .get(let headers, let policy):
          var get = request(.get).cache(policy)
          for (name, value) in headers { get = get.header(name, value) }
          let answer: String
          do {
            answer = String(decoding: try await get.value(on: api).body, as: UTF8.self)
          } catch {
            let failure = error as? RequestError
            answer =
              failure?.kind == .notCached ? "notCached" : "status \(failure?.status ?? -1)"
          }
          #expect(answer == step.expect, "\(label)")
        }
      }
      let expected = test.served + test.behind
      try await turns("the server to answer \(expected)") {
        await Attempts.shared.count(key) >= expected
      }
      let served = await Attempts.shared.count(key)
      let notModified = await Attempts.shared.count("\(key)-304")
      #expect(served == expected, "\(test.name): requests the server answered")
      #expect(notModified == test.notModified, "\(test.name): 304s")
    }
  }
}

/// A signed-in user whose id names the cache partition (none when `partitioned` is false).
actor SignedInUser: CredentialProvider {
  var user = "ann"
  let partitioned: Bool
  init(partitioned: Bool) { self.partitioned = partitioned }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    var authorized = request
    try authorized.headers.set("Authorization", "Bearer \(user)")
    return authorized
  }

  func refresh() async throws {}
  func cachePartition() async -> String? { partitioned ? user : nil }
  func signIn(_ user: String) { self.user = user }
}

extension CacheRFCCaseTests {
  @Test func authorisedResponsesAreKeptPerPartitionAndSignOutDropsThem() async throws {
    try await TestServer.run { port in
      let key = "rfc-partition-\(UUID())"
      let user = SignedInUser(partitioned: true)
      let cache = HTTPCache()
      let api = client(port, authentication: Authentication(user), cache: cache)
      let feed = Get("rfc").query("k", key).query("cc", "private, max-age=600")
      func body() async throws -> String {
        String(decoding: try await feed.value(on: api).body, as: UTF8.self)
      }
      var seen: [String] = []
      seen.append(try await body())
      seen.append(try await body())  // ann's, kept
      await user.signIn("bob")
      seen.append(try await body())  // bob does not see ann's
      await user.signIn("ann")
      seen.append(try await body())  // ann's again
      cache.invalidate(partition: "ann")
      seen.append(try await body())  // ann signed out: hers are gone
      #expect(seen == ["n=1", "n=1", "n=2", "n=1", "n=3"])
      #expect(await Attempts.shared.count(key) == 3)
    }
  }

  @Test func authorisedResponsesWithoutAPartitionAreNotKept() async throws {
    try await TestServer.run { port in
      let key = "rfc-unpartitioned-\(UUID())"
      let api = client(
        port, authentication: Authentication(SignedInUser(partitioned: false)), cache: HTTPCache())
      let feed = Get("rfc").query("k", key).query("cc", "private, max-age=600")
      _ = try await feed.value(on: api)
      _ = try await feed.value(on: api)
      #expect(await Attempts.shared.count(key) == 2)
    }
  }
}
