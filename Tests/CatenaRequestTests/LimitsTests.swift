import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// The deadline, the idle timeout and the size limit, as the client applies them around any
/// transport.
@Suite("Deadlines and size limits")
struct LimitsTests {
  let fixtures = FixtureTransport()
    .route(.get, "never") { _ in
      // Answers only when cancelled: the deadline must end it.
      try await Task.sleep(for: .seconds(86_400))
      return HTTPResponse(status: 200, body: Data())
    }
    .route(.get, "now", json: #"{"ok": true}"#)
    .route(.get, "two-mebibytes", body: Data(count: 2 << 20))

  func client(
    timeout: Duration? = nil, maxResponseBytes: Int? = Client.defaultMaxResponseBytes
  ) -> Client {
    Client(
      baseURL: URL(string: "https://api.example.com/"), transport: fixtures, timeout: timeout,
      maxResponseBytes: maxResponseBytes)
  }

  func failure<R: RequestConvertible>(
    _ request: R, on client: Client
  ) async -> RequestError? {
    do {
      _ = try await request.value(on: client)
      return nil
    } catch {
      return error
    }
  }

  @Test func aRequestThatNeverAnswersFailsAtItsDeadline() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let error = try #require(
      await failure(Get("never").timeout(.milliseconds(200)), on: client()))
    let elapsed = clock.now - start
    #expect(error.kind == .timeout)
    #expect(error.limit == .deadline(.milliseconds(200)))
    #expect(error.message.contains("deadline"))
    // The route answers only when cancelled: the deadline alone ends it, never early. (How
    // late is asserted over real HTTP, in the integration tests: here the unit tests' CPU-bound
    // property runs share the two cores, and a timer may wait seconds for a thread.)
    #expect(elapsed >= .milliseconds(200), "the deadline of 200 ms fired after \(elapsed)")
  }

  @Test func theClientsDeadlineAppliesUnlessTheRequestSetsItsOwn() async throws {
    let api = client(timeout: .milliseconds(20))
    let error = try #require(await failure(Get("never"), on: api))
    #expect(error.limit == .deadline(.milliseconds(20)))
    let own = try #require(await failure(Get("never").timeout(.milliseconds(30)), on: api))
    #expect(own.limit == .deadline(.milliseconds(30)))
  }

  @Test func anAnswerBeforeTheDeadlineIsKeptAndEndsTheWaitAtOnce() async throws {
    let value = try await Get("now").json(at: "ok").timeout(.seconds(86_400)).value(on: client())
    #expect(value == .bool(true))
  }

  @Test func cancellingBeforeTheDeadlineIsACancellationNotATimeout() async throws {
    let api = client()
    let task = Task { await failure(Get("never").timeout(.seconds(86_400)), on: api) }
    for _ in 0..<10_000 where fixtures.requests.isEmpty { await Task.yield() }
    #expect(!fixtures.requests.isEmpty, "the request reached the transport")
    task.cancel()
    let error = try #require(await task.value)
    #expect(error.kind == .cancelled)
  }

  @Test func aBodyOverTheLimitIsATypedErrorSayingTheLimit() async throws {
    let error = try #require(
      await failure(Get("two-mebibytes"), on: client(maxResponseBytes: 1 << 20)))
    #expect(error.kind == .tooLarge)
    #expect(error.limit == .responseSize(1 << 20))
    #expect(error.message.contains("1048576"))
  }

  @Test func aRequestOverridesTheClientsLimitEitherWay() async throws {
    let tight = client(maxResponseBytes: 1 << 20)
    let whole = try await Get("two-mebibytes").maxResponseBytes(nil).value(on: tight)
    #expect(whole.body.count == 2 << 20)
    let raised = try await Get("two-mebibytes").maxResponseBytes(4 << 20).value(on: tight)
    #expect(raised.body.count == 2 << 20)
    let none = client(maxResponseBytes: nil)
    let error = try #require(await failure(Get("two-mebibytes").maxResponseBytes(10), on: none))
    #expect(error.limit == .responseSize(10))
  }

  @Test func theDefaultLimitIs64MiB() {
    #expect(Client(transport: fixtures).maxResponseBytes == 64 << 20)
  }

  @Test func theTransportIsToldEveryLimit() async throws {
    var api = client(timeout: .seconds(9), maxResponseBytes: 1_000)
    api.idleTimeout = .seconds(3)
    api.sensitiveHeaders = ["X-Api-Key"]
    _ = try await Get("now").sensitiveHeader("X-Signature").idleTimeout(.seconds(2)).value(on: api)
    let sent = try #require(fixtures.requests.last)
    #expect(sent.timeout == .seconds(9))
    #expect(sent.idleTimeout == .seconds(2))
    #expect(sent.maxResponseBytes == 1_000)
    #expect(sent.sensitiveHeaders == ["x-api-key", "x-signature"])
    #expect(sent.isSensitive("Authorization") && sent.isSensitive("X-API-KEY"))
    #expect(!sent.isSensitive("Accept"))
  }
}
