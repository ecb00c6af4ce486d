public import CatenaRequest
public import Foundation

/// A transport that answers from canned responses: for users' tests, for samples that run
/// without a server, and for lists that work before their API exists.
///
/// ```swift
/// let fixtures = FixtureTransport()
///   .route(.get, "user/info", json: #"{"data": {"user": {"id": 7, "name": "Ada"}}}"#)
///   .route(.post, "houses", status: 201, json: "{}", delay: .milliseconds(50))
///   .fail(.get, "flaky", with: URLError(.notConnectedToInternet))
/// let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
/// ```
///
/// A route matches a request of its method (any method when nil) whose URL path ends with the
/// route's path; the route added last wins. An unmatched request gets a 404 whose body names it.
/// Every request sent is recorded in ``requests``.
public final class FixtureTransport: Transport, @unchecked Sendable {
  // NB: `lock` guards `routes` and `recorded`; nothing else is mutable.
  private let lock = NSLock()
  private var routes: [Route] = []
  private var recorded: [HTTPRequest] = []

  /// How a route answers.
  public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

  struct Route {
    let method: HTTPMethod?
    let path: String
    let delay: Duration
    let respond: Responder
  }

  /// Creates a transport without routes.
  public init() {}

  /// Answers `method` requests for `path` with `status`, `headers` and the JSON `json`, after
  /// `delay`.
  @discardableResult
  public func route(
    _ method: HTTPMethod? = nil, _ path: String, status: Int = 200, json: String,
    headers: HTTPHeaders = ["Content-Type": "application/json"], delay: Duration = .zero
  ) -> Self {
    route(method, path, status: status, body: Data(json.utf8), headers: headers, delay: delay)
  }

  /// Answers `method` requests for `path` with `status`, `headers` and `body`, after `delay`.
  @discardableResult
  public func route(
    _ method: HTTPMethod? = nil, _ path: String, status: Int = 200, body: Data = Data(),
    headers: HTTPHeaders = [:], delay: Duration = .zero
  ) -> Self {
    route(method, path, delay: delay) { request in
      HTTPResponse(status: status, headers: headers, body: body, url: request.url)
    }
  }

  /// Answers `method` requests for `path` with whatever `respond` returns or throws. The
  /// closure gets the request as sent, so it can answer by its query and its body:
  ///
  /// ```swift
  /// fixtures.route(.get, "houses") { request in
  ///   let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
  ///   let page = query?.first { $0.name == "page" }?.value ?? "1"
  ///   let json = #"{"items": [{"id": \#(page)}]}"#
  ///   return HTTPResponse(status: 200, body: Data(json.utf8), url: request.url)
  /// }
  /// fixtures.route(.post, "search") { request in
  ///   let text = try JSONValue(parsing: request.body ?? Data())["text"].string ?? ""
  ///   let json = #"{"results": ["\#(text)"]}"#
  ///   return HTTPResponse(status: 200, body: Data(json.utf8), url: request.url)
  /// }
  /// ```
  @discardableResult
  public func route(
    _ method: HTTPMethod? = nil, _ path: String, delay: Duration = .zero,
    respond: @escaping Responder
  ) -> Self {
    lock.withLock {
      routes.append(
        Route(method: method, path: Self.normalized(path), delay: delay, respond: respond))
    }
    return self
  }

  /// Fails `method` requests for `path` with `error`, after `delay`.
  @discardableResult
  public func fail(
    _ method: HTTPMethod? = nil, _ path: String, with error: any Error,
    delay: Duration = .zero
  ) -> Self {
    route(method, path, delay: delay) { _ in throw error }
  }

  /// The requests sent so far, oldest first.
  public var requests: [HTTPRequest] { lock.withLock { recorded } }

  /// Forgets the recorded requests.
  public func clearRequests() { lock.withLock { recorded.removeAll() } }

  /// Records `request`, waits for the route's delay (cancellation ends the wait), and answers;
  /// `progress` hears the whole body go out and the whole response come in.
  public func send(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    // A body from a file or a source is read, so that routes and recorded requests see it.
    let request = try await request.loadingStreamedBody()
    let route = lock.withLock { () -> Route? in
      recorded.append(request)
      let path = Self.normalized(request.url.path)
      return routes.last { route in
        (route.method == nil || route.method == request.method)
          && (path == route.path || path.hasSuffix("/" + route.path))
      }
    }
    guard let route else {
      let message = "no fixture for \(request.method) \(request.url.path)"
      return HTTPResponse(
        status: 404, headers: ["Content-Type": "text/plain"], body: Data(message.utf8),
        url: request.url)
    }
    if let body = request.body {
      let size = Int64(body.count)
      progress?(TransferProgress(.upload, completed: size, total: size))
    }
    if route.delay > .zero { try await Task.sleep(for: route.delay) }
    try Task.checkCancellation()
    let response = try await route.respond(request)
    let size = Int64(response.body.count)
    progress?(TransferProgress(.download, completed: size, total: size))
    return response
  }

  private static func normalized(_ path: String) -> String {
    path.split(separator: "/").joined(separator: "/")
  }
}
