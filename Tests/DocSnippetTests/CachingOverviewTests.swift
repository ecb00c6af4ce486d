import Catena
import CatenaTesting
import Foundation
import Testing

@Suite("The caching article's example, run")
struct CachingOverviewTests {
  @Test func theSecondLoadOnTheAppsClientSendsNothing() async throws {
    let server = FixtureTransport()
      .route(.get, "feed", json: #"{"data": [{"id": 1, "title": "Kept"}]}"#)
    let (app, kept) = makeAPI(transport: server)
    let first = try await loadFeed(on: app)
    let second = try await loadFeed(on: app)
    #expect(first.map(\.title) == ["Kept"] && second.map(\.title) == ["Kept"])
    #expect(server.requests.count == 1, "the second load is answered by the app's cache")
    feedChanged(in: kept)
    _ = try await loadFeed(on: app)
    #expect(server.requests.count == 2, "the cache the app kept dropped the feed")
  }

  @Test func aClientForEachCallWouldKeepNothing() async throws {
    let server = FixtureTransport()
      .route(.get, "feed", json: #"{"data": [{"id": 1, "title": "Kept"}]}"#)
    _ = try await loadFeed(on: makeAPI(transport: server).0)
    _ = try await loadFeed(on: makeAPI(transport: server).0)
    #expect(server.requests.count == 2, "why the article keeps one client")
  }
}
