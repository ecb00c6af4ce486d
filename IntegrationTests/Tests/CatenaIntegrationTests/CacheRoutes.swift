import FixtureServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `/rfc`: a response described by its query, for the HTTP cache's cases. Each request is
/// counted under `k` (its 304s also under `k-304`, unsafe methods under `k-unsafe`), and the
/// body says which request it answers ("n=3"), so a test can tell a kept body from a new one.
///
/// - `cc`: Cache-Control. `etag`: `fixed` ("e1") or `count` (a new one each request).
///   `lm`: a Last-Modified. `vary`: Vary (the body then names the varied header's value).
///   `expires`: Expires as seconds after Date, or `0` (invalid). `age`: Age.
///   `status`: the status. `failFrom`: 500 from that request on. `cc304`: Cache-Control on a
///   304. `location`: Location on an unsafe method's answer. `unsafeStatus`: its status.
///   `gate`: once counted, waits at that gate (``Gates``) before answering. `cookie`: a `Set-Cookie` (for
///   another path) and hop-by-hop fields on the answer. `PURGE` counts as an unsafe method.
enum CacheRoutes {
  static let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"

  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  static func add(to router: Router<BasicRequestContext>) {
    router.get("rfc") { request, _ in await answer(request) }
    let purge = HTTPRequest.Method("PURGE") ?? .delete
    for method in [HTTPRequest.Method.post, .put, .delete, .patch, purge] {
      router.on("rfc", method: method) { request, _ in
        let query = request.uri.queryParameters
        let key = query.get("k").map { String($0) } ?? "rfc"
        _ = await Attempts.shared.next("\(key)-unsafe")
        var headers = HTTPFields()
        if let location = query.get("location") { headers[.location] = String(location) }
        let status = Int(query.get("unsafeStatus") ?? "") ?? 200
        return Response(status: .init(code: status), headers: headers)
      }
    }
  }

  static func answer(_ request: Request) async -> Response {
    let query = request.uri.queryParameters
    func parameter(_ name: String) -> String? { query.get(name).map { String($0) } }
    let key = parameter("k") ?? "rfc"
    let number = await Attempts.shared.next(key)
    if let gate = parameter("gate") { await Gates.shared.pass(gate) }
    // Hummingbird sets Date itself, from its own clock.
    let date = Date()
    var headers = HTTPFields()
    let etag: String? =
      switch parameter("etag") {
      case "fixed": "\"e1\""
      case "count": "\"e\(number)\""
      default: nil
      }
    if let etag { headers[.eTag] = etag }
    if parameter("lm") != nil { headers[.lastModified] = lastModified }
    if let cc = parameter("cc") { headers[.cacheControl] = cc }
    if parameter("cookie") != nil {
      headers[.setCookie] = "tracker=SECRET; Path=/elsewhere"
      headers[.connection] = "X-Hop"
      if let hop = HTTPField.Name("X-Hop") { headers[hop] = "1" }
      if let info = HTTPField.Name("Proxy-Authentication-Info") { headers[info] = "p" }
    }
    if let age = parameter("age") { headers[.age] = age }
    if let expires = parameter("expires") {
      headers[.expires] =
        expires == "0" ? "0" : httpDate(date.addingTimeInterval(Double(expires) ?? 0))
    }
    var variant = ""
    if let vary = parameter("vary") {
      headers[.vary] = vary
      if vary != "*", let field = HTTPField.Name(vary) {
        variant = " " + (request.headers[field] ?? "-")
      }
    }
    let matches =
      (etag != nil && request.headers[.ifNoneMatch] == etag)
      || (etag == nil && parameter("lm") != nil && request.headers[.ifModifiedSince] != nil)
    if matches {
      _ = await Attempts.shared.next("\(key)-304")
      var notModified = HTTPFields()
      if let etag { notModified[.eTag] = etag }
      if let cc = parameter("cc304") ?? parameter("cc") { notModified[.cacheControl] = cc }
      return Response(status: .notModified, headers: notModified)
    }
    var status = Int(parameter("status") ?? "") ?? 200
    if let from = Int(parameter("failFrom") ?? ""), number >= from { status = 500 }
    return Response(
      status: .init(code: status), headers: headers,
      body: .init(byteBuffer: ByteBuffer(string: "n=\(number)\(variant)")))
  }
}
