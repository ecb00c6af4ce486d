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
        tasks.start(task, progress: progress, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  /// Without progress, the session's own async calls: they resume the caller straight from the
  /// transfer, without a hop through the delegate queue. The session's delegate still guards
  /// redirects.
  private func send(_ urlRequest: URLRequest, body: Data?) async throws -> HTTPResponse {
    let (data, response) =
      if let body {
        try await session.upload(for: urlRequest, from: body)
      } else {
        try await session.data(for: urlRequest)
      }
    return try TaskTable.response(data, response, nil).get()
  }
}

/// What the delegate collects for each running task.
final class TaskTable: @unchecked Sendable {
  // NB: `lock` guards `states`.
  private let lock = NSLock()
  private var states: [Int: State] = [:]

  struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>
    var progress: ProgressHandler?
    var data = Data()
    var expected: Int64?
  }

  func start(
    _ task: URLSessionTask, progress: ProgressHandler?,
    continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    lock.withLock {
      states[task.taskIdentifier] = State(continuation: continuation, progress: progress)
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

  func finish(_ task: URLSessionTask, error: (any Error)?) {
    let state = lock.withLock { states.removeValue(forKey: task.taskIdentifier) }
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
    var next = request
    if next.url?.host != task.originalRequest?.url?.host {
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
