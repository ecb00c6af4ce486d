import Foundation

/// What one attempt of an exchange produced: a whole response, or the head of a streamed one.
protocol Exchanged: Sendable {
  /// The status and headers (and the body, when it is whole).
  var head: HTTPResponse { get }
  /// Lets go of a response not kept (a 401 before the refresh, a status to retry).
  func discard()
}

extension HTTPResponse: Exchanged {
  var head: HTTPResponse { self }
  func discard() {}
}

extension StreamedResponse: Exchanged {
  func discard() { body.cancel() }
}

extension RequestConvertible {
  /// Sends the request through `client` and makes its value: through the client's exchange
  /// (interceptors, credentials, retries) with the body in memory, shaped by
  /// ``interpret(_:)``; a ``Download`` writes its body to a file instead.
  package func exchange(
    on client: Client, progress: ProgressHandler?
  ) async throws(RequestError) -> (value: Value, response: HTTPResponse) {
    if let download = self as? Download {
      let (destination, head) = try await download.download(on: client, progress: progress)
      guard let value = destination as? Value else {
        preconditionFailure("a download's value is its destination")
      }
      return (value, head)
    }
    return try await client.sendInMemory(self, progress: progress)
  }

  /// Sends the request through `client` (``Client/default`` when nil) and returns at the head of the response, once its
  /// status is in 200..<300, with the body to read as it arrives (in bounded memory).
  ///
  /// The client's base URL, headers, interceptors, credentials (a 401 refreshes them before
  /// any byte of the body is read) and retry policy apply until the head arrives; the
  /// deadline (``RequestConvertible/timeout(_:)``) bounds the wait for the head. The body is
  /// bounded only by the request's own ``RequestConvertible/maxResponseBytes(_:)``: it is not
  /// held in memory. Cancelling the reading task, or dropping the body, cancels the transfer.
  ///
  /// ```swift
  /// let events = try await Get("events").header("Accept", "text/event-stream").stream(on: api)
  /// for try await line in events.body.lines() { print(line) }
  /// ```
  ///
  /// - Throws: ``RequestError``: a status outside 200..<300 is a `status` error with the
  ///   start of its body (at most 64 KiB).
  public func stream(
    on client: Client? = nil, progress: ProgressHandler? = nil
  ) async throws(RequestError) -> StreamedResponse {
    try await (client ?? .default).stream(definition, progress: progress)
  }
}

extension Client {
  /// The most bytes of an unaccepted response's body kept on its error.
  static let errorBodyLimit = 64 << 10

  /// Streams the response to `definition` (see ``RequestConvertible/stream(on:progress:)``).
  func stream(
    _ definition: RequestDefinition, progress: ProgressHandler?,
    accepted: (Int) -> Bool = { (200..<300).contains($0) }
  ) async throws(RequestError) -> StreamedResponse {
    let http = try prepare(definition, inMemory: false)
    let transport = transport
    let streamed = try await exchange(http, progress: progress) { request, progress in
      if let deadline = request.timeout {
        return try await Self.within(deadline) {
          try await transport.stream(request, progress: progress)
        }
      }
      return try await transport.stream(request, progress: progress)
    }
    guard accepted(streamed.head.status) else {
      throw await Self.unaccepted(streamed)
    }
    return streamed
  }

  /// The `status` error for a streamed response not accepted, with the start of its body.
  static func unaccepted(_ streamed: StreamedResponse) async -> RequestError {
    var response = streamed.head
    var body = Data()
    do {
      for try await chunk in streamed.body {
        body.append(chunk.prefix(errorBodyLimit - body.count))
        if body.count >= errorBodyLimit { break }
      }
    } catch {}
    streamed.body.cancel()
    response.body = body
    do {
      _ = try Shaping.accept(response, statuses: 200..<300)
    } catch {
      return error
    }
    return RequestError(.status, "the server answered \(response.status)")
  }
}
