public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a request goes and how: base URL, default headers, transport, and where callbacks run.
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

  /// Creates a client.
  public init(
    baseURL: URL? = nil, defaultHeaders: HTTPHeaders = [:], transport: any Transport,
    allowsAbsoluteURLs: Bool = false
  ) {
    self.baseURL = baseURL
    self.defaultHeaders = defaultHeaders
    self.transport = transport
    self.allowsAbsoluteURLs = allowsAbsoluteURLs
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
    let response: HTTPResponse
    do {
      try Task.checkCancellation()
      response = try await transport.send(http, progress: progress)
      try Task.checkCancellation()
    } catch {
      throw Self.map(error)
    }
    return (try request.interpret(response), response)
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
