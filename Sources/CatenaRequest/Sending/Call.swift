/// A request on its way: the request, the client it goes through, and the callbacks that
/// receive its outcome. Made by ``RequestConvertible/on(_:)`` or the first callback.
///
/// ```swift
/// Get("user/getUserInfo", ["id": 7])
///   .decode(User.self, at: "data.user")
///   .on(api)
///   .then { user in nameLabel.text = user.name }
///   .failed { error in banner.show(error.message) }
///   .always { spinner.stop() }
///   .start()
/// ```
///
/// Callbacks run on the main actor, so they may touch the UI. Each fires at most once per
/// ``start()``: `then` on success, `failed` on failure, `cancelled` on cancellation (which is
/// not a failure unless ``failedOnCancel()``), and `always` after whichever fired.
public struct Call<Request: RequestConvertible>: Sendable {
  /// The request.
  public var request: Request
  /// The client it is sent through.
  public var client: Client
  var onSuccess: (@MainActor @Sendable (Request.Value) -> Void)?
  var onFailure: (@MainActor @Sendable (RequestError) -> Void)?
  var onCancel: (@MainActor @Sendable () -> Void)?
  var onAlways: (@MainActor @Sendable () -> Void)?
  var onProgress: (@MainActor @Sendable (TransferProgress) -> Void)?
  var onWarn: (@MainActor @Sendable (String) -> Void)?
  var onInform: (message: String, show: @MainActor @Sendable (String) -> Void)?
  var indicator: (any LoadingIndicator)?
  var cancellationIsFailure = false

  /// A call of `request` through `client`, without callbacks yet.
  public init(request: Request, client: Client) {
    self.request = request
    self.client = client
  }

  /// Receives the shaped value on success.
  public func then(_ body: @escaping @MainActor @Sendable (Request.Value) -> Void) -> Self {
    var copy = self
    copy.onSuccess = body
    return copy
  }

  /// Receives the error on failure (not on cancellation, unless ``failedOnCancel()``).
  public func failed(_ body: @escaping @MainActor @Sendable (RequestError) -> Void) -> Self {
    var copy = self
    copy.onFailure = body
    return copy
  }

  /// Called when the request was cancelled.
  public func cancelled(_ body: @escaping @MainActor @Sendable () -> Void) -> Self {
    var copy = self
    copy.onCancel = body
    return copy
  }

  /// Called once the request finished, whatever the outcome, after the other callback.
  public func always(_ body: @escaping @MainActor @Sendable () -> Void) -> Self {
    var copy = self
    copy.onAlways = body
    return copy
  }

  /// Receives upload and download progress, in order, on the main actor, before the outcome.
  public func progress(_ body: @escaping @MainActor @Sendable (TransferProgress) -> Void) -> Self {
    var copy = self
    copy.onProgress = body
    return copy
  }

  /// Shows `indicator` while the request runs: `begin` when it starts, `end` exactly once
  /// when it finishes, before the outcome's callbacks.
  public func load(_ indicator: some LoadingIndicator) -> Self {
    var copy = self
    copy.indicator = indicator
    return copy
  }

  /// Shows a failure's message (the server's message when its envelope has one) with `show`;
  /// not for cancellation. As the article's `warn`.
  public func warn(_ show: @escaping @MainActor @Sendable (String) -> Void) -> Self {
    var copy = self
    copy.onWarn = show
    return copy
  }

  /// Shows `message` with `show` when the request succeeds. As the article's `inform`.
  public func inform(
    _ message: String, _ show: @escaping @MainActor @Sendable (String) -> Void
  ) -> Self {
    var copy = self
    copy.onInform = (message, show)
    return copy
  }

  /// Reports cancellation to ``failed(_:)`` too, as a ``RequestError/Kind/cancelled`` error.
  public func failedOnCancel() -> Self {
    var copy = self
    copy.cancellationIsFailure = true
    return copy
  }

  /// Sends the request. The work runs off the main actor; the callbacks run on it.
  ///
  /// - Returns: a handle that cancels the request.
  @discardableResult
  public func start() -> RequestHandle {
    let call = self
    let task = Task.detached { await call.run() }
    return RequestHandle(task: task)
  }

  /// The shaped value (the callbacks are not called).
  public var value: Request.Value {
    get async throws(RequestError) { try await client.send(request) }
  }

  /// The shaped value with the response it came from: status, headers, body (the callbacks
  /// are not called).
  public var response: (value: Request.Value, response: HTTPResponse) {
    get async throws(RequestError) { try await client.response(for: request) }
  }

  /// Sends the request and delivers progress, then the outcome. Progress goes through a
  /// stream to the main actor, so it arrives in order and before the outcome.
  func run() async {
    let id = RequestID()
    if let indicator { await indicator.begin(id) }
    let (updates, continuation) = AsyncStream<TransferProgress>.makeStream()
    let report: (@MainActor @Sendable (TransferProgress) -> Void)? = onProgress
    let reporter = Task { @MainActor in
      for await update in updates { report?(update) }
    }
    let handler: ProgressHandler?
    if report == nil {
      handler = nil
    } else {
      handler = { update in continuation.yield(update) }
    }
    let outcome: Result<Request.Value, RequestError>
    do throws(RequestError) {
      let result = try await client.response(for: request, progress: handler)
      outcome = .success(result.value)
    } catch {
      outcome = .failure(error)
    }
    continuation.finish()
    await reporter.value
    if let indicator { await indicator.end(id) }
    await deliver(outcome)
  }

  /// Calls the callbacks for `outcome`, on the main actor.
  @MainActor
  func deliver(_ outcome: Result<Request.Value, RequestError>) {
    switch outcome {
    case .success(let value):
      if let onInform { onInform.show(onInform.message) }
      onSuccess?(value)
    case .failure(let error) where error.isCancelled && !cancellationIsFailure:
      onCancel?()
    case .failure(let error):
      if error.isCancelled {
        onCancel?()
      } else {
        onWarn?(error.serverMessage ?? error.message)
      }
      onFailure?(error)
    }
    onAlways?()
  }
}

extension RequestConvertible {
  /// This request through `client`, ready for callbacks and ``Call/start()``.
  public func on(_ client: Client) -> Call<Self> { Call(request: self, client: client) }

  /// The shaped value, sent through `client`.
  public func value(on client: Client) async throws(RequestError) -> Value {
    try await client.send(self)
  }
}

/// A started request: cancel it, or wait for it to finish.
public struct RequestHandle: Sendable {
  let task: Task<Void, Never>

  /// Cancels the request: the transport stops, and `cancelled` (not `failed`) is called.
  public func cancel() { task.cancel() }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { task.isCancelled }

  /// Waits until the request finished and its callbacks ran.
  public func finished() async { await task.value }
}
