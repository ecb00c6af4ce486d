import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What `URLSessionTransport`'s delegate keeps for each running task, and the rules it applies
/// where bytes and redirects arrive: the size limit, progress, and which headers a redirect
/// keeps.
final class TaskTable: @unchecked Sendable {
  // NB: `lock` guards `states`.
  private let lock = NSLock()
  private var states: [Int: State] = [:]
  /// The session's idle timeout, in seconds, for requests that set none.
  let idleDefault: Double

  init(idleDefault: Double) { self.idleDefault = idleDefault }

  struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>
    var progress: ProgressHandler?
    var request: HTTPRequest
    var data = Data()
    /// The body's length, when the response says it and no encoding changes it.
    var expected: Int64?
    var expectedKnown = false
    var reportedComplete = false
    /// The redirects so far.
    var redirects: RedirectChain
    /// Why the table stopped the task itself, when it did.
    var failure: RequestError?
    /// The next hop of a redirect the transport sends itself (the request has a body).
    var resend: Resend?
    /// Whether an authentication challenge was declined by cancelling the task, whose
    /// response then arrived whole (``ChallengeAnswer``).
    var declinedChallenge = false
  }

  /// Tracks `task`, which sends `request` (a hop of `chain`, when the transport follows a
  /// redirect itself).
  func start(
    _ task: URLSessionTask, _ request: HTTPRequest, chain: RedirectChain?,
    progress: ProgressHandler?, continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    lock.withLock {
      states[task.taskIdentifier] = State(
        continuation: continuation, progress: progress, request: request,
        redirects: chain ?? RedirectChain(request))
    }
  }

  func received(_ data: Data, for task: URLSessionTask) {
    // The expected length comes from the response once data flows: implementing the
    // "did receive response" delegate call would cost every request an extra queue hop.
    let response =
      lock.withLock { states[task.taskIdentifier]?.expectedKnown ?? true }
      ? nil : task.response as? HTTPURLResponse
    let (update, stop) = lock.withLock { () -> ((ProgressHandler, TransferProgress)?, Bool) in
      // Taken out of the table while it changes, so that `data` is uniquely referenced and
      // grows in place.
      guard var state = states.removeValue(forKey: task.taskIdentifier) else {
        return (nil, false)
      }
      defer { states[task.taskIdentifier] = state }
      guard state.failure == nil else { return (nil, false) }
      if !state.expectedKnown, let response {
        state.expectedKnown = true
        state.expected = Self.decodedLength(response)
      }
      let limit = state.request.maxResponseBytes
      if let limit,
        state.data.count + data.count > limit || (state.expected.map { $0 > limit } ?? false)
      {
        state.failure = .tooLarge(limit)
        state.data = Data()
        return (nil, true)
      }
      if state.data.isEmpty { state.data = data } else { state.data.append(data) }
      guard let handler = state.progress else { return (nil, false) }
      let progress = TransferProgress(
        .download, completed: Int64(state.data.count), total: state.expected)
      state.reportedComplete = state.expected.map { progress.completed >= $0 } ?? false
      return ((handler, progress), false)
    }
    // Not from this thread: FoundationNetworking's `cancel()` waits for the task's work queue,
    // which may itself be waiting for this delegate call to return (`BoundedDelegateQueue`).
    if stop { TaskCanceller(task).cancel() }
    if let (handler, progress) = update { handler(progress) }
  }

  /// The number of bytes the body will have, when the response says so: its
  /// `Content-Length`, unless a `Content-Encoding` makes that the length of other bytes.
  static func decodedLength(_ response: HTTPURLResponse) -> Int64? {
    guard !isEncoded(response.value(forHTTPHeaderField: "Content-Encoding")) else { return nil }
    let length = response.expectedContentLength
    return length >= 0 ? length : nil
  }

  /// Whether a `Content-Encoding` header names a coding (anything but none or `identity`):
  /// the body's bytes on the wire are then not the bytes it decodes to.
  static func isEncoded(_ contentEncoding: String?) -> Bool {
    let coding = contentEncoding?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    return !(coding.isEmpty || coding == "identity")
  }

  func sent(_ bytes: Int64, of total: Int64, for task: URLSessionTask) {
    let handler = lock.withLock { states[task.taskIdentifier]?.progress }
    handler?(TransferProgress(.upload, completed: bytes, total: total > 0 ? total : nil))
  }

  /// The request to send for a redirect, or nil to stop at the redirect response (refused,
  /// or sent again by the transport: see ``RedirectChain/resend(_:to:)``).
  func redirect(
    _ task: URLSessionTask, to request: URLRequest, location: String?
  ) -> URLRequest? {
    lock.withLock { () -> URLRequest? in
      guard var state = states[task.taskIdentifier] else { return request }
      defer { states[task.taskIdentifier] = state }
      switch state.redirects.hop(from: state.request, to: request, location: location) {
      case .follow(let next): return next
      case .resend(let resend): state.resend = resend
      case .refuse(let error): state.failure = error
      }
      return nil
    }
  }

  /// The answer to `challenge` for `task` (``ChallengeAnswer``), remembered when it cancels.
  func answer(
    _ challenge: URLAuthenticationChallenge, for task: URLSessionTask
  ) -> URLSession.AuthChallengeDisposition {
    ChallengeAnswer.disposition(for: challenge) {
      lock.withLock { states[task.taskIdentifier]?.declinedChallenge = true }
    }
  }

  func finish(_ task: URLSessionTask, error: (any Error)?) {
    guard let state = lock.withLock({ states.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    let error = ChallengeAnswer.isAnswered(error, by: state.declinedChallenge) ? nil : error
    if let failure = state.failure {
      state.continuation.resume(throwing: failure)
      return
    }
    if let resend = state.resend, error == nil {
      state.continuation.resume(throwing: resend)
      return
    }
    if let error, let failure = Self.idleFailure(error, state.request, idleDefault: idleDefault) {
      state.continuation.resume(throwing: failure)
      return
    }
    let result = Self.response(state.data, task.response, error)
    if case .success(let response) = result, let handler = state.progress,
      !state.reportedComplete, state.request.method != .head
    {
      let count = Int64(response.body.count)
      handler(TransferProgress(.download, completed: count, total: count))
    }
    state.continuation.resume(with: result)
  }

  /// The idle-timeout error for `error` when it is URLSession's timeout.
  static func idleFailure(
    _ error: any Error, _ request: HTTPRequest, idleDefault: Double
  ) -> RequestError? {
    guard let error = error as? URLError, error.code == .timedOut else { return nil }
    let idle = request.idleTimeout ?? .milliseconds(Int64(idleDefault * 1000))
    let effective = URLSessionTransport.effectiveIdleTimeout(idle)
    var failure = RequestError(
      .timeout, "no byte came for \(effective) (idle timeout)", underlyingError: error)
    failure.limit = .idle(idle)
    return failure
  }

  /// The response a finished task produced, or its error.
  static func response(
    _ data: Data, _ response: URLResponse?, _ error: (any Error)?
  ) -> Result<HTTPResponse, any Error> {
    if let error { return .failure(error) }
    guard let http = response as? HTTPURLResponse else {
      return .failure(URLError(.badServerResponse))
    }
    var headers = HTTPHeaders()
    for (name, value) in http.allHeaderFields {
      let name = name.base as? String ?? String(describing: name)
      let value = value as? String ?? String(describing: value)
      try? headers.set(name, value)
    }
    return .success(
      HTTPResponse(status: http.statusCode, headers: headers, body: data, url: http.url))
  }
}

/// Forwards `URLSession`'s delegate calls to the task table.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // NB: `tasks` is immutable and guards itself.
  let tasks: TaskTable

  init(_ tasks: TaskTable) { self.tasks = tasks }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    tasks.received(data, for: dataTask)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    tasks.sent(totalBytesSent, of: totalBytesExpectedToSend, for: task)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let location = response.value(forHTTPHeaderField: "Location")
    let next = tasks.redirect(task, to: request, location: location)
    completionHandler(RedirectCookies.followed(next, in: session))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?)
      -> Void
  ) {
    completionHandler(tasks.answer(challenge, for: task), nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    tasks.finish(task, error: error)
  }
}
