import FixtureServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A session held in a cookie, and a document whose version changes out of band, for the
/// cache's seams with credentials and validators.
///
/// - `POST /session/login?user=A`: sets `sid=A` (path `/session`).
/// - `GET /session/me?k=`: who the cookie says (`{"user": "A"}`), with a weak `ETag` and no
///   `Cache-Control` (Express's default); a `304` when `If-None-Match` is that `ETag`. Counted
///   under `k` (and `k-304`).
/// - `GET /session/messages`: one message of the user the cookie says, in `items`, with a weak
///   `ETag` and no `Cache-Control` (a `304` for that `ETag`).
/// - `GET /session/home?k=&gate=`: who the cookie says, `Vary: Cookie`, fresh for ten minutes;
///   once counted, waits at `gate` when one is named.
/// - `GET /versioned/{key}`: `v<n>` with `ETag: "v<n>"`, `Last-Modified`, `max-age=0`; a `304`
///   when `If-None-Match` names the current version. `POST /versioned-bump/{key}` makes the
///   next version (another URL: it drops nothing kept for the document).
enum SessionRoutes {
  static func add(to router: Router<BasicRequestContext>) {
    router.post("session/login") { request, _ in
      let user = request.uri.queryParameters.get("user").map { String($0) } ?? "nobody"
      var response = Response(status: .ok)
      response.headers[.setCookie] = "sid=\(user); Path=/session"
      return response
    }
    router.get("session/me") { request, _ in
      let user = sid(request)
      let key = request.uri.queryParameters.get("k").map { String($0) } ?? "me"
      let etag = "W/\"\(user)\""
      if request.headers[.ifNoneMatch] == etag {
        _ = await Attempts.shared.next("\(key)-304")
        return Response(status: .notModified, headers: [.eTag: etag])
      }
      _ = await Attempts.shared.next(key)
      var response = TestServer.json(#"{"user": "\#(user)"}"#)
      response.headers[.eTag] = etag
      return response
    }
    router.get("session/messages") { request, _ in
      let user = sid(request)
      let etag = "W/\"messages-\(user)\""
      if request.headers[.ifNoneMatch] == etag {
        return Response(status: .notModified, headers: [.eTag: etag])
      }
      var response = TestServer.json(#"{"items": [{"id": 1, "title": "\#(user)'s message"}]}"#)
      response.headers[.eTag] = etag
      return response
    }
    router.get("session/home") { request, _ in
      let query = request.uri.queryParameters
      _ = await Attempts.shared.next(query.get("k").map { String($0) } ?? "home")
      if let gate = query.get("gate") { await Gates.shared.pass(String(gate)) }
      var response = TestServer.json(#"{"user": "\#(sid(request))"}"#)
      response.headers[.cacheControl] = "max-age=600"
      response.headers[.vary] = "Cookie"
      return response
    }
    router.get("versioned/{key}") { request, context in
      let key = context.parameters.get("key") ?? ""
      let version = await Attempts.shared.count("bump-\(key)") + 1
      if request.headers[.ifNoneMatch] == "\"v\(version)\"" {
        return Response(status: .notModified, headers: [.eTag: "\"v\(version)\""])
      }
      return Response(
        status: .ok,
        headers: [
          .eTag: "\"v\(version)\"", .lastModified: CacheRoutes.lastModified,
          .cacheControl: "max-age=0",
        ],
        body: .init(byteBuffer: ByteBuffer(string: "v\(version)")))
    }
    router.post("versioned-bump/{key}") { _, context in
      _ = await Attempts.shared.next("bump-\(context.parameters.get("key") ?? "")")
      return Response(status: .noContent)
    }
  }

  /// The user the request's `sid` cookie names, or "nobody".
  static func sid(_ request: Request) -> String {
    let cookies = request.headers[.cookie] ?? ""
    for pair in cookies.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "sid" {
        return String(parts[1])
      }
    }
    return "nobody"
  }
}
