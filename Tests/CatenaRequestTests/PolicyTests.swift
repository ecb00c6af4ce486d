import CatenaTesting
import Foundation
import Testing

@testable import CatenaRequest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Counts, and remembers, thread-safely.
actor Counter {
  var count = 0
  var waits: [Duration] = []
  func next() -> Int {
    count += 1
    return count
  }
  func waited(_ duration: Duration) { waits.append(duration) }
}

/// A retry policy that records its waits instead of sleeping.
func recordingPolicy(_ counter: Counter, maxAttempts: Int = 3) -> RetryPolicy {
  RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(100), jitter: false) {
    await counter.waited($0)
  }
}

@Suite("Retry, refresh and interceptors")
struct PolicyTests {
  func client(
    _ fixtures: FixtureTransport, retry: RetryPolicy? = nil,
    authentication: Authentication? = nil, interceptors: [any Interceptor] = []
  ) -> Client {
    Client(
      baseURL: URL(string: "https://api.example.com/"), transport: fixtures,
      interceptors: interceptors, retry: retry, authentication: authentication)
  }

  @Test func retryableStatusesAreRetriedWithExponentialWaits() async throws {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.get, "flaky") { request in
      let attempt = await attempts.next()
      return HTTPResponse(status: attempt < 3 ? 503 : 200, body: Data("{}".utf8))
    }
    let value = try await Get("flaky").json().value(
      on: client(fixtures, retry: recordingPolicy(attempts)))
    #expect(value == [:])
    #expect(await attempts.count == 3)
    #expect(await attempts.waits == [.milliseconds(100), .milliseconds(200)])
  }

  @Test func retryAfterSetsTheWait() async throws {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.get, "busy") { _ in
      let attempt = await attempts.next()
      return attempt == 1
        ? HTTPResponse(status: 429, headers: ["Retry-After": "2"])
        : HTTPResponse(status: 200, body: Data("{}".utf8))
    }
    _ = try await Get("busy").json().value(on: client(fixtures, retry: recordingPolicy(attempts)))
    #expect(await attempts.waits == [.seconds(2)])
  }

  @Test(arguments: [
    "Thu, 26 Nov 2026 10:00:07 GMT",  // the preferred form
    "Thursday, 26-Nov-26 10:00:07 GMT",  // RFC 850
    "Thu Nov 26 10:00:07 2026",  // asctime
  ])
  func retryAfterAsAnHTTPDateWaitsUntilItByTheServersClock(date: String) async throws {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.get, "busy") { _ in
      let attempt = await attempts.next()
      return attempt == 1
        ? HTTPResponse(
          status: 503, headers: ["Retry-After": date, "Date": "Thu, 26 Nov 2026 10:00:00 GMT"])
        : HTTPResponse(status: 200, body: Data("{}".utf8))
    }
    _ = try await Get("busy").json().value(on: client(fixtures, retry: recordingPolicy(attempts)))
    #expect(await attempts.waits == [.seconds(7)], "seven seconds after the response's Date")
  }

  @Test func retryAfterDatesPastOrMalformedOrWithoutADate() throws {
    let now = try #require(HTTPDate.parse("Thu, 26 Nov 2026 09:00:00 GMT"))
    func wait(_ headers: HTTPHeaders) -> Duration? {
      RetryPolicy.retryAfter(HTTPResponse(status: 503, headers: headers), now: now)
    }
    #expect(wait(["Retry-After": "Thu, 26 Nov 2026 09:00:30 GMT"]) == .seconds(30), "by now")
    #expect(wait(["Retry-After": "Thu, 26 Nov 2026 08:00:00 GMT"]) == .zero, "past: at once")
    #expect(wait(["Retry-After": "1.5"]) == .milliseconds(1_500))
    for bad in ["soon", "-1", "Thu, 32 Nov 2026 09:00:00 GMT", "Thu, 26 Nov 2026 09:00:00 PST"] {
      #expect(wait(["Retry-After": bad]) == nil, "\(bad)")
    }
    #expect(wait([:]) == nil)
  }

  @Test func httpDatesReadAsTheInstantTheyName() throws {
    // 784111777 is Sun, 06 Nov 1994 08:49:37 GMT, RFC 9110's example.
    for text in [
      "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
      "Sun Nov  6 08:49:37 1994",
    ] {
      #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == 784_111_777, "\(text)")
    }
    #expect(HTTPDate.parse("Tue, 29 Feb 2028 23:59:59 GMT")?.timeIntervalSince1970 == 1_835_481_599)
    #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT")?.timeIntervalSince1970 == 0)
    // A date from random seconds reads back through Foundation's formatter as the same.
    var random = SystemRandomNumberGenerator()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    for _ in 0..<1_000 {
      let seconds = Double(Int.random(in: -2_000_000_000...8_000_000_000, using: &random))
      let date = Date(timeIntervalSince1970: seconds)
      #expect(
        HTTPDate.parse(formatter.string(from: date)) == date, "\(formatter.string(from: date))")
    }
  }

  @Test func theAttemptBudgetIsRespectedAndTheLastErrorKept() async {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.get, "down") { _ in
      _ = await attempts.next()
      return HTTPResponse(status: 500, body: Data("down".utf8))
    }
    let error = await #expect(throws: RequestError.self) {
      _ = try await Get("down").value(on: client(fixtures, retry: recordingPolicy(attempts)))
    }
    #expect(error?.status == 500)
    #expect(error?.bodyText == "down")
    #expect(await attempts.count == 3)
  }

  @Test func postIsNotRetriedByDefault() async {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.post, "orders") { _ in
      _ = await attempts.next()
      return HTTPResponse(status: 503)
    }
    _ = await #expect(throws: RequestError.self) {
      _ = try await Post("orders").value(on: client(fixtures, retry: recordingPolicy(attempts)))
    }
    #expect(await attempts.count == 1)
  }

  @Test func transportErrorsAreRetried() async throws {
    let attempts = Counter()
    let fixtures = FixtureTransport().route(.get, "wobbly") { _ in
      if await attempts.next() == 1 { throw URLError(.networkConnectionLost) }
      return HTTPResponse(status: 200, body: Data("{}".utf8))
    }
    _ = try await Get("wobbly").json().value(on: client(fixtures, retry: recordingPolicy(attempts)))
    #expect(await attempts.count == 2)
  }

  @Test func concurrent401sShareOneRefresh() async throws {
    let tokens = Tokens()
    let fixtures = FixtureTransport().route(.get, "me") { request in
      request.headers["Authorization"] == "Bearer new"
        ? HTTPResponse(status: 200, body: Data(#"{"ok": true}"#.utf8))
        : HTTPResponse(status: 401)
    }
    let authentication = Authentication(tokens)
    let api = client(fixtures, authentication: authentication)
    let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
      for _ in 0..<20 { group.addTask { try await Get("me").json().value(on: api) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 20)
    #expect(results.allSatisfy { $0["ok"].bool == true })
    #expect(await tokens.refreshes == 1)
    #expect(await authentication.refreshCount == 1)
  }

  @Test func aFailedRefreshIsA401Failure() async {
    let tokens = Tokens(failing: true)
    let fixtures = FixtureTransport().route(.get, "me", status: 401, body: Data("expired".utf8))
    let error = await #expect(throws: RequestError.self) {
      _ = try await Get("me").value(on: client(fixtures, authentication: Authentication(tokens)))
    }
    #expect(error?.status == 401)
    #expect(error?.bodyText == "expired")
  }

  @Test func interceptorsAdaptRequestsAndSeeResponses() async throws {
    let seen = Counter()
    let fixtures = FixtureTransport().route(.get, "x", json: "{}")
    _ = try await Get("x").value(on: client(fixtures, interceptors: [Stamp(seen: seen)]))
    #expect(fixtures.requests.first?.headers["X-Stamp"] == "catena")
    #expect(await seen.count == 1)
  }
}

/// A credential provider whose refresh swaps "old" for "new" (slowly, so refreshes overlap).
actor Tokens: CredentialProvider {
  var token = "old"
  var refreshes = 0
  let failing: Bool

  init(failing: Bool = false) { self.failing = failing }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    var authorized = request
    try authorized.headers.set("Authorization", "Bearer \(token)")
    return authorized
  }

  func refresh() async throws {
    refreshes += 1
    try await Task.sleep(for: .milliseconds(20))
    if failing { throw URLError(.userAuthenticationRequired) }
    token = "new"
  }
}

/// Stamps requests and counts responses.
struct Stamp: Interceptor {
  let seen: Counter
  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    var stamped = request
    try stamped.headers.set("X-Stamp", "catena")
    return stamped
  }
  func inspect(_ response: HTTPResponse, for request: HTTPRequest) async { _ = await seen.next() }
}
