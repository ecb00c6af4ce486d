// The opening example of the CachingAndSharing article, word for word; the article's snippet
// is checked against this region, and CachingOverviewTests runs it.

// snippet: caching-overview
import Catena
import Foundation

struct Article: Decodable, Sendable {
  var id: Int
  var title: String
}

/// One client for the app: its cache and its shared transfers last as long as it does (a
/// client made for each call would keep nothing between calls).
let api = makeAPI(transport: URLSessionTransport())

func makeAPI(transport: any Transport) -> Client {
  Client(
    baseURL: URL(string: "https://api.example.com/"), transport: transport,
    monitors: [RequestLog()],  // "GET https://api.example.com/feed: cacheHit"
    cache: HTTPCache(memoryLimit: 16 << 20))
}

func loadFeed(on client: Client = api) async throws -> [Article] {
  try await Get("feed")
    .cache(.staleTime(.seconds(30)))  // no request for 30 s after an answer
    .cacheTag("feed")
    .decode([Article].self, at: "data")
    .value(on: client)
}
// end snippet
