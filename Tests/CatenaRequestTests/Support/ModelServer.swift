import CatenaRequest
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server of the cache's model tests: versions per path, the style of its next answers,
/// a cookie jar its transport sends, and requests it holds (answered as it read them when
/// they arrived) until the test lets them go.
final class ModelServer: Transport, @unchecked Sendable {
  // NB: `lock` guards every stored property but `name`.
  private let lock = NSLock()
  /// "server" or "guest": the first word of each body.
  let name: String
  private var state = ServerState()
  private var nextStyle = Style.maxAge
  private var holding = false
  private var held: [CheckedContinuation<Void, Never>] = []
  private var sends = 0
  private var jar: String?

  init(name: String) { self.name = name }

  /// The style of the answers from now on.
  var style: Style {
    get { lock.withLock { nextStyle } }
    set { lock.withLock { nextStyle = newValue } }
  }

  /// The user the jar's `sid` cookie names (nil: no cookie).
  var cookie: String? {
    get { lock.withLock { jar } }
    set { lock.withLock { jar = newValue } }
  }

  /// How many requests reached the server.
  var sent: Int { lock.withLock { sends } }

  /// How many requests it holds.
  var heldCount: Int { lock.withLock { held.count } }

  /// The next GET is answered `status` (503 by default).
  func failNext(_ status: Int = 503) { lock.withLock { state.failing = status } }

  /// The next GET is answered as usual (an outage that no request reached is over).
  func recover() { lock.withLock { state.failing = nil } }

  /// `path` changes on the server without this client asking (another device's write).
  func change(_ path: String) { lock.withLock { state.versions[path, default: 1] += 1 } }

  /// Holds the next request that arrives.
  func hold() { lock.withLock { holding = true } }

  /// Lets the held requests go, and holds no more.
  func release() {
    let waiting = lock.withLock {
      holding = false
      defer { held = [] }
      return held
    }
    for continuation in waiting { continuation.resume() }
  }

  func requestAsSent(_ request: HTTPRequest) -> HTTPRequest {
    guard let cookie else { return request }
    var sent = request
    try? sent.headers.set("Cookie", "sid=\(cookie)")
    return sent
  }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let request = requestAsSent(request)
    let (response, holds) = lock.withLock { () -> (HTTPResponse, Bool) in
      sends += 1
      defer { holding = false }
      return (answer(request), holding)
    }
    if holds {
      await withCheckedContinuation { continuation in
        lock.withLock { held.append(continuation) }
      }
    }
    return response
  }

  /// The answer to `request` as the server reads it now (under the lock).
  private func answer(_ request: HTTPRequest) -> HTTPResponse {
    let answer = state.answer(
      request.method, request.url.lastPathComponent, nextStyle,
      ifNoneMatch: request.headers["If-None-Match"], user: Self.user(of: request),
      language: request.headers["Accept-Language"] ?? "-", server: name)
    let url = request.url.deletingLastPathComponent().appendingPathComponent(answer.path)
    var headers = HTTPHeaders()
    if answer.status == 200 || answer.status == 304 {
      if let control = nextStyle.cacheControl { try? headers.set("Cache-Control", control) }
      if let etag = answer.etag { try? headers.set("ETag", etag) }
      if answer.status == 200, nextStyle.varies { try? headers.set("Vary", "Accept-Language") }
    }
    return HTTPResponse(
      status: answer.status, headers: headers, body: Data(answer.body.utf8), url: url)
  }

  /// Who the request's credential names: its bearer token, else its `sid` cookie.
  static func user(of request: HTTPRequest) -> String {
    if let token = request.headers["Authorization"], token.hasPrefix("Bearer ") {
      return String(token.dropFirst("Bearer ".count))
    }
    if let cookie = request.headers["Cookie"], cookie.hasPrefix("sid=") {
      return String(cookie.dropFirst("sid=".count))
    }
    return "nobody"
  }
}

/// What the model's server knows, and how it answers: the test's transport and the reference
/// both answer through it.
struct ServerState {
  var versions: [String: Int] = [:]
  var counter = 0
  /// The status the next GET is answered with, instead of its version.
  var failing: Int?

  /// An answer: its status, validator, body, and the path that answered (`r` redirects to `a`).
  struct Answer {
    var status: Int
    var etag: String?
    var body: String
    var path: String
  }

  /// The answer to `method` on `path` in `style`, with `ifNoneMatch`, for `user` in
  /// `language`.
  mutating func answer(
    _ method: HTTPMethod, _ path: String, _ style: Style, ifNoneMatch: String?, user: String,
    language: String, server: String
  ) -> Answer {
    let path = path == "r" ? "a" : path
    if method == .head {
      // The headers a GET would have now, no body: it changes nothing.
      return Answer(
        status: 200, etag: style.etag(path, versions[path, default: 1]), body: "", path: path)
    }
    guard method == .get else {
      versions[path, default: 1] += 1
      return Answer(status: 204, body: "", path: path)
    }
    if let status = failing {
      failing = nil
      return Answer(status: status, body: "", path: path)
    }
    let version = versions[path, default: 1]
    let etag = style.etag(path, version)
    let asked = ifNoneMatch?.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if let asked, let etag, asked.contains(etag) || style == .lying304 {
      return Answer(status: 304, etag: etag, body: "", path: path)
    }
    counter += 1
    return Answer(
      status: 200, etag: etag,
      body: "\(server) \(path) v\(version) \(user) \(language) #\(counter)",
      path: path)
  }
}

/// The user a test signs in: an interceptor's token, or a provider's credential and partition.
final class ModelUser: Interceptor, CredentialProvider, @unchecked Sendable {
  // NB: `lock` guards `current` and `pending`.
  private let lock = NSLock()
  private var current: String?
  private var pending: String??

  init(_ user: String?) { current = user }

  var user: String? {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }

  /// Signs `user` in when the retry policy next waits.
  func switchOnRetry(to user: String?) { lock.withLock { pending = .some(user) } }

  /// The retry policy's wait: a pending switch happens here.
  func retryWait() {
    lock.withLock {
      if let next = pending { current = next }
      pending = nil
    }
  }

  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    guard let user else { return request }
    var signed = request
    try signed.headers.set("Authorization", "Bearer \(user)")
    return signed
  }

  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
    let user = self.user
    guard let user else { return AuthorizedRequest(request, cachePartition: nil) }
    var signed = request
    try signed.headers.set("Authorization", "Bearer \(user)")
    return AuthorizedRequest(signed, cachePartition: user)
  }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    try await authorized(request).request
  }

  func refresh() async throws {}
}
