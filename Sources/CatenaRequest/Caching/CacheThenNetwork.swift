import Foundation

extension RequestConvertible {
  /// The value kept in the client's cache, at once, then the server's when it arrives: a
  /// screen shows what it had and replaces it, without a spinner in between.
  ///
  /// ```swift
  /// for try await feed in Get("feed").decode([Article].self, at: "data").values(on: api) {
  ///   show(feed)  // the kept feed now, the fresh one when it comes
  /// }
  /// ```
  ///
  /// The first value is the response the cache keeps for this request, however old (none
  /// without a cache, a kept response, or when it does not shape). Then the server is asked,
  /// with the kept response's validators: its answer is kept, and becomes the second value
  /// unless it is the same body (a `304`, or the same bytes again), so a list is told
  /// only of a change. The stream ends after the server's answer, or with its
  /// ``RequestError`` (the kept value stays shown). Cancelling the loop cancels the request.
  /// A ``Download`` gives its one value.
  public func values(on client: Client? = nil) -> AsyncThrowingStream<Value, any Error> {
    values(on: client, shown: nil) { $0 }
  }

  /// ``values(on:)``, each value converted by `transform` as it comes (in the same task: no
  /// second hop); a conversion that throws ends the stream with its error. With `shown`, a
  /// kept response was shown already (``Client/keptValue(of:)``): only the server's comes,
  /// when it differs from that response (not from what the cache keeps by then).
  package func values<Converted: Sendable>(
    on client: Client?, shown: HTTPResponse?,
    _ transform: @escaping @Sendable (Value) throws -> Converted
  ) -> AsyncThrowingStream<Converted, any Error> {
    let request = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await (client ?? .default).sendCacheThenNetwork(request, shown: shown) {
            value throws in continuation.yield(try transform(value))
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

extension Client {
  /// Gives `deliver` the value of what the cache keeps for `request`, then the server's
  /// answer when its body differs (see ``RequestConvertible/values(on:)``).
  func sendCacheThenNetwork<R: RequestConvertible>(
    _ request: R, shown alreadyShown: HTTPResponse? = nil,
    _ deliver: @Sendable (R.Value) throws -> Void
  ) async throws {
    guard !(request is Download), cache != nil else {
      try deliver(try await request.exchange(on: self, progress: nil).value)
      return
    }
    let http = try prepare(request.definition, inMemory: true)
    var shown = alreadyShown
    if alreadyShown == nil {
      let outgoing: Outgoing
      do {
        outgoing = try await self.outgoing(http)
      } catch {
        throw Self.map(error)
      }
      if http.method == .get, let kept = keptResponse(for: outgoing),
        let value = try? request.interpret(kept.response)
      {
        record(.cacheHit, http)
        try deliver(value)
        shown = kept.response
      }
    }
    let (value, response) = try await sendInMemory(request, progress: nil, revalidating: true)
    if let shown, shown.status == response.status, shown.body == response.body { return }
    try deliver(value)
  }
}

extension Client {
  /// The value of what the cache keeps for `request`, however old, read now: when it can be
  /// decided without waiting (no interceptor to adapt the request, no credential provider to
  /// ask a partition of; the request as the transport sends it, its cookies included, carries
  /// no credential); nil otherwise. A list opening shows it in the same turn, with no load
  /// row first. With the response it came from, which the server's answer is compared with.
  package func keptValue<R: RequestConvertible>(
    of request: R
  ) -> (value: R.Value, response: HTTPResponse)? {
    guard cache != nil, interceptors.isEmpty, authentication == nil, !(request is Download),
      let http = try? prepare(request.definition, inMemory: true),
      let kept = keptResponse(for: Outgoing(request: http)),
      let value = try? request.interpret(kept.response)
    else { return nil }
    record(.cacheHit, http)
    return (value, kept.response)
  }
}
