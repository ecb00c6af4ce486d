import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// Sends `request` and returns at the head of the response, with the body to read as it
  /// arrives. Each streamed transfer has a session of its own, whose delegate waits while the
  /// reader is behind (about 2 MiB in flight at most), so a slow reader slows this transfer
  /// and no other. The body stops at ``HTTPRequest/maxResponseBytes``; redirects follow the
  /// same rules as ``send(_:progress:)``.
  public func stream(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> StreamedResponse {
    try await Self.resending(request) { hop, chain in
      try await self.stream(hop, chain: chain, progress: progress)
    }
  }

  /// Streams one hop of `request`'s redirect chain (see ``stream(_:progress:)``).
  func stream(
    _ request: HTTPRequest, chain: RedirectChain?, progress: ProgressHandler?
  ) async throws -> StreamedResponse {
    let channel = ByteChannel()
    let delegate = StreamDelegate(
      request, chain: chain, channel: channel, progress: progress,
      idleDefault: configuration.timeoutIntervalForRequest)
    let cancel = TaskCanceller()
    channel.whenClosed { cancel.cancel() }
    let configuration = configuration
    let head = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.waitForHead(continuation)
        Self.control.async {
          let session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: Self.delegateQueue())
          let (task, upload) = self.makeTask(in: session, for: request)
          delegate.upload = upload
          task.resume()
          // The session goes once its task has ended.
          session.finishTasksAndInvalidate()
          // A body stream stops feeding the task before the task is cancelled.
          cancel.set(task) {
            delegate.markCancelled()
            upload?.close()
          }
          // A body that cannot go on stops the task, so that it never ends as if complete.
          upload?.whenAborted { cancel.abort() }
        }
      }
    } onCancel: {
      cancel.cancel()
    }
    return StreamedResponse(head: head, body: ResponseBody(channel))
  }
}

/// Cancels a task made on ``URLSessionTransport/control``, there: FoundationNetworking's
/// `cancel()` waits for its shared queue. A cancel before the task exists cancels it as soon
/// as it does.
final class TaskCanceller: @unchecked Sendable {
  // NB: `lock` guards `task` and `cancelled`.
  private let lock = NSLock()
  private var task: URLSessionTask?
  private var before: (@Sendable () -> Void)?
  private var cancelled = false

  init(_ task: URLSessionTask? = nil) { self.task = task }

  /// The task, once made (cancelled at once if ``cancel()`` came first), and what to do
  /// before cancelling it.
  func set(_ task: URLSessionTask, before: (@Sendable () -> Void)? = nil) {
    let cancelNow = lock.withLock {
      self.task = task
      self.before = before
      return cancelled
    }
    if cancelNow { cancel() }
  }

  /// Cancels the task (made by now) without what ``set(_:before:)`` gave to do first: the
  /// transfer cannot go on, and its delegate reports why.
  func abort() {
    guard let task = lock.withLock({ task }) else { return }
    URLSessionTransport.control.async { task.cancel() }
  }

  func cancel() {
    let (task, before) = lock.withLock {
      cancelled = true
      return (self.task, self.before)
    }
    guard let task else { return }
    before?()
    URLSessionTransport.control.async { task.cancel() }
  }
}

/// The delegate of one streamed transfer: hands the head to the waiting caller, the body's
/// chunks to the channel (waiting while it is full), and applies the size limit, progress and
/// the redirect rules.
final class StreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // NB: `lock` guards `head`, `received`, `expected` and `redirects`; `upload` is set before
  // the task starts. Delegate calls come one at a time, on the session's queue.
  private let lock = NSLock()
  private var head: CheckedContinuation<HTTPResponse, any Error>?
  private var headSent = false
  private var received: Int64 = 0
  private var expected: Int64?
  private var redirects: RedirectChain
  /// Why the delegate stopped the transfer itself, when it did.
  private var failure: RequestError?
  /// The next hop of a redirect the transport sends itself (the request has a body).
  private var resend: Resend?
  private var cancelledByClient = false
  /// Whether an authentication challenge was declined by cancelling the task, whose
  /// response then arrived whole (``ChallengeAnswer``).
  private var declinedChallenge = false
  let request: HTTPRequest
  let channel: ByteChannel
  let progress: ProgressHandler?
  let idleDefault: Double
  var upload: UploadBuffer?
  /// The length of a body sent from a ``ByteSource``, when it knows it.
  var uploadLength: Int64? {
    if case .source(let source) = request.streamedBody { return source.length }
    return nil
  }

  init(
    _ request: HTTPRequest, chain: RedirectChain?, channel: ByteChannel,
    progress: ProgressHandler?, idleDefault: Double
  ) {
    self.request = request
    self.channel = channel
    self.progress = progress
    self.idleDefault = idleDefault
    redirects = chain ?? RedirectChain(request)
  }

  /// The client cancelled the transfer: however it ends (a body stream stopped midway may
  /// end it with another error first), it ends as cancelled.
  func markCancelled() { lock.withLock { cancelledByClient = true } }

  func waitForHead(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
    lock.withLock { head = continuation }
  }

  /// Resumes the caller with the head or an error, once.
  private func sendHead(_ result: Result<HTTPResponse, any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<HTTPResponse, any Error>? in
      guard !headSent else { return nil }
      headSent = true
      defer { head = nil }
      return head
    }
    waiting?.resume(with: result)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let resend = lock.withLock({ resend }) {
      // The redirect's own response: the transport sends the next hop instead.
      completionHandler(.cancel)
      sendHead(.failure(resend))
      return
    }
    let result = TaskTable.response(Data(), response, nil)
    if case .success = result, let http = response as? HTTPURLResponse {
      let length = TaskTable.decodedLength(http)
      lock.withLock { expected = length }
      if let limit = request.maxResponseBytes, let length, length > Int64(limit) {
        let failure = RequestError.tooLarge(limit)
        lock.withLock { self.failure = failure }
        completionHandler(.cancel)
        sendHead(.failure(failure))
        return
      }
    }
    completionHandler(.allow)
    sendHead(result)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let (count, total) = lock.withLock { () -> (Int64, Int64?) in
      received += Int64(data.count)
      return (received, expected)
    }
    if let limit = request.maxResponseBytes, count > Int64(limit) {
      let failure = RequestError.tooLarge(limit)
      lock.withLock { self.failure = failure }
      channel.finish(failure)
      TaskCanceller(dataTask).cancel()
      return
    }
    guard channel.push(data) else {
      TaskCanceller(dataTask).cancel()
      return
    }
    progress?(TransferProgress(.download, completed: count, total: total))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    // The session does not know a body stream's length; the source may.
    let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : uploadLength
    progress?(TransferProgress(.upload, completed: totalBytesSent, total: total))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let location = response.value(forHTTPHeaderField: "Location")
    let next = lock.withLock { () -> URLRequest? in
      switch redirects.hop(from: self.request, to: request, location: location) {
      case .follow(let next): return next
      case .resend(let next): resend = next
      case .refuse(let error): failure = error
      }
      return nil
    }
    completionHandler(RedirectCookies.followed(next, in: session))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?)
      -> Void
  ) {
    let disposition = ChallengeAnswer.disposition(for: challenge) {
      lock.withLock { declinedChallenge = true }
    }
    completionHandler(disposition, nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let declined = lock.withLock { declinedChallenge && !cancelledByClient }
    let error = ChallengeAnswer.isAnswered(error, by: declined) ? nil : error
    upload?.close()
    // A redirect the transport sends itself, if the head was not sent for it already.
    if let resend = lock.withLock({ resend }) { sendHead(.failure(resend)) }
    let (stopped, cancelled) = lock.withLock { (failure, cancelledByClient) }
    let sourceError = upload?.sourceError.flatMap { $0 is CancellationError ? nil : $0 }
    var outcome: (any Error)?
    if let stopped {
      outcome = stopped
    } else if cancelled, error != nil || sourceError != nil {
      // Cancelled by the client: a body stream stopped first may have ended it another way.
      outcome = URLError(.cancelled)
    } else if let sourceError {
      // The source failed; the transfer was aborted, so the body never looked complete.
      outcome =
        sourceError as? RequestError
        ?? RequestError(
          .encoding, "the request body's source failed: \(sourceError)",
          underlyingError: sourceError)
    } else if let error {
      outcome = TaskTable.idleFailure(error, request, idleDefault: idleDefault) ?? error
    }
    if let outcome {
      sendHead(.failure(outcome))
      channel.finish(outcome)
      return
    }
    // A redirect that was not followed ends here with its own response and no body.
    sendHead(TaskTable.response(Data(), task.response, nil))
    let (total, known) = lock.withLock { (received, expected) }
    if total == 0 || known == nil {
      progress?(TransferProgress(.download, completed: total, total: total))
    }
    channel.finish(nil)
  }
}
