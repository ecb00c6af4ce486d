import Catena
import FixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("HTTPCache over real HTTP")
struct HTTPCacheIntegrationTests {
  @Test func aRevalidationReachesTheServerAndItsBodyComesFromTheCache() async throws {
    try await TestServer.run { port in
      let events = EventCounts()
      let api = client(port, monitors: [events], cache: HTTPCache())
      let key = "document-\(UUID())"
      let request = Get("document", ["count": .string(key)]).json(at: "title")
      for _ in 0..<3 {
        let title = try await request.value(on: api)
        #expect(title.string == "The document")
      }
      // The first sent the body; the other two got a 304 (the session's own cache is off, so
      // the 304 reached Catena's) and read the body kept.
      #expect(await Attempts.shared.count(key) == 1)
      #expect(await Attempts.shared.count("\(key)-304") == 2)
      #expect(events[.revalidated] == 2 && events[.cacheMiss] == 3)
    }
  }
}
