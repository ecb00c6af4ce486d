public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a request goes and how: base URL, default headers, transport, policies, and where
/// nonisolated callbacks run.
///
/// ```swift
/// let api = Client(baseURL: URL(string: "https://api.example.com/v1/"), transport: transport)
/// let user = try await Get("user/info").decode(User.self, at: "data").on(api).value
/// ```
public struct Client: Sendable {
  /// Where relative paths are resolved; requests never leave its host unless
  /// ``allowsAbsoluteURLs``.
  public var baseURL: URL?
  /// Headers every request carries (a request's own headers win).
  public var defaultHeaders: HTTPHeaders
  /// What sends the requests.
  public var transport: any Transport
  /// Whether a request may name an absolute URL on another host.
  public var allowsAbsoluteURLs: Bool
  /// Adapt requests before sending and inspect responses, in order.
  public var interceptors: [any Interceptor]
  /// When failures are sent again; nil for never.
  public var retry: RetryPolicy?
  /// Credentials for every request, refreshed once on 401.
  public var authentication: Authentication?
  /// Where a ``Call``'s nonisolated callbacks run: the main actor unless configured.
  public var delivery: Delivery

  /// Creates a client.
  public init(
    baseURL: URL? = nil, defaultHeaders: HTTPHeaders = [:], transport: any Transport,
    allowsAbsoluteURLs: Bool = false, interceptors: [any Interceptor] = [],
    retry: RetryPolicy? = nil, authentication: Authentication? = nil,
    delivery: Delivery = .mainActor
  ) {
    self.delivery = delivery
    self.baseURL = baseURL
    self.defaultHeaders = defaultHeaders
    self.transport = transport
    self.allowsAbsoluteURLs = allowsAbsoluteURLs
    self.interceptors = interceptors
    self.retry = retry
    self.authentication = authentication
  }

  /// Sends `request` and shapes its response.
  ///
  /// - Throws: ``RequestError``, never anything else.
  public func send<R: RequestConvertible>(_ request: R) async throws(RequestError) -> R.Value {
    try await response(for: request).value
  }

  /// Sends `request` and returns the shaped value with the response it came from.
  ///
  /// - Throws: ``RequestError``, never anything else.
  public func response<R: RequestConvertible>(
    for request: R, progress: ProgressHandler? = nil
  ) async throws(RequestError) -> (value: R.Value, response: HTTPResponse) {
    let http = try request.definition.httpRequest(
      baseURL: baseURL, defaultHeaders: defaultHeaders, allowsAbsoluteURLs: allowsAbsoluteURLs)
    let response = try await exchange(http, progress: progress)
    return (try request.interpret(response), response)
  }

  /// Sends `base` until it has a response to keep: through the interceptors, with the current
  /// credential, refreshing it once on 401, and retrying as the policy says.
  func exchange(
    _ base: HTTPRequest, progress: ProgressHandler?
  ) async throws(RequestError) -> HTTPResponse {
    var attempt = 1
    var refreshed = false
    while true {
      do {
        try Task.checkCancellation()
        var request = base
        for interceptor in interceptors { request = try await interceptor.adapt(request) }
        let seen = await authentication?.gate.generation ?? 0
        if let authentication { request = try await authentication.provider.authorize(request) }
        let response = try await transport.send(request, progress: progress)
        try Task.checkCancellation()
        for interceptor in interceptors { await interceptor.inspect(response, for: request) }
        if response.status == 401, let authentication, !refreshed {
          refreshed = true
          do {
            try await authentication.gate.refresh(after: seen, using: authentication.provider)
          } catch {
            var failure = Self.map(error)
            if failure.kind != .cancelled {
              failure = RequestError(
                .status, "the credential could not be refreshed", underlyingError: error)
              failure.status = 401
              failure.body = response.body
              failure.headers = response.headers
            }
            throw failure
          }
          continue
        }
        if let retry,
          let delay = retry.delay(
            after: attempt, method: base.method, response: response, error: nil)
        {
          attempt += 1
          try await retry.sleep(delay)
          continue
        }
        return response
      } catch {
        let failure = Self.map(error)
        guard failure.kind != .cancelled, failure.status == nil, let retry,
          let delay = retry.delay(
            after: attempt, method: base.method, response: nil, error: failure)
        else { throw failure }
        attempt += 1
        do {
          try await retry.sleep(delay)
        } catch {
          throw Self.map(error)
        }
      }
    }
  }

  /// A transport's error as a ``RequestError``.
  static func map(_ error: any Error) -> RequestError {
    if let error = error as? RequestError { return error }
    if error is CancellationError {
      return RequestError(.cancelled, "the request was cancelled", underlyingError: error)
    }
    if let error = error as? URLError {
      switch error.code {
      case .cancelled:
        return RequestError(.cancelled, "the request was cancelled", underlyingError: error)
      case .timedOut:
        return RequestError(.timeout, "no response in time", underlyingError: error)
      default:
        return RequestError(
          .transport, "the request failed: \(error.localizedDescription)", underlyingError: error)
      }
    }
    return RequestError(.transport, "the request failed: \(error)", underlyingError: error)
  }
}
