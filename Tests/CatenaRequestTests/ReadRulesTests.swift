import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every way to read the cache obeys the same rules (C10, C20, C29): a response the server
/// says must be revalidated is never shown as fresh; an app's `.networkOnly` or `no-cache`
/// shows nothing kept; the request's own directives are honoured.
@Suite("Cache read rules: cacheOnly, answers(on:), request directives (C10, C20, C29)")
struct ReadRulesTests {
  let clock = TestClock()

  func client(_ transport: any Transport) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    client.cache = HTTPCache(now: { clock.now })
    return client
  }

  /// A server whose every answer says `control`, numbered `v1`, `v2`, …
  func server(_ control: String) -> ScriptedTransport {
    ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": control, "ETag": "\"e\(number)\""],
        body: Data("v\(number)".utf8))
    }
  }

  func text(_ request: Request<HTTPResponse>, _ api: Client) async throws -> String {
    try await request.value(on: api).text
  }

  /// The answers of `answers(on:)`, each with whether it was marked kept.
  func values(_ request: Request<HTTPResponse>, _ api: Client) async throws -> [String] {
    var seen: [String] = []
    for try await answer in request.answers(on: api) {
      seen.append(answer.value.text + (answer.keptAge == nil ? "" : " (kept)"))
    }
    return seen
  }

  // MARK: C10

  @Test(arguments: ["max-age=10, must-revalidate", "no-cache"])
  func c10CacheOnlyNeverShowsAResponseThatMustBeRevalidated(control: String) async throws {
    let origin = server(control)
    let api = client(origin)
    #expect(try await text(Get("balance"), api) == "v1")
    if control.hasPrefix("max-age") {
      clock.advance(5)
      #expect(try await text(Get("balance").cache(.cacheOnly), api) == "v1", "still fresh")
    }
    clock.advance(60)
    let error = await #expect(throws: RequestError.self) {
      try await text(Get("balance").cache(.cacheOnly), api)
    }
    #expect(error?.kind == .notCached)
    #expect(error?.message.contains("must be revalidated") == true, "\(error?.message ?? "")")
    #expect(origin.count == 1, "nothing sent")
  }

  @Test func c10AKeptValueThatMustBeRevalidatedIsShownMarkedKept() async throws {
    let origin = server("max-age=10, must-revalidate")
    let api = client(origin)
    _ = try await text(Get("balance"), api)
    clock.advance(60)
    #expect(try await values(Get("balance"), api) == ["v1 (kept)", "v2"])
  }

  // MARK: C29

  @Test func c29NetworkOnlyShowsNoKeptValue() async throws {
    let origin = server("max-age=600")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    #expect(try await values(Get("feed").cache(.networkOnly), api) == ["v2"])
  }

  @Test(arguments: [("Cache-Control", "no-cache"), ("Pragma", "no-cache")])
  func c29ARequestAskingForNoCachedAnswerShowsNoKeptValue(header: String, value: String)
    async throws
  {
    let origin = server("max-age=600")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    #expect(try await values(Get("feed").header(header, value), api) == ["v2"])
    #expect(try await text(Get("feed").header(header, value), api) == "v3", "sent, not kept")
    #expect(try await text(Get("feed"), api) == "v3", "the new answer is kept")
  }

  // MARK: C20

  @Test func c20RequestMaxAgeCapsTheAgeAccepted() async throws {
    let origin = server("max-age=600")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    clock.advance(10)
    #expect(try await text(Get("feed").header("Cache-Control", "max-age=30"), api) == "v1")
    #expect(try await text(Get("feed").header("Cache-Control", "max-age=5"), api) == "v2")
    #expect(origin.last?.headers["If-None-Match"] == "\"e1\"", "revalidated, with validators")
    #expect(try await text(Get("feed").header("Cache-Control", "max-age=0"), api) == "v3")
  }

  @Test func c20MinFreshAsksForARemainingFreshness() async throws {
    let origin = server("max-age=60")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    clock.advance(20)
    #expect(try await text(Get("feed").header("Cache-Control", "min-fresh=30"), api) == "v1")
    clock.advance(20)  // 40 s old: 20 s of freshness left
    #expect(try await text(Get("feed").header("Cache-Control", "min-fresh=30"), api) == "v2")
  }

  @Test func c20MaxStaleAcceptsAStaleResponseUnlessItMustBeRevalidated() async throws {
    let origin = server("max-age=10")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    clock.advance(25)  // 15 s stale
    #expect(try await text(Get("feed").header("Cache-Control", "max-stale=30"), api) == "v1")
    #expect(try await text(Get("feed").header("Cache-Control", "max-stale"), api) == "v1")
    #expect(try await text(Get("feed").header("Cache-Control", "max-stale=5"), api) == "v2")
    #expect(origin.count == 2)

    let strict = server("max-age=10, must-revalidate")
    let strictAPI = client(strict)
    _ = try await text(Get("feed"), strictAPI)
    clock.advance(25)
    #expect(
      try await text(Get("feed").header("Cache-Control", "max-stale"), strictAPI) == "v2",
      "must-revalidate: never past its freshness")
  }

  @Test func c20OnlyIfCachedAnswersFromTheCacheOrFailsWithoutSending() async throws {
    let origin = server("max-age=10")
    let api = client(origin)
    let offline = Get("feed").header("Cache-Control", "only-if-cached")
    let missing = await #expect(throws: RequestError.self) { try await text(offline, api) }
    #expect(missing?.kind == .notCached)
    #expect(origin.count == 0)
    _ = try await text(Get("feed"), api)
    #expect(try await text(offline, api) == "v1")
    clock.advance(25)
    let stale = await #expect(throws: RequestError.self) { try await text(offline, api) }
    #expect(stale?.kind == .notCached, "stale, and the request accepts no staleness")
    let accepting = Get("feed").header("Cache-Control", "only-if-cached, max-stale=60")
    #expect(try await text(accepting, api) == "v1")
    #expect(origin.count == 1)
  }

  @Test func c20PragmaNoCacheCountsOnlyWithoutCacheControl() async throws {
    let origin = server("max-age=600")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    #expect(try await text(Get("feed").header("Pragma", "no-cache"), api) == "v2")
    let both = Get("feed").header("Pragma", "no-cache").header("Cache-Control", "max-age=600")
    #expect(try await text(both, api) == "v2", "Cache-Control present: Pragma is ignored")
  }

  // MARK: Where the rules meet

  @Test func anOfflineValuesLoopShowsNothingTheRequestWouldRefuse() async throws {
    let origin = server("no-cache")
    let api = client(origin)
    _ = try await text(Get("balance"), api)
    var shown: [String] = []
    let error = await #expect(throws: RequestError.self) {
      for try await answer in Get("balance").cache(.cacheOnly).answers(on: api) {
        shown.append(answer.value.text)
      }
    }
    #expect(shown.isEmpty, "the no-cache balance is not shown, even marked kept")
    #expect(error?.kind == .notCached)
    #expect(origin.count == 1)
  }

  @Test func onlyIfCachedWithNoCacheIsNotAnsweredFromTheCache() async throws {
    let origin = server("max-age=600")
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    let error = await #expect(throws: RequestError.self) {
      try await text(Get("feed").header("Cache-Control", "only-if-cached, no-cache"), api)
    }
    #expect(error?.kind == .notCached)
    #expect(origin.count == 1)
  }

  @Test func maxStaleCountsFromNoFreshnessAtAllAsOkHttpDoes() async throws {
    let origin = server("")  // an ETag and no freshness
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    clock.advance(30)
    #expect(try await text(Get("feed").header("Cache-Control", "max-stale=60"), api) == "v1")
    clock.advance(40)
    #expect(try await text(Get("feed").header("Cache-Control", "max-stale=60"), api) == "v2")
  }

  @Test func anOfflineRequestOfAnotherMethodSendsNothing() async throws {
    let origin = server("max-age=600")
    let api = client(origin)
    let error = await #expect(throws: RequestError.self) {
      try await Post("feed").cache(.cacheOnly).value(on: api)
    }
    #expect(error?.kind == .notCached)
    #expect(origin.count == 0)
  }

  @Test func aRequestThatWantsNoStaleAnswerGetsTheErrorNotAStaleOne() async throws {
    let origin = ScriptedTransport { _, number in
      number == 1
        ? HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=10, stale-if-error=600"],
          body: Data("v1".utf8))
        : HTTPResponse(status: 500, headers: [:], body: Data("down".utf8))
    }
    let api = client(origin)
    _ = try await text(Get("feed"), api)
    clock.advance(20)
    let fresh = Get("feed").header("Cache-Control", "max-age=0").validate(statuses: 200..<600)
    #expect(try await fresh.value(on: api).status == 500, "max-age=0: no stale answer")
    #expect(try await text(Get("feed"), api) == "v1", "stale-if-error for a plain request")
  }
}
