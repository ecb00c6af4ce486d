import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every event, in order, with `finished`'s duration left out (it is the clock's).
final class EventTrail: RequestMonitor, @unchecked Sendable {
  private let lock = NSLock()
  private var kinds: [RequestEvent.Kind] = []
  func record(_ event: RequestEvent) { lock.withLock { kinds.append(event.kind) } }

  /// The events, each `finished` as "finished status/failure bytes transfers".
  var trail: [String] {
    lock.withLock {
      kinds.map { kind in
        guard case .finished(let metrics) = kind else { return "\(kind)" }
        let outcome = metrics.failure.map { "\($0)" } ?? metrics.status.map { "\($0)" } ?? "-"
        return "finished \(outcome) \(metrics.receivedBytes)B ×\(metrics.transfers)"
      }
    }
  }
}

@Suite("What a monitor sees of each request")
struct RequestEventTests {
  let trail = EventTrail()

  func client(_ transport: any Transport) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    client.monitors = [trail]
    return client
  }

  @Test func aRequestIsQueuedThenSentThenFinished() async throws {
    let api = client(
      ScriptedTransport { _, _ in HTTPResponse(status: 200, body: Data("hello".utf8)) })
    _ = try await Get("feed").value(on: api)
    #expect(trail.trail == ["queued", "sent", "finished 200 5B ×1"])
  }

  @Test func aCacheHitSendsNothing() async throws {
    var api = client(
      ScriptedTransport { _, _ in
        HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("abc".utf8))
      })
    api.cache = HTTPCache()
    _ = try await Get("feed").value(on: api)
    _ = try await Get("feed").value(on: api)
    #expect(
      trail.trail == [
        "queued", "cacheMiss", "sent", "finished 200 3B ×1",
        "queued", "cacheHit", "finished 200 3B ×0",
      ])
  }

  @Test func retriesAreSeenWithTheirAttemptAndWait() async throws {
    var api = client(
      ScriptedTransport { _, number in HTTPResponse(status: number < 3 ? 503 : 200) })
    api.retry = RetryPolicy(baseDelay: .milliseconds(10), jitter: false, sleep: { _ in })
    _ = try await Get("feed").response(on: api)
    #expect(
      trail.trail == [
        "queued", "sent", "retrying(attempt: 2, after: 0.01 seconds)", "sent",
        "retrying(attempt: 3, after: 0.02 seconds)", "sent", "finished 200 0B ×3",
      ])
  }

  @Test func aRedirectIsSeenWithWhereTheResponseCameFrom() async throws {
    let moved = URL(string: "https://api.example.com/v2/feed")!
    let api = client(ScriptedTransport { _, _ in HTTPResponse(status: 200, url: moved) })
    _ = try await Get("feed").response(on: api)
    #expect(trail.trail == ["queued", "sent", "redirected(to: \(moved))", "finished 200 0B ×1"])
  }

  @Test func aCancelIsSeenAndTheRequestFinishesOnce() async throws {
    let transport = HeldTransport()
    let api = client(transport)
    let asker = Task { try await Get("feed").value(on: api) }
    try await turns("the request to reach the transport") { transport.waiting == 1 }
    asker.cancel()
    await #expect(throws: RequestError.self) { try await asker.value }
    #expect(trail.trail == ["queued", "sent", "cancelled", "finished cancelled 0B ×1"])
  }

  @Test func aFailureToDecodeFinishesWithTheStatusAndTheFailure() async throws {
    let api = client(ScriptedTransport { _, _ in HTTPResponse(status: 200, body: Data("[]".utf8)) })
    await #expect(throws: RequestError.self) {
      try await Get("feed").decode([String: Int].self).value(on: api)
    }
    #expect(trail.trail == ["queued", "sent", "finished decoding 2B ×1"])
  }

  @Test func aStatusFailureKeepsItsStatus() async throws {
    let api = client(ScriptedTransport { _, _ in HTTPResponse(status: 404, body: Data("no".utf8)) })
    await #expect(throws: RequestError.self) { try await Get("feed").value(on: api) }
    #expect(trail.trail == ["queued", "sent", "finished status 2B ×1"])
  }
}

@Test func metricsReadAsALine() {
  let metrics = RequestMetrics(
    status: 200, failure: nil, duration: .microseconds(12_500), receivedBytes: 1_024, transfers: 1)
  #expect(metrics.description == "200, 1024 bytes, 1 transfer, 12.5 ms")
  let event = RequestEvent(
    .finished(metrics), method: .get, url: URL(string: "https://a.example/f")!)
  #expect(
    event.description == "GET https://a.example/f: finished(200, 1024 bytes, 1 transfer, 12.5 ms)")
}
