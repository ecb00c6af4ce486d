import Catena
import CatenaTesting
import Foundation
import Testing

@Suite("The caching article's example, run")
struct CachingOverviewTests {
  @Test func theSecondLoadOnTheAppsClientSendsNothing() async throws {
    let server = FixtureTransport()
      .route(.get, "feed", json: #"{"data": [{"id": 1, "title": "Kept"}]}"#)
    let app = makeAPI(transport: server)
    let first = try await loadFeed(on: app)
    let second = try await loadFeed(on: app)
    #expect(first.map(\.title) == ["Kept"] && second.map(\.title) == ["Kept"])
    #expect(server.requests.count == 1, "the second load is answered by the app's cache")
  }

  @Test func aClientForEachCallWouldKeepNothing() async throws {
    let server = FixtureTransport()
      .route(.get, "feed", json: #"{"data": [{"id": 1, "title": "Kept"}]}"#)
    _ = try await loadFeed(on: makeAPI(transport: server))
    _ = try await loadFeed(on: makeAPI(transport: server))
    #expect(server.requests.count == 2, "why the article keeps one client")
  }
}
