import FixtureServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What `/likes` holds for each run: the posts liked, and the gate a read's answer waits at.
actor Likes {
  static let shared = Likes()
  private var liked: [String: Set<Int>] = [:]
  private var gates: [String: String] = [:]

  func like(_ id: Int, in run: String) { liked[run, default: []].insert(id) }
  func liked(_ run: String) -> Set<Int> { liked[run, default: []] }
  /// Holds `run`'s reads at gate `name`, after they read (nil answers at once).
  func hold(_ run: String, at name: String?) { gates[run] = name }
  func gate(_ run: String) -> String? { gates[run] }
}

/// Three posts whose likes change, for a write that lands while a read is on its way back:
///
/// - `GET /likes?run=R`: the posts (`{"items": [{"id": 1, "title": "Post 1"}, …]}`, a liked
///   one titled `Post 1 ♥`) as they are when the request arrives; then, when the run is held,
///   the answer waits at its gate. `ETag` of the likes, `Cache-Control: no-cache`. Counted
///   under `likes-R`.
/// - `POST /likes/{id}?run=R`: likes post `id`; answers the post as it is now.
enum LikeRoutes {
  static func add(to router: Router<BasicRequestContext>) {
    router.get("likes") { request, _ in
      let run = String(request.uri.queryParameters.get("run") ?? "")
      let liked = await Likes.shared.liked(run)  // read first
      _ = await Attempts.shared.next("likes-\(run)")
      if let gate = await Likes.shared.gate(run) { await Gates.shared.pass(gate) }
      let posts = (1...3).map { #"{"id": \#($0), "title": "\#(title($0, liked))"}"# }
      var response = TestServer.json(#"{"items": [\#(posts.joined(separator: ","))]}"#)
      response.headers[.eTag] = "\"\(liked.sorted())\""
      response.headers[.cacheControl] = "no-cache"
      return response
    }
    router.post("likes/{id}") { request, context in
      let run = String(request.uri.queryParameters.get("run") ?? "")
      let id = context.parameters.get("id").flatMap { Int($0) } ?? 0
      await Likes.shared.like(id, in: run)
      let liked = await Likes.shared.liked(run)
      return TestServer.json(#"{"id": \#(id), "title": "\#(title(id, liked))"}"#)
    }
  }

  static func title(_ id: Int, _ liked: Set<Int>) -> String {
    liked.contains(id) ? "Post \(id) ♥" : "Post \(id)"
  }
}
