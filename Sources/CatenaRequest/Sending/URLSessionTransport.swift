#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// The default transport: `URLSession` with delegate-based tasks, so upload and download
/// progress, limits, cancellation and redirects behave alike on Linux and Apple platforms.
///
/// - Progress comes from the delegate's byte counts (never `URLSessionTask.progress`, which is
///   wrong on Linux). With a `Content-Encoding`, the download's total is unknown until the body
///   is complete (the `Content-Length` counts encoded bytes, the body decoded ones).
/// - The body is counted as it arrives, after decoding: past the request's
///   ``HTTPRequest/maxResponseBytes`` the transfer is cancelled at once. On Linux the delegate
///   queue holds at most 64 chunks, so the network is read no faster than the body is taken
///   in, and a gzip bomb stops with little memory used.
/// - ``HTTPRequest/idleTimeout`` is the request's `timeoutInterval`; on Linux, rounded up to
///   whole seconds (FoundationNetworking drops the fraction).
/// - A redirect is followed only to `http` or `https`, at most ``maxRedirects`` times. Once a
///   hop leaves the request's origin (scheme, host and port), credentials
///   (``HTTPRequest/isSensitive(_:)``) are dropped for the rest of the chain, even back home.
/// - Cancelling the Swift task cancels the `URLSessionTask`.
/// - One session per transport, invalidated when the transport goes away.
public final class URLSessionTransport: Transport, @unchecked Sendable {
  // NB: `session` and `tasks` never change after `init`; `URLSession` is thread-safe and
  // `TaskTable` guards its state with its own lock.
  private let session: URLSession
  private let tasks: TaskTable

  /// The most redirects one request follows.
  public static let maxRedirects = 10

  /// Creates a transport over a session with `configuration`.
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    let tasks = TaskTable(idleDefault: configuration.timeoutIntervalForRequest)
    self.tasks = tasks
    #if canImport(FoundationNetworking)
      let queue: OperationQueue? = BoundedDelegateQueue()
    #else
      let queue: OperationQueue? = nil
    #endif
    session = URLSession(
      configuration: configuration, delegate: SessionDelegate(tasks), delegateQueue: queue)
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
    if let idle = request.idleTimeout {
      urlRequest.timeoutInterval = Self.effectiveIdleTimeout(idle).seconds
    }
    let task: URLSessionTask =
      if let body = request.body {
        session.uploadTask(with: urlRequest, from: body)
      } else {
        session.dataTask(with: urlRequest)
      }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        tasks.start(task, request, progress: progress, continuation: continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }
}

extension URLSessionTransport {
  /// The idle timeout the session applies for `asked`: FoundationNetworking counts it in whole
  /// seconds, dropping the fraction (so 0.5 s would time out at once); it is rounded up
  /// there, to at least one second.
  static func effectiveIdleTimeout(_ asked: Duration) -> Duration {
    #if canImport(FoundationNetworking)
      .seconds(max(1, asked.seconds.rounded(.up)))
    #else
      asked
    #endif
  }
}

extension Duration {
  /// The duration in seconds, as `TimeInterval` wants it.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
