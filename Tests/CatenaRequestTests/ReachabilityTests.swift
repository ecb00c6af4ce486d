import CatenaRequest
import CatenaTesting
import Foundation
import Testing

@Suite("Reachability: offline requests wait for the network", .timeLimit(.minutes(10)))
struct ReachabilityTests {
  let network = ManualReachability(reachable: false)
  let transport = HeldTransport()
  let events = EventLog()

  var client: Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    client.reachability = network
    client.monitors = [events]
    return client
  }

  func ok(_ body: String) -> Result<HTTPResponse, any Error> {
    .success(HTTPResponse(status: 200, body: Data(body.utf8)))
  }

  @Test func anOfflineRequestWaitsAndIsSentWhenTheNetworkComesBack() async throws {
    let api = client
    let asker = Task { try await Get("feed").value(on: api).body }
    try await turns("the request to wait for the network") { network.listenerCount == 1 }
    #expect(transport.sentCount == 0, "nothing is sent while offline")
    #expect(events.count(.waitingForNetwork) == 1)
    network.isReachable = true
    try await turns("the request to be sent") { transport.waiting == 1 }
    transport.answer(ok("fresh"))
    #expect(try await asker.value == Data("fresh".utf8))
    #expect(network.listenerCount == 0, "the wait stopped following the network")
  }

  @Test func anOfflineRequestFailsAsOfflineAtItsDeadlineAndSendsNothing() async throws {
    var api = client
    api.timeout = .milliseconds(50)
    do {
      _ = try await Get("feed").value(on: api).body
      Issue.record("an offline request succeeded")
    } catch {
      #expect(error.kind == .offline)
      #expect(error.limit == .deadline(.milliseconds(50)))
      #expect(error.message.contains("unreachable"))
    }
    #expect(transport.sentCount == 0)
    #expect(network.listenerCount == 0)
  }

  @Test func cancellingAWaitingRequestEndsItAsCancelled() async throws {
    let api = client
    let asker = Task { try await Get("feed").value(on: api).body }
    try await turns("the request to wait") { network.listenerCount == 1 }
    asker.cancel()
    do {
      _ = try await asker.value
      Issue.record("a cancelled request succeeded")
    } catch let error as RequestError {
      #expect(error.kind == .cancelled)
    }
    #expect(transport.sentCount == 0)
  }

  @Test func aGetWhoseTransferFailsAsTheNetworkGoesIsSentAgainWhenItIsBack() async throws {
    network.isReachable = true
    let api = client
    let asker = Task { try await Get("feed").value(on: api).body }
    try await turns("the first transfer") { transport.waiting == 1 }
    network.isReachable = false
    transport.answer(.failure(URLError(.networkConnectionLost)))
    try await turns("the request to wait") { network.listenerCount == 1 }
    #expect(transport.sentCount == 1)
    network.isReachable = true
    try await turns("the second transfer") { transport.waiting == 1 }
    transport.answer(ok("again"))
    #expect(try await asker.value == Data("again".utf8))
    #expect(transport.sentCount == 2)
  }

  @Test func aPostWhoseTransferFailsAsTheNetworkGoesIsNotSentAgain() async throws {
    network.isReachable = true
    let api = client
    let asker = Task { try await Post("messages", ["text": "hi"]).value(on: api).body }
    try await turns("the transfer") { transport.waiting == 1 }
    network.isReachable = false
    transport.answer(.failure(URLError(.networkConnectionLost)))
    do {
      _ = try await asker.value
      Issue.record("a lost POST succeeded")
    } catch let error as RequestError {
      #expect(error.kind == .transport)
    }
    #expect(transport.sentCount == 1, "the server may have it: not sent twice")
  }

  @Test func aClientWithoutReachabilityNeverWaits() async throws {
    var api = client
    api.reachability = nil
    let asker = Task { try await Get("feed").value(on: api).body }
    try await turns("the transfer") { transport.waiting == 1 }
    transport.answer(ok("sent"))
    #expect(try await asker.value == Data("sent".utf8))
    #expect(events.count(.waitingForNetwork) == 0)
  }

  @Test func theStateNowComesFirstThenEachChange() async throws {
    let reachability = ManualReachability(reachable: true)
    let seen = Seen()
    let follower = Task {
      for await value in reachability.updates() {
        seen.append(value)
        if seen.values.count == 3 { break }
      }
    }
    try await turns("the state now") { seen.values == [true] }
    reachability.isReachable = true  // no change: not told
    reachability.isReachable = false
    try await turns("the change") { seen.values == [true, false] }
    reachability.isReachable = true
    await follower.value
    #expect(seen.values == [true, false, true])
    #expect(reachability.listenerCount == 0, "the loop ended: no longer followed")
  }
}

/// Values a loop saw.
final class Seen: @unchecked Sendable {
  // NB: `lock` guards `all`.
  private let lock = NSLock()
  private var all: [Bool] = []
  func append(_ value: Bool) { lock.withLock { all.append(value) } }
  var values: [Bool] { lock.withLock { all } }
}
