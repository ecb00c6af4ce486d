import Foundation

extension RequestConvertible {
  /// The value kept in the client's cache, at once, then the server's when it arrives: a
  /// screen shows what it had and replaces it, without a spinner in between.
  ///
  /// ```swift
  /// for try await feed in Get("feed").decode([Article].self, at: "data").answers(on: api) {
  ///   show(feed.value)  // the kept feed now (feed.keptAge says how old), the fresh one when it comes
  /// }
  /// ```
  ///
  /// The first answer is the response the cache keeps for this request, however old, marked
  /// with its age (``Answer/keptAge``), even one the server says must be revalidated: it is
  /// shown as kept, never as fresh. There is none without a cache, a kept response, or when it
  /// does not shape, and none for ``CachePolicy/networkOnly`` or a request that asks for no
  /// cached answer (`Cache-Control: no-cache` or `max-age=0`, `Pragma: no-cache`). Then the server is asked, with the kept response's validators:
  /// its answer is kept, and comes next unless it is the same body (a `304`, or the same
  /// bytes again), so a list is told only of a change. The answers end after the server's,
  /// or with its ``RequestError`` (the kept value stays shown). Cancelling the loop cancels
  /// the request, and the loop throws ``RequestError/Kind/cancelled`` unless the server had
  /// answered. A ``Download`` gives its one value.
  public func answers(on client: Client? = nil) -> Answers<Value> {
    let request = self
    return Answers(
      stream: AsyncThrowingStream { continuation in
        let task = Task {
          do {
            try await (client ?? .default).sendCacheThenNetwork(request) { answer in
              continuation.yield(answer)
            }
            continuation.yield(nil)  // the end: the server has answered
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in task.cancel() }
      })
  }

  /// ``answers(on:)``, each answer converted by `transform` as it comes (in the same task: no
  /// second hop); a conversion that throws ends the stream with its error. With `shown`, a
  /// kept response was shown already (``Client/keptValue(of:)``): only the server's comes,
  /// when it differs from that response (not from what the cache keeps by then).
  package func answers<Converted: Sendable>(
    on client: Client?, shown: HTTPResponse?,
    _ transform: @escaping @Sendable (Answer<Value>) throws -> Converted
  ) -> AsyncThrowingStream<Converted, any Error> {
    let request = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          try await (client ?? .default).sendCacheThenNetwork(request, shown: shown) {
            answer throws in continuation.yield(try transform(answer))
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
  /// Gives `deliver` what the cache keeps for `request`, then the server's answer when its
  /// body differs (see ``RequestConvertible/answers(on:)``).
  func sendCacheThenNetwork<R: RequestConvertible>(
    _ request: R, shown alreadyShown: HTTPResponse? = nil,
    _ deliver: @Sendable (Answer<R.Value>) throws -> Void
  ) async throws {
    guard !(request is Download), cache != nil else {
      try deliver(Answer(try await request.exchange(on: self, progress: nil).value))
      return
    }
    let http = try prepare(request.definition, inMemory: true)
    var shown = alreadyShown
    var adapted: Outgoing?
    if alreadyShown == nil {
      let outgoing: Outgoing
      do {
        outgoing = try await self.outgoing(http)
      } catch {
        throw Self.map(error)
      }
      adapted = outgoing
      await cache?.diskReady()
      if http.method == .get, let kept = keptAnswer(request, outgoing) {
        record(.cacheHit, http)
        try deliver(kept.answer)
        shown = kept.response
      }
    }
    // The request adapted and signed for the lookup is the one sent first (adapt and the
    // credential run once).
    let (value, response) = try await sendInMemory(
      request, progress: nil, revalidating: true, adapted: adapted)
    if let shown, shown.status == response.status, shown.body == response.body { return }
    try deliver(Answer(value))
  }

  /// Whether only the cache may answer `request` (asking `asked`).
  private func offline<R: RequestConvertible>(_ request: R, _ asked: CacheControl) -> Bool {
    request.definition.cachePolicy == .cacheOnly || asked.onlyIfCached
  }

  /// The answer of what the cache keeps for `request` sent as `outgoing`, marked with its age
  /// now, and the response it came from; nil when none is kept or it does not shape.
  func keptAnswer<R: RequestConvertible>(
    _ request: R, _ outgoing: Outgoing
  ) -> (answer: Answer<R.Value>, response: HTTPResponse)? {
    // The app's `.networkOnly`, or a request that asks for no cached answer (`no-cache`,
    // `Pragma: no-cache`, `max-age=0`), shows nothing kept first.
    let asked = CacheControl.asked(outgoing.request.headers)
    guard request.definition.cachePolicy != .networkOnly, !asked.noCache, asked.maxAge != 0
    else { return nil }
    guard let cache, let kept = keptResponse(for: outgoing, offline: offline(request, asked)),
      let value = try? request.interpret(kept.response)
    else { return nil }
    // Offline (cacheOnly, only-if-cached), the kept value shows only where the request itself
    // would be answered with it: never one the server says must be revalidated.
    if offline(request, asked) {
      let staleTime: Duration? =
        if case .staleTime(let time) = request.definition.cachePolicy { time } else { nil }
      guard
        kept.answer(
          asked, at: cache.now(), staleTime: staleTime,
          anyStaleness: request.definition.cachePolicy == .cacheOnly) != nil
      else { return nil }
    }
    let age = max(0, cache.now().timeIntervalSince(kept.responseTime))
    return (Answer(value, keptAge: .seconds(age)), kept.response)
  }
}

extension Client {
  /// What the cache keeps for `request`, however old, read now: when it can be decided
  /// without waiting (no interceptor to adapt the request; no credential provider, or one
  /// that gives its credential and partition at once, ``CredentialProvider/authorizedNow(_:)``;
  /// the request as the transport sends it, its cookies included, carries no credential
  /// without a partition); nil otherwise. A list opening shows it in the same turn, with no
  /// load row first. With the response it came from, which the server's answer is compared
  /// with.
  package func keptValue<R: RequestConvertible>(
    of request: R
  ) -> (answer: Answer<R.Value>, response: HTTPResponse)? {
    guard cache != nil, interceptors.isEmpty, !(request is Download),
      let http = try? prepare(request.definition, inMemory: true)
    else { return nil }
    var outgoing = Outgoing(request: http)
    if let authentication {
      guard let authorized = authentication.provider.authorizedNow(http) else { return nil }
      outgoing.request = authorized.request
      outgoing.partition = authorized.cachePartition
    }
    guard let kept = keptAnswer(request, outgoing) else { return nil }
    record(.cacheHit, http)
    return kept
  }
}
