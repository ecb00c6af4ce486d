/// Sends a request and returns the whole response: what `URLSessionTransport` does over HTTP and
/// `FixtureTransport` (in `CatenaTesting`) does from canned responses.
///
/// Implementations honour task cancellation, and may throw ``RequestError`` or any error; the
/// client maps `CancellationError` and `URLError.cancelled` to ``RequestError/Kind/cancelled``,
/// `URLError.timedOut` to ``RequestError/Kind/timeout`` and the rest to
/// ``RequestError/Kind/transport``.
public protocol Transport: Sendable {
  /// Sends `request`, reports the transfer to `progress`, and waits for the response.
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse
}

extension Transport {
  /// Sends `request` and waits for its response.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await send(request, progress: nil)
  }
}
