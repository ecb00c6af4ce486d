import Catena
import FixtureServer
import Foundation
import Testing

@Suite("Server-sent events over real HTTP")
struct ServerSentEventTests {
  /// Event `index` as the server sends it.
  func tick(_ index: Int) -> ServerSentEvent {
    ServerSentEvent(
      type: "tick", data: "tick \(index)\n" + #"{"n": \#(index)}"#, id: String(index),
      retry: .milliseconds(1_500))
  }

  @Test func aStreamGivesEveryEventAsTheyCome() async throws {
    try await TestServer.run { port in
      let feed = try await Get("events/ticks", ["count": 300]).stream(on: client(port))
      #expect(feed.head.headers["Content-Type"] == "text/event-stream")
      var received: [ServerSentEvent] = []
      for try await event in feed.body.events() { received.append(event) }
      #expect(received == (0..<300).map(tick))
    }
  }

  @Test func aStreamResumesAfterTheLastEventID() async throws {
    try await TestServer.run { port in
      let api = client(port)
      var lastID = ""
      // Stops after event 99 (the transfer is cancelled), then asks for the rest.
      let first = try await Get("events/ticks", ["count": 300]).stream(on: api)
      for try await event in first.body.events() {
        lastID = event.id
        if event.id == "99" { break }
      }
      let rest = try await Get("events/ticks", ["count": 300]).header("Last-Event-ID", lastID)
        .stream(on: api)
      var received: [ServerSentEvent] = []
      for try await event in rest.body.events() { received.append(event) }
      #expect(received == (100..<300).map(tick))
    }
  }
}
