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
/// route's path, segment by segment; a segment written `{name}` matches any one segment, so
/// `products/{id}` answers `DELETE products/2` and not `products` or `products/2/photos`. The
/// route added last wins. Every request sent is recorded in ``requests``.
///
/// A request no route matches is a mistake in the test, never an answer: it fails the running
/// test (Swift Testing's `Issue.record`, or an XCTest failure) with the request and the nearest
/// route, and the transport throws ``UnmatchedRequest``, so the request fails as a transport
/// failure whose `underlyingError` says the same. Set ``unmatched`` to ``Unmatched/notFound`` to
/// answer such requests with a 404 instead, for a screen whose API is partly written.
public final class FixtureTransport: Transport, @unchecked Sendable {
  // NB: `lock` guards `routes`, `recorded` and `unmatchedAnswer`; nothing else is mutable.
  private let lock = NSLock()
  private var routes: [Route] = []
  private var recorded: [HTTPRequest] = []
  private var unmatchedAnswer = Unmatched.fail

  /// What a request that no route matches gets.
  public enum Unmatched: Sendable {
    /// The running test fails, naming the request and the nearest route, and the transport
    /// throws ``UnmatchedRequest`` (the default).
    case fail
    /// A 404 whose plain-text body names the request; no test fails.
    case notFound
  }

  /// What a request that no route matches gets: ``Unmatched/fail`` unless set.
  public var unmatched: Unmatched {
    get { lock.withLock { unmatchedAnswer } }
    set { lock.withLock { unmatchedAnswer = newValue } }
  }

  /// How a route answers.
  public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

  struct Route {
    let method: HTTPMethod?
    let pattern: RoutePattern
    let delay: Duration
    let respond: Responder
  }

  /// Creates a transport without routes.
  public init() {}

  /// Answers `method` requests for `path` (segments written `{name}` match any one segment)
  /// with `status`, `headers` and the JSON `json`, after `delay`.
  @discardableResult
  public func route(
    _ method: HTTPMethod? = nil, _ path: String, status: Int = 200, json: String,
    headers: HTTPHeaders = ["Content-Type": "application/json"], delay: Duration = .zero
  ) -> Self {
    route(method, path, status: status, body: Data(json.utf8), headers: headers, delay: delay)
  }

  /// Answers `method` requests for `path` (segments written `{name}` match any one segment)
  /// with `status`, `headers` and `body`, after `delay`.
  @discardableResult
  public func route(
    _ method: HTTPMethod? = nil, _ path: String, status: Int = 200, body: Data = Data(),
    headers: HTTPHeaders = [:], delay: Duration = .zero
  ) -> Self {
    route(method, path, delay: delay) { request in
      HTTPResponse(status: status, headers: headers, body: body, url: request.url)
    }
  }

  /// Answers `method` requests for `path` (segments written `{name}` match any one segment)
  /// with whatever `respond` returns or throws. The closure gets the request as sent, so it
  /// can answer by its path, its query and its body:
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
        Route(method: method, pattern: RoutePattern(path), delay: delay, respond: respond))
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
  ///
  /// - Throws: ``UnmatchedRequest`` when no route matches (unless ``unmatched`` is
  ///   ``Unmatched/notFound``), or what the route's responder throws.
  public func send(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    // A body from a file or a source is read, so that routes and recorded requests see it.
    let request = try await request.loadingStreamedBody()
    let segments = RoutePattern.segments(of: request.url.path)
    let (route, nearest, answer) = lock.withLock { () -> (Route?, Route?, Unmatched) in
      recorded.append(request)
      let matched = routes.last { route in
        (route.method == nil || route.method == request.method) && route.pattern.matches(segments)
      }
      guard matched == nil else { return (matched, nil, unmatchedAnswer) }
      return (nil, Self.nearest(to: request.method, segments, in: routes), unmatchedAnswer)
    }
    guard let route else {
      let unmatched = UnmatchedRequest(
        method: request.method, url: request.url,
        nearestRoute: nearest.map { RoutePattern.describe($0.method, $0.pattern) })
      if answer == .notFound {
        let message = "no fixture for \(request.method) \(request.url.path)"
        return HTTPResponse(
          status: 404, headers: ["Content-Type": "text/plain"], body: Data(message.utf8),
          url: request.url)
      }
      TestFailure.record(unmatched.description)
      throw unmatched
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

  /// The route nearest to a request of `method` for `segments` (``RoutePattern/distance(to:)``,
  /// a method that differs counting as one segment more); the route added last among equals.
  private static func nearest(
    to method: HTTPMethod, _ segments: [Substring], in routes: [Route]
  ) -> Route? {
    var best: (route: Route, distance: RoutePattern.Distance)?
    for route in routes {
      var distance = route.pattern.distance(to: segments)
      if route.method != nil, route.method != method { distance.segments += 1 }
      if let found = best, found.distance < distance { continue }
      best = (route, distance)
    }
    return best?.route
  }
}
