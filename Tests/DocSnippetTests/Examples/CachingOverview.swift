// The opening example of the CachingAndSharing article, word for word; the article's snippet
// is checked against this region, and CachingOverviewTests runs it.

// snippet: caching-overview
import Catena
import Foundation

struct Article: Decodable, Sendable {
  var id: Int
  var title: String
}

/// One client for the app, and the cache it gave it: both last as long as the app (a client
/// made for each call would keep nothing between calls). The app keeps the cache to drop what
/// it keeps: a client's settings are given once and not read back.
let (api, cache) = makeAPI(transport: URLSessionTransport())

func makeAPI(transport: any Transport) -> (Client, HTTPCache) {
  let cache = HTTPCache(memoryLimit: 16 << 20)
  let client = Client(
    baseURL: URL(string: "https://api.example.com/"), transport: transport,
    monitors: [RequestLog()],  // "GET https://api.example.com/feed: cacheHit"
    cache: cache)
  return (client, cache)
}

func loadFeed(on client: Client = api) async throws -> [Article] {
  try await Get("feed")
    .cache(.staleTime(.seconds(30)))  // no request for 30 s after an answer
    .cacheTag("feed")
    .decode([Article].self, at: "data")
    .value(on: client)
}

/// After a post that changed the feed: the next load asks the server.
func feedChanged(in cache: HTTPCache = cache) { cache.invalidate(tag: "feed") }
// end snippet
