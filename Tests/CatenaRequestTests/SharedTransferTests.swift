import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport that holds every request until the test answers, counting what it was sent and
/// which transfers were cancelled.
final class HeldTransport: Transport, @unchecked Sendable {
  private let lock = NSLock()
  private var held: [Int: CheckedContinuation<HTTPResponse, any Error>] = [:]
  private var next = 0
  private(set) var sent: [HTTPRequest] = []
  private(set) var cancelled = 0

  var waiting: Int { lock.withLock { held.count } }
  var sentCount: Int { lock.withLock { sent.count } }
  var cancelledCount: Int { lock.withLock { cancelled } }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let id = lock.withLock {
      next += 1
      sent.append(request)
      return next
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = lock.withLock { () -> Bool in
          if Task.isCancelled { return true }
          held[id] = continuation
          return false
        }
        if early { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = lock.withLock { () -> CheckedContinuation<HTTPResponse, any Error>? in
        guard let continuation = held.removeValue(forKey: id) else { return nil }
        cancelled += 1
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Answers every request held with `result`.
  func answer(_ result: Result<HTTPResponse, any Error>) {
    let all = lock.withLock {
      defer { held = [:] }
      return Array(held.values)
    }
    for continuation in all { continuation.resume(with: result) }
  }
}

/// Records a client's events.
final class EventLog: RequestMonitor, @unchecked Sendable {
  private let lock = NSLock()
  private var events: [RequestEvent.Kind] = []
  func record(_ event: RequestEvent) { lock.withLock { events.append(event.kind) } }
  func count(_ kind: RequestEvent.Kind) -> Int {
    lock.withLock { events.filter { $0 == kind }.count }
  }
}

@Suite("One transfer for identical requests in flight")
struct SharedTransferTests {
  let transport = HeldTransport()
  let log = EventLog()

  var client: Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    client.monitors = [log]
    return client
  }

  func ok(_ body: String) -> Result<HTTPResponse, any Error> {
    .success(HTTPResponse(status: 200, body: Data(body.utf8)))
  }

  @Test func identicalGetsInFlightSendOneTransferAndEachGetsTheAnswer() async throws {
    let client = client
    let askers = (0..<5).map { _ in Task { try await Get("feed").value(on: client).text } }
    try await turns("four askers to join the first") {
      log.count(.shared) == 4 && transport.waiting == 1
    }
    #expect(transport.sentCount == 1 && log.count(.sent) == 1)
    transport.answer(ok("fresh"))
    for asker in askers { #expect(try await asker.value == "fresh") }
    // Once it ended, the same request sends again.
    let again = Task { try await Get("feed").value(on: client).text }
    try await turns("a new transfer") { transport.waiting == 1 }
    transport.answer(ok("again"))
    #expect(try await again.value == "again")
    #expect(transport.sentCount == 2)
  }

  @Test func anAskerThatCancelsStopsAloneAndTheRestGetTheAnswer() async throws {
    let client = client
    let first = Task { try await Get("feed").value(on: client).text }
    let second = Task { try await Get("feed").value(on: client).text }
    try await turns("the second to join") { log.count(.shared) == 1 && transport.waiting == 1 }
    first.cancel()
    await #expect(throws: RequestError.self) { try await first.value }
    #expect(transport.cancelledCount == 0, "the transfer goes on for the second")
    transport.answer(ok("answer"))
    #expect(try await second.value == "answer")
  }

  @Test func whenEveryAskerCancelsTheTransferStops() async throws {
    let client = client
    let askers = (0..<3).map { _ in Task { try await Get("feed").value(on: client).text } }
    try await turns("all to join") { log.count(.shared) == 2 && transport.waiting == 1 }
    for asker in askers { asker.cancel() }
    for asker in askers {
      do {
        _ = try await asker.value
        Issue.record("a cancelled asker got a value")
      } catch let error as RequestError {
        #expect(error.kind == .cancelled)
      }
    }
    try await turns("the transfer to stop") { transport.cancelledCount == 1 }
    let after = Task { try await Get("feed").value(on: client).text }
    try await turns("a new transfer") { transport.waiting == 1 }
    transport.answer(ok("later"))
    #expect(try await after.value == "later")
  }

  @Test func aFailureReachesEveryAsker() async throws {
    let client = client
    let askers = (0..<3).map { _ in Task { try await Get("feed").value(on: client).text } }
    try await turns("all to join") { log.count(.shared) == 2 && transport.waiting == 1 }
    transport.answer(.success(HTTPResponse(status: 503)))
    for asker in askers {
      await #expect(throws: RequestError.self) { try await asker.value }
    }
    #expect(transport.sentCount == 1)
  }

  @Test func anEventSaysWhatHappenedToWhichRequest() throws {
    let url = try #require(URL(string: "https://api.example.com/feed?page=2"))
    #expect(
      RequestEvent(.cacheHit, method: .get, url: url).description
        == "GET https://api.example.com/feed?page=2: cacheHit")
  }

  @Test func onlyIdenticalRequestsOfSharingMethodsShare() async throws {
    let client = client
    let tasks = [
      Task { try await Get("feed").value(on: client).text },
      Task { try await Get("feed").header("Authorization", "Bearer B").value(on: client).text },
      Task { try await Get("feed", ["page": 2]).value(on: client).text },
      Task { try await Get("feed").shared(false).value(on: client).text },
      Task { try await Post("search", ["q": "sea"]).value(on: client).text },
      Task { try await Post("search", ["q": "sea"]).value(on: client).text },
      Task { try await Post("search", ["q": "sea"]).shared().value(on: client).text },
      Task { try await Post("search", ["q": "sea"]).shared().value(on: client).text },
    ]
    // Seven transfers: the shared POSTs make one between them, the rest one each.
    try await turns("seven transfers") { transport.waiting == 7 && log.count(.shared) == 1 }
    transport.answer(ok("x"))
    for task in tasks { #expect(try await task.value == "x") }
    #expect(transport.sentCount == 7)
  }
}

extension HTTPResponse {
  /// The body as UTF-8 text.
  var text: String { String(decoding: body, as: UTF8.self) }
}
