import Catena
import CatenaTesting
import FixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Counts a client's events of each kind.
final class EventCounts: RequestMonitor, @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [RequestEvent.Kind: Int] = [:]
  func record(_ event: RequestEvent) { lock.withLock { counts[event.kind, default: 0] += 1 } }
  subscript(kind: RequestEvent.Kind) -> Int { lock.withLock { counts[kind, default: 0] } }
}

@Suite("One transfer for identical requests, over real HTTP")
struct SharedTransferIntegrationTests {

  /// `count` identical requests to the test server on `port`, held there at a gate of their
  /// own; returns once all but the first have joined the first and the server has it.
  func ask(
    _ count: Int, on port: Int
  ) async throws -> (
    api: Client, events: EventCounts, gate: String, askers: [Task<HTTPResponse, any Error>]
  ) {
    let events = EventCounts()
    let api = client(port, monitors: [events])
    let gate = "share-\(UUID())"
    let request = held(gate)
    let askers = (0..<count).map { [api] _ in Task { try await request.value(on: api) } }
    try await turns("\(count - 1) askers to join the first") { events[.shared] == count - 1 }
    try await turns("the server to get the request") { await Attempts.shared.count(gate) == 1 }
    return (api, events, gate, askers)
  }

  /// The request the server holds at `gate`, counted under `gate`.
  func held(_ gate: String) -> Request<HTTPResponse> {
    Get("slow", ["gate": .string(gate), "count": .string(gate)])
  }

  @Test func aHundredIdenticalGetsAtOnceReachTheServerOnce() async throws {
    try await TestServer.run { port in
      let (_, events, gate, askers) = try await ask(100, on: port)
      await Gates.shared.open(gate)
      for asker in askers {
        let response = try await asker.value
        #expect(response.status == 200)
      }
      #expect(await Attempts.shared.count(gate) == 1)
      #expect(events[.sent] == 1)
    }
  }

  @Test func oneAskerCancellingLeavesTheOthersTheirAnswer() async throws {
    try await TestServer.run { port in
      let (_, _, gate, askers) = try await ask(3, on: port)
      askers[1].cancel()
      let cancelled = await #expect(throws: RequestError.self) { try await askers[1].value }
      #expect(cancelled?.kind == .cancelled)
      await Gates.shared.open(gate)
      let answers = [try await askers[0].value, try await askers[2].value]
      #expect(answers.map(\.status) == [200, 200])
      #expect(await Attempts.shared.count(gate) == 1)
    }
  }

  @Test func whenEveryAskerCancelsTheNextAskSendsAgain() async throws {
    try await TestServer.run { port in
      let (api, events, gate, askers) = try await ask(3, on: port)
      for asker in askers { asker.cancel() }
      for asker in askers {
        let error = await #expect(throws: RequestError.self) { try await asker.value }
        #expect(error?.kind == .cancelled)
      }
      // The transfer stopped with its last asker: the same request now goes out again.
      await Gates.shared.open(gate)
      let again = try await held(gate).value(on: api)
      #expect(again.status == 200)
      #expect(await Attempts.shared.count(gate) == 2)
      #expect(events[.sent] == 2)
    }
  }
}
