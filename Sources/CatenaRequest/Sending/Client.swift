public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a request goes and how: base URL, default headers, transport, policies, and where
/// nonisolated callbacks run.
///
/// ```swift
/// let api = Client(baseURL: URL(string: "https://api.example.com/v1/"), transport: transport)
/// let user = try await Get("user/info").decode(User.self, at: "data").value(on: api)
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
  /// The deadline of each exchange, from sending to the last byte of the body, unless a
  /// request sets its own; nil for none. For a streamed body or a ``Download`` it bounds the
  /// wait for the head (a download's own deadline bounds its whole body).
  public var timeout: Duration?
  /// How long a transfer may go without a byte, unless a request sets its own; nil for the
  /// transport's default (60 s for `URLSessionTransport`'s default configuration).
  public var idleTimeout: Duration?
  /// The most bytes a response body may decode to, unless a request sets its own; nil for no
  /// bound. 64 MiB by default: bodies are held in memory.
  public var maxResponseBytes: Int?
  /// Names of headers that carry credentials on every request, besides
  /// the credential headers Catena knows (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`): sent only to the origin they were
  /// set for.
  public var sensitiveHeaders: Set<String>
  /// See what happens to each request (sent, shared with an identical one in flight, answered
  /// from the cache), in order; they change nothing.
  public var monitors: [any RequestMonitor] = []
  /// Keeps GET responses and answers from them while fresh (nil: no cache). The transport's
  /// own cache is off (`URLSessionTransport`), so that a `304` reaches this one.
  public var cache: HTTPCache?
  /// Whether the network can be reached (nil: requests never wait for it). While it says
  /// the network is unreachable, a request waits for it before it is sent, within its
  /// deadline (``timeout``; without one, until it is cancelled), and fails with
  /// ``RequestError/Kind/offline`` if the deadline passes first. An idempotent request whose
  /// transfer fails as the network goes away waits for it the same way and is sent again.
  ///
  /// ```swift
  /// api.reachability = SystemReachability.shared
  /// ```
  public var reachability: (any Reachability)?
  /// The transfers identical requests share (``RequestConvertible/shared(_:)``); copies of a
  /// client share them too.
  let sharedTransfers = SharedTransfers()

  /// The default ``maxResponseBytes``: 64 MiB.
  public static let defaultMaxResponseBytes = 64 << 20

  /// Creates a client.
  public init(
    baseURL: URL? = nil, defaultHeaders: HTTPHeaders = [:], transport: any Transport,
    allowsAbsoluteURLs: Bool = false, interceptors: [any Interceptor] = [],
    retry: RetryPolicy? = nil, authentication: Authentication? = nil,
    delivery: Delivery = .mainActor, timeout: Duration? = nil, idleTimeout: Duration? = nil,
    maxResponseBytes: Int? = Client.defaultMaxResponseBytes, sensitiveHeaders: Set<String> = []
  ) {
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
  /// ``RequestConvertible/values(on:)``).
  func sendInMemory<R: RequestConvertible>(
    _ request: R, progress: ProgressHandler?, revalidating: Bool = false
  ) async throws(RequestError) -> (value: R.Value, response: HTTPResponse) {
    let http = try prepare(request.definition, inMemory: true)
    let start = ContinuousClock.now
    // Counted for the monitors' metrics only: no lock or allocation per request without one.
    let transfers = monitors.isEmpty ? nil : Counter()
    record(.queued, http)
    let shares = Self.shares(request.definition, http)
    let transfer: Attempt = { [self] request, progress in
      record(.sent, request)
      transfers?.add()
      let response = try await send(request, progress: progress)
      if let final = response.url, final != request.url { record(.redirected(to: final), request) }
      return response
    }
    let attempt: Attempt = { request, progress in
      guard shares else { return try await transfer(request, progress) }
      return try await sharedTransfers.send(
        request, progress: progress, joined: { if $0 { record(.shared, request) } },
        transfer)
    }
    var response: HTTPResponse?
    do {
      let received =
        if let cache {
          try await exchange(
            http, through: cache, policy: request.definition.cachePolicy ?? .standard,
            tags: request.definition.cacheTags, revalidating: revalidating, progress: progress,
            attempt: attempt)
        } else {
          try await exchange(http, progress: progress, attempt: attempt)
        }
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

  /// Sends `base` until it has a response to keep: through the interceptors, with the current
  /// credential, refreshing it once on 401, and retrying as the policy says. `attempt` sends
  /// once (the whole response, or its head with the body to stream; a head not kept has its
  /// body cancelled).
  func exchange<Received: Exchanged>(
    _ base: HTTPRequest, progress: ProgressHandler?,
    attempt: @escaping @Sendable (HTTPRequest, ProgressHandler?) async throws -> Received
  ) async throws(RequestError) -> Received {
    var attempts = 1
    var refreshed = false
    let start = ContinuousClock.now
    var networkReturns = 0
    while true {
      do {
        try Task.checkCancellation()
        if let reachability, !reachability.isReachable {
          try await waitForNetwork(
            reachability, until: base.timeout.map { start + $0 }, limit: base.timeout, base)
        }
        var request = base
        for interceptor in interceptors { request = try await interceptor.adapt(request) }
        let seen = await authentication?.gate.generation ?? 0
        if let authentication { request = try await authentication.provider.authorize(request) }
        let received = try await attempt(request, progress)
        let response = received.head
        try Task.checkCancellation()
        for interceptor in interceptors { await interceptor.inspect(response, for: request) }
        if response.status == 401, let authentication, !refreshed {
          refreshed = true
          received.discard()
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
            after: attempts, method: base.method, response: response, error: nil)
        {
          received.discard()
          attempts += 1
          record(.retrying(attempt: attempts, after: delay), base)
          try await retry.sleep(delay)
          continue
        }
        return received
      } catch {
        let failure = Self.map(error)
        // The network went away under the transfer: sent again once it is back (at the top).
        if failure.kind == .transport, base.method.isIdempotent, networkReturns < 3,
          let reachability, !reachability.isReachable
        {
          networkReturns += 1
          continue
        }
        guard failure.kind != .cancelled, failure.kind != .offline, failure.status == nil,
          let retry,
          let delay = retry.delay(
            after: attempts, method: base.method, response: nil, error: failure)
        else { throw failure }
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
