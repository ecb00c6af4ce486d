#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// The default transport: `URLSession` with delegate-based tasks, so upload and download
/// progress, cancellation and redirects behave alike on Linux and Apple platforms.
///
/// - Progress comes from the delegate's byte counts (never `URLSessionTask.progress`, which is
///   wrong on Linux).
/// - Cancelling the Swift task cancels the `URLSessionTask`.
/// - On a redirect to another host the `Authorization` header is dropped.
/// - One session per transport, invalidated when the transport goes away.
public final class URLSessionTransport: Transport, @unchecked Sendable {
  // NB: `session` and `tasks` never change after `init`; `URLSession` is thread-safe and
  // `TaskTable` guards its state with its own lock.
  private let session: URLSession
  private let tasks: TaskTable

  /// Creates a transport over a session with `configuration`.
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    let tasks = TaskTable()
    self.tasks = tasks
    session = URLSession(
      configuration: configuration, delegate: SessionDelegate(tasks), delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` over HTTP and waits for the whole response.
  public func send(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for field in request.headers {
      urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
    }
    if let timeout = request.timeout {
      let parts = timeout.components
      urlRequest.timeoutInterval = Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
    guard let progress else { return try await send(urlRequest, body: request.body) }
    let task: URLSessionTask =
      if let body = request.body {
        session.uploadTask(with: urlRequest, from: body)
      } else {
        session.dataTask(with: urlRequest)
      }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        tasks.start(task, host: request.url.host, progress: progress, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  /// Without progress, a completion-handler task: one hop back instead of one per chunk.
  private func send(_ urlRequest: URLRequest, body: Data?) async throws -> HTTPResponse {
    let box = TaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let host = urlRequest.url?.host
        let finish: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = {
          data, response, error in
          self.tasks.forget(box.task)
          continuation.resume(with: TaskTable.response(data ?? Data(), response, error))
        }
        let task =
          if let body {
            session.uploadTask(with: urlRequest, from: body, completionHandler: finish)
          } else {
            session.dataTask(with: urlRequest, completionHandler: finish)
          }
        box.task = task
        tasks.remember(task, host: host)
        task.resume()
      }
    } onCancel: {
      box.task?.cancel()
    }
  }
}

/// The task of a completion-handler request, for its cancellation handler.
final class TaskBox: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  private let lock = NSLock()
  private var stored: URLSessionTask?

  var task: URLSessionTask? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// What the delegate collects for each running task.
final class TaskTable: @unchecked Sendable {
  // NB: `lock` guards `states`.
  private let lock = NSLock()
  private var states: [Int: State] = [:]
  private var hosts: [Int: String?] = [:]

  struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>
    var progress: ProgressHandler?
    var data = Data()
    var expected: Int64?
  }

  func start(
    _ task: URLSessionTask, host: String?, progress: ProgressHandler?,
    continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    lock.withLock {
      states[task.taskIdentifier] = State(continuation: continuation, progress: progress)
      hosts[task.taskIdentifier] = host
    }
  }

  func received(_ data: Data, for task: URLSessionTask) {
    // The expected length comes from the response once data flows: implementing the
    // "did receive response" delegate call would cost every request an extra queue hop.
    let length = task.response?.expectedContentLength ?? -1
    let update = lock.withLock { () -> (ProgressHandler?, TransferProgress)? in
      guard states[task.taskIdentifier] != nil else { return nil }
      states[task.taskIdentifier]?.data.append(data)
      if length >= 0 { states[task.taskIdentifier]?.expected = length }
      guard let state = states[task.taskIdentifier] else { return nil }
      return (
        state.progress,
        TransferProgress(.download, completed: Int64(state.data.count), total: state.expected)
      )
    }
    if let (handler, progress) = update { handler?(progress) }
  }

  func sent(_ bytes: Int64, of total: Int64, for task: URLSessionTask) {
    let handler = lock.withLock { states[task.taskIdentifier]?.progress }
    handler?(TransferProgress(.upload, completed: bytes, total: total > 0 ? total : nil))
  }

  func remember(_ task: URLSessionTask, host: String?) {
    lock.withLock { hosts[task.taskIdentifier] = host }
  }

  func forget(_ task: URLSessionTask?) {
    guard let task else { return }
    _ = lock.withLock { hosts.removeValue(forKey: task.taskIdentifier) }
  }

  func originalHost(of task: URLSessionTask) -> String? {
    lock.withLock { hosts[task.taskIdentifier] ?? nil }
  }

  func finish(_ task: URLSessionTask, error: (any Error)?) {
    let state = lock.withLock { () -> State? in
      hosts.removeValue(forKey: task.taskIdentifier)
      return states.removeValue(forKey: task.taskIdentifier)
    }
    guard let state else { return }
    state.continuation.resume(with: Self.response(state.data, task.response, error))
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
      try? headers.set(String(describing: name), String(describing: value))
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
    var next = request
    if next.url?.host != tasks.originalHost(of: task) {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    completionHandler(next)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    tasks.finish(task, error: error)
  }
}
