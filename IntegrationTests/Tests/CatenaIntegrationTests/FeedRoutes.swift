import FixtureServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What `/feed` serves to each run: how many posts were published on top of its 95, and the
/// gate its answers wait at, when the test holds them.
actor Feeds {
  static let shared = Feeds()
  private var published: [String: Int] = [:]
  private var gates: [String: String] = [:]

  /// Puts `count` new posts on top of `run`'s feed.
  func publish(_ count: Int, in run: String) { published[run, default: 0] += count }
  /// How many posts were published in `run`.
  func publishedCount(_ run: String) -> Int { published[run, default: 0] }
  /// Holds `run`'s answers at gate `name` (nil answers at once).
  func hold(_ run: String, at name: String?) { gates[run] = name }
  /// The gate `run`'s answers wait at.
  func gate(_ run: String) -> String? { gates[run] }
}

/// `/feed?run=R&page=P&size=S`: a feed of 95 posts (ids 0–94), newest first, with the posts
/// published since (ids 1000…) on top. Each page has an `ETag` of the feed's version and
/// `Cache-Control: no-cache`: kept, and asked again with `If-None-Match` at each use; a `304`
/// when nothing changed. Requests are counted under `feed-R-P`, their 304s also under
/// `feed-R-P-304`. A held run waits at its gate before answering.
enum FeedRoutes {
  static func add(to router: Router<BasicRequestContext>) {
    router.get("feed") { request, _ in
      let query = request.uri.queryParameters
      let run = String(query.get("run") ?? "")
      let page = Int(query.get("page") ?? "") ?? 1
      let size = Int(query.get("size") ?? "") ?? 20
      let key = "feed-\(run)-\(page)"
      _ = await Attempts.shared.next(key)
      if let gate = await Feeds.shared.gate(run) { await Gates.shared.pass(gate) }
      let published = await Feeds.shared.publishedCount(run)
      var headers = HTTPFields()
      headers[.eTag] = "\"v\(published)\""
      headers[.cacheControl] = "no-cache"
      if request.headers[.ifNoneMatch] == headers[.eTag] {
        _ = await Attempts.shared.next("\(key)-304")
        return Response(status: .notModified, headers: headers)
      }
      let ids = (0..<published).reversed().map { 1000 + $0 } + Array(0..<95)
      let start = (page - 1) * size
      let posts = ids[min(max(start, 0), ids.count)..<min(start + size, ids.count)].map {
        #"{"id": \#($0), "title": "Post \#($0)"}"#
      }
      headers[.contentType] = "application/json"
      let body = #"{"posts": [\#(posts.joined(separator: ","))], "total": \#(ids.count)}"#
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
  }
}
