// The HTTP cache conformance suite's browser client, with a Catena `Client` and its
// `HTTPCache` in place of the browser's `fetch`: `IntegrationTests/CacheTests/run.mjs` runs
// the suite's own runner, and sends each test request here; this bridge sends it through one
// client (as a browser has one cache) to the suite's server and answers what the app would
// get.
//
//   cache-tests-bridge BASE [nio]   serves on a free loopback port, printing it first; BASE is
//                                   the suite server's URL (`http://localhost:8000`); `nio`
//                                   sends over AsyncHTTPClient instead of URLSession (every
//                                   response as the server sent it: Linux's URLSession refuses
//                                   an unknown content coding before the cache sees it)
//
// A request is a JSON object: `url`, `method`, `headers` (`[[name, value]]`), `body`, and
// fetch's `cache` mode, which maps to Catena's policies: `no-store` → `networkOnly` with the
// request's `no-store`, `reload` → `networkOnly`, `no-cache` → the request's `max-age=0` (as browsers send it),
// `force-cache` → the request's `max-stale`, `only-if-cached` → `cacheOnly`. The answer is
// `status`, `headers` and `body`; a failure is `{"error": "…"}`.
import CatenaRequest
import Foundation
import Hummingbird
import NIOCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Asked: Decodable {
  var url: String
  var method: String?
  var headers: [[String]]?
  var body: String?
  var cache: String?
}

struct Answered: Encodable {
  var status: Int?
  var headers: [[String]]?
  var body: String?
  var error: String?
}

guard CommandLine.arguments.count >= 2, let base = URL(string: CommandLine.arguments[1] + "/")
else {
  print("usage: cache-tests-bridge BASE [nio]")
  exit(2)
}

/// The one client of the run, as a browser has one cache.
struct Bridge: Sendable {
  let api: Client

  init(base: URL, nio: Bool) {
    // No cookie jar: Catena treats a cookie on the wire as a credential, and keeps nothing
    // for a request that carries one without a partition; a browser keeps them. The suite's
    // own cookie tests are named in the run's failures.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    let transport: any Transport =
      nio ? NIOTransport() : URLSessionTransport(configuration: configuration)
    api = Client(baseURL: base, transport: transport, cache: HTTPCache(memoryLimit: 64 << 20))
  }

  /// `asked` sent through the client.
  func send(_ asked: Asked) async -> Answered {
    var request = Get(asked.url).validate(statuses: 100..<1000)
    request.definition.method = HTTPMethod(rawValue: (asked.method ?? "GET").uppercased())
    for pair in asked.headers ?? [] where pair.count == 2 {
      request = request.header(pair[0], pair[1])
    }
    if let body = asked.body {
      request = request.body(.data(Data(body.utf8), contentType: "text/plain"))
    }
    switch asked.cache {
    case "no-store": request = request.cache(.networkOnly).header("Cache-Control", "no-store")
    case "reload": request = request.cache(.networkOnly)
    case "no-cache": request = request.header("Cache-Control", "max-age=0")
    case "force-cache": request = request.header("Cache-Control", "max-stale")
    case "only-if-cached": request = request.cache(.cacheOnly)
    default: break
    }
    do {
      let response = try await request.value(on: api)
      return Answered(
        status: response.status, headers: response.headers.map { [$0.name, $0.value] },
        body: String(decoding: response.body, as: UTF8.self))
    } catch {
      return Answered(error: "\(error)")
    }
  }
}

let bridge = Bridge(base: base, nio: CommandLine.arguments.dropFirst(2).first == "nio")

let router = Router()
router.post("fetch") { request, _ -> Response in
  let bytes = try await request.body.collect(upTo: 16 << 20)
  let asked = try JSONDecoder().decode(Asked.self, from: Data(buffer: bytes))
  let answered = await bridge.send(asked)
  let json = try JSONEncoder().encode(answered)
  return Response(
    status: .ok, headers: [.contentType: "application/json"],
    body: .init(byteBuffer: ByteBuffer(bytes: json)))
}
let app = Application(
  router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
  onServerRunning: { channel in
    FileHandle.standardOutput.write(Data("\(channel.localAddress?.port ?? 0)\n".utf8))
  })
try await app.runService()
