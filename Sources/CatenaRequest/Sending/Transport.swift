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

  /// Sends `request` and returns once the head of the response arrived, with its body to
  /// read as it comes (bounded in memory; cancelling the reader cancels the transfer).
  ///
  /// The default sends the request with ``send(_:progress:)`` and gives the whole body as one
  /// chunk: right for transports that answer from memory.
  func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse

  /// `request` with the headers this transport adds to it on the wire, such as the cookies
  /// of its cookie storage: what a client's ``HTTPCache`` decides on (the partition a
  /// credential needs, the `Vary` match). Read at once, without sending. The default adds
  /// nothing.
  func requestAsSent(_ request: HTTPRequest) -> HTTPRequest
}

extension Transport {
  /// Sends `request` and gives the whole body as one chunk.
  public func stream(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> StreamedResponse {
    let response = try await send(request, progress: progress)
    return StreamedResponse(head: response, body: ResponseBody(response.body))
  }

  /// `request`: this transport adds no header.
  public func requestAsSent(_ request: HTTPRequest) -> HTTPRequest { request }
}
