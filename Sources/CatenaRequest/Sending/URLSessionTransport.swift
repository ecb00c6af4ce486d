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
/// - A redirect of a request with a body is sent by the transport itself: the same method
///   with the body again (from memory, the file, or the ``ByteSource`` made again) for `307`,
///   `308`, and `301` or `302` after other methods than `POST`; a `GET` without the body or
///   its headers for `303`, and `301` or `302` after a `POST`.
/// - Cancelling the Swift task cancels the `URLSessionTask`.
/// - One session per transport, invalidated when the transport goes away.
public final class URLSessionTransport: Transport, @unchecked Sendable {
  // NB: `session` and `tasks` never change after `init`; `URLSession` is thread-safe and
  // `TaskTable` guards its state with its own lock.
  private let session: URLSession
  private let tasks: TaskTable
  /// The configuration of `session`, for the sessions of streamed transfers.
  let configuration: URLSessionConfiguration

  /// The most redirects one request follows.
  public static let maxRedirects = 10

  /// Creates a transport over a session with `configuration` (a copy, without its `urlCache`:
  /// responses are kept by a client's ``HTTPCache``, which must see the server's `304`s).
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let tasks = TaskTable(idleDefault: configuration.timeoutIntervalForRequest)
    self.tasks = tasks
    self.configuration = configuration
    session = URLSession(
      configuration: configuration, delegate: SessionDelegate(tasks),
      delegateQueue: Self.delegateQueue())
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` over HTTP and waits for the whole response.
  public func send(
    _ request: HTTPRequest, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    try await Self.resending(request) { hop, chain in
      try await self.send(hop, chain: chain, progress: progress)
    }
  }

  /// `request` with the headers this transport's session adds when it sends it: its
  /// configuration's `httpAdditionalHeaders` the request does not set itself (an
  /// `Authorization` put there is a credential on the wire), and the `Cookie` header of the
  /// cookies its storage keeps for the URL (with `httpShouldSetCookies`).
  public func requestAsSent(_ request: HTTPRequest) -> HTTPRequest {
    var sent = request
    for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
      guard let name = name as? String, sent.headers[name] == nil else { continue }
      try? sent.headers.set(name, "\(value)")
    }
    if let header = RedirectCookies.header(
      for: request.url, carrying: request.headers["Cookie"], from: configuration)
    {
      try? sent.headers.set("Cookie", header)
    }
    return sent
  }

  /// Runs `exchange` for `request` (its body as this platform sends it best), then again for
  /// each hop of a redirect that the transport sends itself (``Resend``).
  static func resending<Result>(
    _ request: HTTPRequest,
    _ exchange: (HTTPRequest, RedirectChain?) async throws -> Result
  ) async throws -> Result {
    var hop = try platformBody(request)
    var chain: RedirectChain?
    while true {
      do {
        return try await exchange(hop, chain)
      } catch let resend as Resend {
        hop = resend.request
        chain = resend.chain
      }
    }
  }

  /// Sends one hop of `request`'s redirect chain (see ``send(_:progress:)``).
  private func send(
    _ request: HTTPRequest, chain: RedirectChain?, progress: ProgressHandler?
  ) async throws -> HTTPResponse {
    if case .source = request.streamedBody {
      // A body made as it is sent waits on the transfer's thread: it gets a session of its own.
      let streamed = try await stream(request, chain: chain, progress: progress)
      let body = try await streamed.body.collect(upTo: request.maxResponseBytes ?? .max)
      var response = streamed.head
      response.body = body
      return response
    }
    let cancel = TaskCanceller()
    let (session, tasks) = (session, tasks)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        Self.control.async {
          let (task, _) = self.makeTask(in: session, for: request)
          tasks.start(
            task, request, chain: chain, progress: progress, continuation: continuation)
          task.resume()
          cancel.set(task)
        }
      }
    } onCancel: {
      cancel.cancel()
    }
  }
}

extension URLSessionTransport {
  /// `request` with a file body sent as a ``ByteSource`` of its chunks, with its size as
  /// `Content-Length`, on every platform: one reader of files, the one the Linux tests run.
  /// (FoundationNetworking's own file upload traps when the task is cancelled while a read of
  /// the file is under way, a `try!` on libcurl's pause state, and reads files slowly.)
  ///
  /// - Throws: ``RequestError`` when the file cannot be read, before anything is sent.
  static func platformBody(_ request: HTTPRequest) throws -> HTTPRequest {
    guard case .file(let url) = request.streamedBody else { return request }
    var sent = request
    sent.streamedBody = .source(try fileSource(url))
    return sent
  }

  /// The chunks of the file at `url`, with its size as their length.
  static func fileSource(_ url: URL) throws(RequestError) -> ByteSource {
    let size = try FileChunks.size(of: url)
    return ByteSource(length: size) { FileChunks(url, expectedSize: size) }
  }

  /// Where tasks are made, started and cancelled. FoundationNetworking runs every session of
  /// the process on one shared queue, and making, starting or cancelling a task waits for it;
  /// a body stream may hold that queue while its source makes the next chunk on Swift's
  /// cooperative threads. Those threads must never wait for the shared queue, so these calls
  /// are made here.
  static let control = DispatchQueue(label: "Catena.URLSessionTransport.control")

  /// The delegate queue of a session: on Linux, one that holds few chunks at a time.
  static func delegateQueue() -> OperationQueue? {
    #if canImport(FoundationNetworking)
      BoundedDelegateQueue()
    #else
      nil
    #endif
  }

  /// The task that sends `request` in `session`: a data task, an upload from memory or from
  /// a file, or a body stream fed from a ``ByteSource`` (through the returned buffer).
  func makeTask(
    in session: URLSession, for request: HTTPRequest
  ) -> (URLSessionTask, UploadBuffer?) {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for field in request.headers {
      urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
    }
    if let idle = request.idleTimeout {
      urlRequest.timeoutInterval = Self.effectiveIdleTimeout(idle).seconds
    }
    let streamed: ByteSource?
    switch request.streamedBody {
    case .file(let url):
      // Made a source by `platformBody` before; one that cannot be read fails the transfer.
      streamed = (try? Self.fileSource(url)) ?? ByteSource { FileChunks(url) }
    case .source(let source): streamed = source
    case nil: streamed = nil
    }
    switch streamed {
    case .some(let source):
      let buffer = UploadBuffer(source.make())
      if let length = source.length {
        urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        #if canImport(FoundationNetworking)
          // libcurl sends a body stream chunked unless the request names a transfer coding
          // itself. A blank one turns its chunking off and is not sent (libcurl drops headers
          // with blank values; an empty value would be sent, and servers reject it beside
          // Content-Length), so the request goes with the length above.
          urlRequest.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
        #endif
      } else {
        urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
      }
      urlRequest.httpBodyStream = buffer.inputStream()
      return (session.dataTask(with: urlRequest), buffer)
    case nil:
      if let body = request.body {
        return (session.uploadTask(with: urlRequest, from: body), nil)
      }
      return (session.dataTask(with: urlRequest), nil)
    }
  }

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
