public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a request goes and how: base URL, default headers, transport, policies, and where
/// nonisolated callbacks run.
///
/// ```swift
/// let api = Client(
///   baseURL: URL(string: "https://api.example.com/v1/"), transport: URLSessionTransport(),
///   cache: HTTPCache(directory: HTTPCache.cachesDirectory(named: "api")),
///   reachability: SystemReachability.shared)
/// let user = try await Get("user/info").decode(User.self, at: "data").value(on: api)
/// ```
///
/// Every setting is given once, to `init`, and a client does not change afterwards: what
/// keeps one (a page source made with `on: api`) sends with the settings it was made with.
/// An app that needs other settings sets them on the request (`.timeout(_:)`, `.cache(_:)`),
/// or makes a second client, given the same ``HTTPCache`` to share what it keeps (two clients
/// never share a transfer). The app keeps the cache it gives (to flush or invalidate it).
public struct Client: Sendable {
  /// Where relative paths are resolved; requests never leave its host unless
  /// `allowsAbsoluteURLs`.
  package var baseURL: URL?
  /// Headers every request carries (a request's own headers win).
  package var defaultHeaders: HTTPHeaders
  /// What sends the requests. (Set again only inside the package: a copy given another
  /// transport shares no transfer with the original.)
  package var transport: any Transport {
    didSet {
      if cache?.holds(.transportIdentity) ?? true { sharedTransfers = SharedTransfers() }
    }
  }
  /// Whether a request may name an absolute URL on another host.
  package var allowsAbsoluteURLs: Bool
  /// Adapt requests before sending and inspect responses, in order.
  package var interceptors: [any Interceptor]
  /// When failures are sent again; nil for never.
  package var retry: RetryPolicy?
  /// Credentials for every request, refreshed once on 401.
  package var authentication: Authentication?
  /// Where a ``Call``'s nonisolated callbacks run: the main actor unless configured.
  package var delivery: Delivery
  /// The deadline of each exchange, from sending to the last byte of the body, unless a
  /// request sets its own; nil for none. For a streamed body or a ``Download`` it bounds the
  /// wait for the head (a download's own deadline bounds its whole body).
  package var timeout: Duration?
  /// How long a transfer may go without a byte, unless a request sets its own; nil for the
  /// transport's default (60 s for `URLSessionTransport`'s default configuration).
  package var idleTimeout: Duration?
  /// The most bytes a response body may decode to, unless a request sets its own; nil for no
  /// bound. 64 MiB by default: bodies are held in memory.
  package var maxResponseBytes: Int?
  /// Names of headers that carry credentials on every request, besides
  /// the credential headers Catena knows (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`): sent only to the origin they were
  /// set for.
  package var sensitiveHeaders: Set<String>
  /// See what happens to each request (sent, shared with an identical one in flight, answered
  /// from the cache), in order; they change nothing.
  package var monitors: [any RequestMonitor] = []
  /// Keeps GET responses and answers from them while fresh (nil: no cache). The transport's
  /// own cache is off (`URLSessionTransport`), so that a `304` reaches this one.
  package var cache: HTTPCache?
  /// Whether the network can be reached (nil: requests never wait for it). While it says
  /// the network is unreachable, a request waits for it before it is sent, within its
  /// deadline (`timeout`; without one, until it is cancelled), and fails with
  /// ``RequestError/Kind/offline`` if the deadline passes first. An idempotent request whose
  /// transfer fails as the network goes away waits for it the same way and is sent again.
  package var reachability: (any Reachability)?
  /// The transfers identical requests share (``RequestConvertible/shared(_:)``); copies of a
  /// client share them too, until one is given another transport.
  private(set) var sharedTransfers = SharedTransfers()

  /// The default `maxResponseBytes`: 64 MiB.
  @usableFromInline package static let defaultMaxResponseBytes = 64 << 20

  /// Creates a client: every setting it sends with, given once.
  ///
  /// - Parameters:
  ///   - baseURL: where relative paths are resolved; requests never leave its host unless
  ///     `allowsAbsoluteURLs`.
  ///   - defaultHeaders: headers every request carries (a request's own headers win).
  ///   - transport: what sends the requests.
  ///   - allowsAbsoluteURLs: whether a request may name an absolute URL on another host.
  ///   - interceptors: adapt requests before sending and inspect responses, in order.
  ///   - retry: when failures are sent again; nil for never.
  ///   - authentication: credentials for every request, refreshed once on 401.
  ///   - delivery: where a ``Call``'s nonisolated callbacks run: the main actor by default.
  ///   - timeout: the deadline of each exchange, from sending to the last byte of the body,
  ///     unless a request sets its own; nil for none. For a streamed body or a ``Download`` it
  ///     bounds the wait for the head (a download's own deadline bounds its whole body).
  ///   - idleTimeout: how long a transfer may go without a byte, unless a request sets its
  ///     own; nil for the transport's default (60 s for `URLSessionTransport`'s default
  ///     configuration).
  ///   - maxResponseBytes: the most bytes a response body may decode to, unless a request sets
  ///     its own; nil for no bound. 64 MiB by default: bodies are held in memory.
  ///   - sensitiveHeaders: names of headers that carry credentials, besides those Catena
  ///     knows (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`,
  ///     `X-Auth-Token`): sent only to the origin they were set for.
  ///   - monitors: see what happens to each request (sent, shared with an identical one in
  ///     flight, answered from the cache), in order; they change nothing.
  ///   - cache: keeps GET responses and answers from them while fresh (nil: no cache). The
  ///     transport's own cache is off (`URLSessionTransport`), so that a `304` reaches this one.
  ///   - reachability: whether the network can be reached (nil: requests never wait for it).
  ///     While it says the network is unreachable, a request waits for it before it is sent,
  ///     within its deadline (`timeout`; without one, until it is cancelled), and fails with
  ///     ``RequestError/Kind/offline`` if the deadline passes first. An idempotent request
  ///     whose transfer fails as the network goes away waits for it the same way and is sent
  ///     again.
  public init(
    baseURL: URL? = nil, defaultHeaders: HTTPHeaders = [:], transport: any Transport,
    allowsAbsoluteURLs: Bool = false, interceptors: [any Interceptor] = [],
    retry: RetryPolicy? = nil, authentication: Authentication? = nil,
    delivery: Delivery = .mainActor, timeout: Duration? = nil, idleTimeout: Duration? = nil,
    maxResponseBytes: Int? = Client.defaultMaxResponseBytes, sensitiveHeaders: Set<String> = [],
    monitors: [any RequestMonitor] = [], cache: HTTPCache? = nil,
    reachability: (any Reachability)? = nil
  ) {
    self.monitors = monitors
    self.cache = cache
    self.reachability = reachability
    self.delivery = delivery
    self.timeout = timeout
    self.idleTimeout = idleTimeout
    self.maxResponseBytes = maxResponseBytes
    self.sensitiveHeaders = sensitiveHeaders
    self.baseURL = baseURL
    self.defaultHeaders = defaultHeaders
    self.transport = transport
    self.allowsAbsoluteURLs = allowsAbsoluteURLs
    self.interceptors = interceptors
    self.retry = retry
    self.authentication = authentication
  }

  /// Sends `request` the usual way: the whole body in memory, then ``RequestConvertible/interpret(_:)``.
  /// `revalidating` asks the server whatever the cache keeps (see
  /// ``RequestConvertible/answers(on:)``).
  func sendInMemory<R: RequestConvertible>(
    _ request: R, progress: ProgressHandler?, revalidating: Bool = false,
    adapted first: Outgoing? = nil
  ) async throws(RequestError) -> (value: R.Value, response: HTTPResponse) {
    let http = try prepare(request.definition, inMemory: true)
    let start = ContinuousClock.now
    // Counted for the monitors' metrics only: no lock or allocation per request without one.
    let transfers = monitors.isEmpty ? nil : Counter()
    record(.queued, http)
    let shares = Self.shares(request.definition, http)
    let transfer: @Sendable (HTTPRequest, ProgressHandler?) async throws -> HTTPResponse = {
      [self] request, progress in
      record(.sent, request)
      transfers?.add()
      let response = try await send(request, progress: progress)
      if let final = response.url, final != request.url { record(.redirected(to: final), request) }
      return response
    }
    let attempt: Attempt = { [sharedTransfers, cache, transport] request, progress in
      guard shares else { return try await transfer(request, progress) }
      // Keyed by the request as the transport sends it (its cookies too), and by the writes
      // so far: a request asked for after a write shares no transfer asked for before it.
      let fenced = cache?.holds(.writeFences) ?? true
      let key = SharedTransfers.Key(
        request: transport.requestAsSent(request),
        writes: fenced ? sharedTransfers.writeCount : 0,
        cache: cache.map { ObjectIdentifier($0) }, cacheWrites: fenced ? cache?.writeCount : nil)
      // Sent as the client made it: the transport adds its own cookies when it sends (the
      // key's copy carries the ones of the moment it was made).
      return try await sharedTransfers.send(
        key, progress: progress, joined: { if $0 { record(.shared, request) } }
      ) { _, progress in try await transfer(request, progress) }
    }
    var response: HTTPResponse?
    do {
      let steps = cache.map { cache in
        CacheExchange(
          client: self, cache: cache, base: http,
          policy: request.definition.cachePolicy ?? .standard,
          tags: request.definition.cacheTags, revalidating: revalidating, attempt: attempt)
      }
      let received = try await exchange(
        http, progress: progress, shares: shares, cache: steps, adapted: first, attempt: attempt)
      response = received
      let value = try request.interpret(received)
      finish(http, start, response, nil, transfers?.count ?? 0)
      return (value, received)
    } catch {
      if error.kind == .cancelled { record(.cancelled, http) }
      finish(
        http, start, response ?? error.status.map { HTTPResponse(status: $0) }, error.kind,
        transfers?.count ?? 0)
      throw error
    }
  }

  /// Tells the monitors that `http` ended, with `response` (or none) and `failure` (or none).
  private func finish(
    _ http: HTTPRequest, _ start: ContinuousClock.Instant, _ response: HTTPResponse?,
    _ failure: RequestError.Kind?, _ transfers: Int
  ) {
    guard !monitors.isEmpty else { return }
    let metrics = RequestMetrics(
      status: response?.status, failure: failure, duration: .now - start,
      receivedBytes: response?.body.count ?? 0, transfers: transfers)
    record(.finished(metrics), http)
  }

  /// One attempt at sending a request held in memory.
  typealias Attempt = @Sendable (HTTPRequest, ProgressHandler?) async throws -> HTTPResponse

  /// Whether `http`, made from `definition`, shares a transfer with identical requests.
  static func shares(_ definition: RequestDefinition, _ http: HTTPRequest) -> Bool {
    guard http.streamedBody == nil else { return false }
    switch definition.body {
    case .file, .stream, .multipart: return false
    default: return definition.sharesTransfer ?? (http.method == .get || http.method == .head)
    }
  }

  /// Tells the monitors that `kind` happened to `request`.
  func record(_ kind: RequestEvent.Kind, _ request: HTTPRequest) {
    guard !monitors.isEmpty else { return }
    let event = RequestEvent(kind, method: request.method, url: request.url)
    for monitor in monitors { monitor.record(event) }
  }

  /// The request `definition` describes, with the client's base URL, headers and limits; the
  /// client's ``maxResponseBytes`` applies only to bodies held `inMemory`.
  func prepare(
    _ definition: RequestDefinition, inMemory: Bool
  ) throws(RequestError) -> HTTPRequest {
    var http = try definition.httpRequest(
      baseURL: baseURL, defaultHeaders: defaultHeaders, allowsAbsoluteURLs: allowsAbsoluteURLs)
    http.timeout = http.timeout ?? timeout
    http.idleTimeout = http.idleTimeout ?? idleTimeout
    if definition.responseSizeLimit == nil, inMemory { http.maxResponseBytes = maxResponseBytes }
    http.sensitiveHeaders.formUnion(sensitiveHeaders.map { $0.lowercased() })
    return http
  }

  /// Sends `base` until it has a response to keep, each attempt through one pipeline:
  ///
  /// 1. the interceptors' `adapt`, in order;
  /// 2. the credential and its cache partition, in one call
  ///    (``CredentialProvider/authorized(_:)``);
  /// 3. with a cache (`steps`): the cookies the transport adds
  ///    (``Transport/requestAsSent(_:)``), then the cache lookup on that request as sent (its
  ///    partition, its `Vary` headers, no credential on the wire without a partition), which
  ///    may answer here: a fresh hit never waits for the network and is never retried;
  /// 4. only when the network is needed: the wait for it (``reachability``);
  /// 5. `attempt` (a transfer shared with identical requests, the transport);
  /// 6. the interceptors' `inspect`; a 401 refreshes the credential once, and the retry
  ///    policy may send again: from step 1, so the credential and the partition are read again
  ///    for the request actually sent;
  /// 7. with a cache: the response is kept (or a `304` merged) under the partition of step 2,
  ///    unless a write came after it was sent.
  ///
  /// A request of an unsafe method (any but GET, HEAD, OPTIONS and TRACE, on every path:
  /// in memory, streamed, downloaded) is a write: when it is sent and when it ends, responses
  /// in flight are fenced out of the cache and out of later askers' shared transfers, and its
  /// success (a status below 400) drops what the cache keeps for its URL and its `Location`.
  ///
  /// A write that `shares` a transfer with identical ones (the app's
  /// ``RequestConvertible/shared(_:)`` on a POST that only reads, say) is fenced when it ends
  /// only, so that identical ones in flight can share it.
  ///
  /// `attempt` sends once (the whole response, or its head with the body to stream; a head
  /// not kept has its body cancelled).
  func exchange<Received: Exchanged>(
    _ base: HTTPRequest, progress: ProgressHandler?, shares: Bool = false,
    cache steps: (any CacheStep<Received>)? = nil, adapted first: Outgoing? = nil,
    waitsForNetwork: Bool = true,
    attempt: @escaping @Sendable (HTTPRequest, ProgressHandler?) async throws -> Received
  ) async throws(RequestError) -> Received {
    // Steps 1 and 2 done already for the first attempt (`answers(on:)` looked up what is kept).
    var adapted = first
    let writes = !base.method.isSafe
    if writes, !shares { fenceWrites() }
    defer { if writes { fenceWrites() } }
    var attempts = 1
    var refreshed = false
    let start = ContinuousClock.now
    var networkReturns = 0
    // Whether this attempt reached the transport: a failure before (an interceptor's, the
    // credential's) is the client's own, and no stale response answers it.
    var reachedTheTransport = false
    while true {
      reachedTheTransport = false
      do {
        try Task.checkCancellation()
        let outgoing: Outgoing
        if let first = adapted, first.writes == cache?.writeCount,
          await authentication?.gate.generation ?? 0 == first.credentialGeneration
        {
          // Nothing was written (a sign-out invalidates) nor refreshed since it was signed.
          outgoing = first
          adapted = nil
        } else {
          adapted = nil
          outgoing = try await self.outgoing(base)
        }
        var request = outgoing.request
        if let steps {
          await cache?.diskReady()
          switch try steps.lookup(outgoing) {
          case .answered(let received): return received
          case .send(let sent): request = sent
          }
        }
        // The device's interfaces say nothing of a request to the device itself
        // (`localhost`): it never waits for them. (An app's own reachability still holds it.)
        if let reachability, !(reachability is SystemReachability && request.url.isLoopback),
          !reachability.isReachable
        {
          let offline = RequestError(
            .offline,
            "the network is unreachable: \(base.method.rawValue) \(base.url.absoluteString)")
          // A response kept that may answer while the origin cannot be reached answers at
          // once (`stale-if-error`); a background revalidation ends at once.
          if let stale = steps?.fallback(offline) { return stale }
          guard waitsForNetwork else { throw offline }
          try await waitForNetwork(
            reachability, until: base.timeout.map { start + $0 }, limit: base.timeout, base)
          // The user, the credential or the cache may have changed meanwhile: from step 1.
          continue
        }
        steps?.sending()
        reachedTheTransport = true
        let received = try await attempt(request, progress)
        let response = received.head
        try Task.checkCancellation()
        for interceptor in interceptors { await interceptor.inspect(response, for: request) }
        if response.status == 401, let authentication, !refreshed {
          refreshed = true
          received.discard()
          do {
            try await authentication.gate.refresh(
              after: outgoing.credentialGeneration, using: authentication.provider)
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
            after: attempts, method: base.method, response: response, error: nil)
        {
          received.discard()
          attempts += 1
          record(.retrying(attempt: attempts, after: delay), base)
          try await retry.sleep(delay)
          continue
        }
        if writes, response.status < 400 {
          // The URL as the app named it, and as it was sent (an interceptor's or a
          // credential's query items): the cache keeps entries under the latter.
          invalidateWritten(base.url, response)
          if request.url != base.url { invalidateWritten(request.url, response) }
        }
        guard let steps else { return received }
        // Nil: a `304` for another version than the one kept, which is dropped; sent again.
        guard let settled = steps.settle(outgoing, sent: request, received) else { continue }
        return settled
      } catch {
        let failure = Self.map(error)
        // The network went away under the transfer: sent again once it is back (at the top).
        if failure.kind == .transport, base.method.isIdempotent, networkReturns < 3,
          let reachability, !reachability.isReachable
        {
          networkReturns += 1
          continue
        }
        guard failure.kind != .cancelled, failure.kind != .offline, failure.kind != .notCached,
          failure.status == nil, let retry,
          let delay = retry.delay(
            after: attempts, method: base.method, response: nil, error: failure)
        else {
          if reachedTheTransport || failure.kind == .offline,
            let stale = steps?.fallback(failure)
          {
            return stale
          }
          throw failure
        }
        attempts += 1
        record(.retrying(attempt: attempts, after: delay), base)
        do {
          try await retry.sleep(delay)
        } catch {
          throw Self.map(error)
        }
      }
    }
  }

  /// `base` through the interceptors' `adapt`, then with the credential and its partition;
  /// the cache's count of writes is read first, so that a write from then on (a sign-out's
  /// invalidation while the request waits for the network) keeps its response out.
  func outgoing(_ base: HTTPRequest) async throws -> Outgoing {
    let writes = cache?.writeCount
    var request = base
    for interceptor in interceptors { request = try await interceptor.adapt(request) }
    guard let authentication else {
      return Outgoing(request: request, writes: writes, base: base)
    }
    let generation = await authentication.gate.generation
    let authorized = try await authentication.provider.authorized(request)
    return Outgoing(
      request: authorized.request, partition: authorized.cachePartition,
      credentialGeneration: generation, writes: writes, base: base)
  }

  /// A write is sent or has ended: what is in flight is kept out of the cache and of later
  /// askers' transfers.
  private func fenceWrites() {
    sharedTransfers.fence()
    cache?.fence()
  }

  /// A write to `url` succeeded with `response`: the cache drops what it keeps for `url` and
  /// for the response's `Location` and `Content-Location` on the same origin (§4.4).
  private func invalidateWritten(_ url: URL, _ response: HTTPResponse) {
    guard let cache else { return }
    cache.invalidate(url)
    for name in ["Location", "Content-Location"] {
      guard let value = response.headers[name], let target = URL(string: value, relativeTo: url)
      else { continue }
      // Only on the request's origin: another host's entries are not this one's to drop.
      if target.cacheOrigin == url.cacheOrigin {
        cache.invalidate(target.absoluteURL)
      }
    }
  }

  /// Sends one attempt through the transport, within the request's deadline, and checks the
  /// body's size (again: a transport should have stopped at the limit already).
  private func send(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    let response =
      if let deadline = request.timeout {
        try await Self.within(deadline) { try await transport.send(request, progress: progress) }
      } else {
        try await transport.send(request, progress: progress)
      }
    if let limit = request.maxResponseBytes, response.body.count > limit {
      throw RequestError.tooLarge(limit)
    }
    return response
  }

  /// Runs `work`, cancelling it and failing with a deadline ``RequestError/Kind/timeout`` when
  /// it ends later than `deadline` after `start`.
  ///
  /// The failure comes when the deadline passes, not when `work` has noticed its cancellation
  /// (a busy session may take seconds to stop a task): `work` is left to stop on its own, and
  /// what it returns then is dropped. With `waitingForWork`, the failure waits until `work`
  /// has stopped (a download writing to a file that is closed afterwards).
  static func within<Result: Sendable>(
    _ deadline: Duration, since start: ContinuousClock.Instant = .now,
    waitingForWork: Bool = false, _ work: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    let failure = {
      var error = RequestError(
        .timeout, "the exchange took longer than its deadline of \(deadline)")
      error.limit = .deadline(deadline)
      return error
    }()
    if waitingForWork {
      return try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await work() }
        group.addTask {
          try await Task.sleep(until: start + deadline, clock: .continuous)
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let response = first else { throw failure }
        return response
      }
    }
    let worker = Task { try await work() }
    let outcome = Outcome<Result>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        outcome.wait(continuation)
        let timer = Task {
          try await Task.sleep(until: start + deadline, clock: .continuous)
          if outcome.resume(with: .failure(failure)) { worker.cancel() }
        }
        Task {
          let result = await worker.result
          timer.cancel()
          outcome.resume(with: result)
        }
      }
    } onCancel: {
      worker.cancel()
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
        return RequestError(.timeout, "no byte came in time (idle timeout)", underlyingError: error)
      case .httpTooManyRedirects, .redirectToNonExistentLocation:
        return RequestError(
          .redirect, "the redirect was not followed: \(error.localizedDescription)",
          underlyingError: error)
      default:
        return RequestError(
          .transport, "the request failed: \(error.localizedDescription)", underlyingError: error)
      }
    }
    return RequestError(.transport, "the request failed: \(error)", underlyingError: error)
  }
}

/// A count that concurrent tasks add to.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  var count: Int { lock.withLock { value } }
  func add() { lock.withLock { value += 1 } }
}

/// The one outcome of a race: the first result resumes the waiting caller; later ones are
/// dropped.
final class Outcome<Value: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `continuation` and `done`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, any Error>?
  private var done = false

  /// Sets the continuation to resume.
  func wait(_ continuation: CheckedContinuation<Value, any Error>) {
    lock.withLock { self.continuation = continuation }
  }

  /// Resumes the caller with `result` unless a result came first; whether this one did.
  @discardableResult
  func resume(with result: Result<Value, any Error>) -> Bool {
    let waiting = lock.withLock { () -> CheckedContinuation<Value, any Error>? in
      guard !done else { return nil }
      done = true
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(with: result)
    return waiting != nil
  }
}
