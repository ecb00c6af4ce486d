import CatenaRequest
import CatenaTesting
import FixtureServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Lets a test wait until the server has received a request (tagged `signal=ID`), instead of
/// sleeping and hoping.
actor Arrivals {
  static let shared = Arrivals()
  private var arrived: Set<String> = []
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  func arrived(_ id: String) {
    arrived.insert(id)
    for continuation in waiting.removeValue(forKey: id) ?? [] { continuation.resume() }
  }

  func hasArrived(_ id: String) -> Bool { arrived.contains(id) }

  func wait(for id: String) async {
    if arrived.contains(id) { return }
    await withCheckedContinuation { waiting[id, default: []].append($0) }
  }
}

/// Counts attempts per key, so tests can see how often the client called.
actor Attempts {
  static let shared = Attempts()
  private var counts: [String: Int] = [:]
  func next(_ key: String) -> Int {
    counts[key, default: 0] += 1
    return counts[key, default: 0]
  }
  func count(_ key: String) -> Int { counts[key, default: 0] }
}

/// The HTTP API the integration tests talk to, served by a real Hummingbird server.
enum TestServer {
  static func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.get("user") { _, _ in
      json(#"{"data": {"user": {"id": 7, "name": "Ada"}}, "code": "200"}"#)
    }
    router.get("status/{code}") { _, context in
      let code = Int(context.parameters.get("code") ?? "") ?? 500
      return json(#"{"error": "status \#(code)"}"#, status: .init(code: code))
    }
    router.get("malformed") { _, _ in json(#"{"data": {"user": "#) }
    router.get("empty") { _, _ in Response(status: .noContent) }
    router.get("slow") { request, _ in
      let milliseconds = Int(request.uri.queryParameters.get("ms") ?? "") ?? 1_000
      if let id = request.uri.queryParameters.get("signal") {
        await Arrivals.shared.arrived(String(id))
      }
      if let key = request.uri.queryParameters.get("count") {
        _ = await Attempts.shared.next(String(key))  // how many requests the server got
      }
      if let gate = request.uri.queryParameters.get("gate") {
        await Gates.shared.pass(String(gate))  // the test, not a clock, says when it answers
      } else {
        try await Task.sleep(for: .milliseconds(milliseconds))
      }
      if let id = request.uri.queryParameters.get("signal") {
        await Arrivals.shared.arrived("answered-\(id)")
      }
      return json(#"{"slept": \#(milliseconds)}"#)
    }
    // A document that must be revalidated before each use: 304 to its ETag, counted (the
    // 304s apart) under `count`.
    router.get("document") { request, _ in
      let key = request.uri.queryParameters.get("count").map { String($0) } ?? "document"
      if request.headers[.ifNoneMatch] == "\"v1\"" {
        _ = await Attempts.shared.next("\(key)-304")
        return Response(
          status: .notModified, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"])
      }
      _ = await Attempts.shared.next(key)
      var response = json(#"{"title": "The document"}"#)
      response.headers[.eTag] = "\"v1\""
      response.headers[.cacheControl] = "no-cache"
      return response
    }
    CacheRoutes.add(to: router)
    SessionRoutes.add(to: router)
    FeedRoutes.add(to: router)
    LikeRoutes.add(to: router)
    router.get("redirect") { request, _ in
      let to = request.uri.queryParameters.get("to") ?? "/user"
      return Response(status: .found, headers: [.location: to])
    }
    router.get("headers") { request, _ in
      var members: [String] = []
      for field in request.headers {
        members.append("\"\(field.name.canonicalName.lowercased())\": \"\(field.value)\"")
      }
      return json("{" + members.joined(separator: ", ") + "}")
    }
    router.post("echo") { request, _ in
      let body = try await request.body.collect(upTo: 20 << 20)
      var headers = HTTPFields()
      headers[.contentType] = request.headers[.contentType] ?? "application/octet-stream"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
    router.get("bytes") { request, _ in
      let count = Int(request.uri.queryParameters.get("n") ?? "") ?? 0
      var buffer = ByteBuffer()
      buffer.writeRepeatingByte(0x61, count: count)
      var headers = HTTPFields()
      headers[.contentType] = "application/octet-stream"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
    }
    // 503 with Retry-After: 1 for the first `fail` attempts of each `key`, then 200.
    router.get("unavailable") { request, _ in
      let key = String(request.uri.queryParameters.get("key") ?? "")
      let fail = Int(request.uri.queryParameters.get("fail") ?? "") ?? 1
      let attempt = await Attempts.shared.next("unavailable-\(key)")
      guard attempt > fail else {
        return Response(status: .serviceUnavailable, headers: [.retryAfter: "1"])
      }
      return json(#"{"attempt": \#(attempt)}"#)
    }
    // 401 unless the bearer token is "fresh".
    router.get("me") { request, _ in
      guard request.headers[.authorization] == "Bearer fresh" else {
        return json(#"{"error": "expired"}"#, status: .unauthorized)
      }
      return json(#"{"ok": true}"#)
    }
    // 401 with a `WWW-Authenticate` challenge of `scheme` (Basic, Digest, Bearer) unless the
    // bearer token is "fresh"; counted under `challenge-<key>`.
    router.get("challenge/{scheme}") { request, context in
      let scheme = context.parameters.get("scheme") ?? "Basic"
      let key = String(request.uri.queryParameters.get("key") ?? "")
      _ = await Attempts.shared.next("challenge-\(key)")
      guard request.headers[.authorization] == "Bearer fresh" else {
        let challenge =
          switch scheme {
          case "Digest": #"Digest realm="catena", qop="auth", nonce="abc123", opaque="xyz""#
          case "Bearer": #"Bearer realm="catena", error="invalid_token""#
          default: #"Basic realm="catena""#
          }
        var response = json(#"{"error": "who are you?"}"#, status: .unauthorized)
        response.headers[.wwwAuthenticate] = challenge
        return response
      }
      return json(#"{"ok": true}"#)
    }
    // A login that sets the session cookie on its redirect (`code`: 302 unless asked) to
    // `whoami`, which answers the cookie it was sent.
    for method in [HTTPRequest.Method.get, .post] {
      router.on("login", method: method) { request, _ in
        let code = Int(request.uri.queryParameters.get("code") ?? "") ?? 302
        var response = Response(status: .init(code: code))
        response.headers[.location] = "/whoami"
        response.headers[.setCookie] = "session=s3cret; Path=/; HttpOnly"
        return response
      }
      router.on("whoami", method: method) { request, _ in
        let cookie = request.headers[.cookie] ?? ""
        return json(#"{"cookie": "\#(cookie)", "method": "\#(request.method.rawValue)"}"#)
      }
    }
    router.post("token") { request, _ in
      let key = String(request.uri.queryParameters.get("key") ?? "")
      _ = await Attempts.shared.next("token-\(key)")
      return json(#"{"token": "fresh"}"#)
    }
    // A 200 whose envelope says otherwise.
    router.get("envelope") { request, _ in
      let code = request.uri.queryParameters.get("code") ?? "200"
      return json(
        #"{"data": {"code": "\#(code)", "message": "not allowed", "user": {"id": 1, "name": "Ada"}}}"#
      )
    }
    // A paged list of `total` houses (95 unless asked), counting the requests per page and run.
    router.get("houses") { request, _ in
      let query = request.uri.queryParameters
      let page = Int(query.get("pageIndex") ?? "") ?? 1
      let size = Int(query.get("pageSize") ?? "") ?? 20
      let total = Int(query.get("total") ?? "") ?? 95
      _ = await Attempts.shared.next("houses-\(query.get("run") ?? "")-\(page)")
      let start = (page - 1) * size
      let houses = (max(start, 0)..<min(start + size, total)).map {
        #"{"id": \#($0), "title": "House \#($0)"}"#
      }
      return json(
        #"{"Data": {"HouseList": [\#(houses.joined(separator: ","))], "PageSize": \#(size), "Total": \#(total)}}"#
      )
    }
    // The same 95 houses paged by offset, by cursor (`meta.next`) or by Link headers, served
    // by `FixturePages` exactly as `FixtureTransport` serves them in unit tests.
    let paged = FixturePages(count: 95) { $0 }
    router.get("paged/{style}") { request, context in
      let paging: FixturePaging =
        switch context.parameters.get("style") {
        case "offset": .offset()
        case "cursor": .cursor(next: "meta.next")
        default: .link()
        }
      guard let url = URL(string: "http://\(request.head.authority ?? "")\(request.uri)") else {
        return json(#"{"message": "bad URL"}"#, status: .badRequest)
      }
      let answer = try await paged.answer(url, paging: paging, list: "data") {
        ["id": .int($0), "title": .string("House \($0)")]
      }
      var headers = HTTPFields()
      for field in answer.headers {
        if let name = HTTPField.Name(field.name) { headers[name] = field.value }
      }
      return Response(
        status: .init(code: answer.status), headers: headers,
        body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
    FileEndpoints.add(to: router)
    EventEndpoints.add(to: router)
    return router
  }

  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// Runs `body` with the port of a live server on 127.0.0.1.
  static func run<Value: Sendable>(
    _ body: @Sendable (Int) async throws -> Value
  ) async throws -> Value {
    let app = Application(
      router: router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    return try await app.test(.live) { client in
      guard let port = client.port else { throw URLError(.cannotConnectToHost) }
      return try await body(port)
    }
  }
}
