/// Sees every request before it is sent and every response after it arrives: for signing,
/// logging, metrics.
///
/// ```swift
/// struct Signer: Interceptor {
///   func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
///     var signed = request
///     try signed.headers.set("X-Signature", sign(request))
///     return signed
///   }
/// }
/// ```
public protocol Interceptor: Sendable {
  /// Returns the request to send instead of `request` (throwing stops the request). It runs
  /// again for each attempt, and again after a wait for the network: it says how the request
  /// is sent, and counts nothing.
  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest
  /// Looks at a response before it is shaped (once per attempt).
  func inspect(_ response: HTTPResponse, for request: HTTPRequest) async
}

extension Interceptor {
  /// Leaves the request as it is.
  public func adapt(_ request: HTTPRequest) async throws -> HTTPRequest { request }
  /// Does nothing.
  public func inspect(_ response: HTTPResponse, for request: HTTPRequest) async {}
}
