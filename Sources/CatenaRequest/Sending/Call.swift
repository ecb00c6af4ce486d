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
/// Callbacks take the isolation of the code that attaches them: written on the main actor they
/// run there and may touch the UI; written in an actor they run on it; written in nonisolated
/// code they follow the client's ``Delivery`` (the main actor unless configured). Each fires at
/// most once per ``start()``: `then` on success, `failed` on failure, `cancelled` on
/// cancellation (which is not a failure unless ``failedOnCancel()``), and `always` after
/// whichever fired.
public struct Call<Request: RequestConvertible>: Sendable {
  /// The request.
  public var request: Request
  /// The client it is sent through.
  public var client: Client
  /// Where nonisolated callbacks run; the client's unless ``delivering(_:)`` says otherwise.
  public var delivery: Delivery
  var onSuccess: Handler<Request.Value>?
  var onFailure: Handler<RequestError>?
  var onCancel: Handler<Void>?
  var onAlways: Handler<Void>?
  var onProgress: Handler<TransferProgress>?
  var onWarn: Handler<String>?
  var onInform: (message: String, show: Handler<String>)?
  var indicator: (any LoadingIndicator)?
  var cancellationIsFailure = false

  /// A call of `request` through `client`, without callbacks yet.
  public init(request: Request, client: Client) {
    self.request = request
    self.client = client
    delivery = client.delivery
  }

  /// Receives the shaped value on success.
  public func then(
    @_inheritActorContext _ body: @escaping Callback<Request.Value>
  ) -> Self {
    setting(\.onSuccess, .plain(body))
  }

  /// Receives the error on failure (not on cancellation, unless ``failedOnCancel()``).
  public func failed(@_inheritActorContext _ body: @escaping Callback<RequestError>) -> Self {
    setting(\.onFailure, .plain(body))
  }

  /// Called when the request was cancelled.
  public func cancelled(
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) () -> Void
  ) -> Self {
    setting(\.onCancel, .action(body))
  }

  /// Called once the request finished, whatever the outcome, after the other callback.
  public func always(
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) () -> Void
  ) -> Self {
    setting(\.onAlways, .action(body))
  }

  /// Receives upload and download progress, in order, before the outcome.
  public func progress(
    @_inheritActorContext _ body: @escaping Callback<TransferProgress>
  ) -> Self {
    setting(\.onProgress, .plain(body))
  }

  /// Shows `indicator` while the request runs: `begin` when it starts, `end` exactly once
  /// when it finishes, before the outcome's callbacks.
  public func load(_ indicator: some LoadingIndicator) -> Self {
    setting(\.indicator, indicator)
  }

  /// Shows a failure's message (the server's message when its envelope has one) with `show`;
  /// not for cancellation. As the article's `warn`.
  public func warn(@_inheritActorContext _ show: @escaping Callback<String>) -> Self {
    setting(\.onWarn, .plain(show))
  }

  /// Shows `message` with `show` when the request succeeds. As the article's `inform`.
  public func inform(
    _ message: String, @_inheritActorContext _ show: @escaping Callback<String>
  ) -> Self {
    setting(\.onInform, (message, .plain(show)))
  }

  /// Runs nonisolated callbacks with `delivery` instead of the client's.
  public func delivering(_ delivery: Delivery) -> Self {
    setting(\.delivery, delivery)
  }

  /// A copy with `value` at `property`: every step of the chain.
  func setting<Value>(_ property: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
    var copy = self
    copy[keyPath: property] = value
    return copy
  }

  /// Reports cancellation to ``failed(_:)`` too, as a ``RequestError/Kind/cancelled`` error.
  public func failedOnCancel() -> Self {
    setting(\.cancellationIsFailure, true)
  }

  /// Sends the request. The work runs off the main actor; the callbacks run on it.
  ///
  /// - Returns: a handle that cancels the request.
  @discardableResult
  public func start() -> RequestHandle {
    let call = self
    guard let indicator else {
      return RequestHandle(task: Task.detached { await call.run(shown: nil) })
    }
    // The indicator begins in a main-actor task, and main-actor jobs run in the order they
    // were enqueued: calls started one after another begin their masks in that order.
    let task = Task { @MainActor in
      let id = RequestID()
      indicator.begin(id)
      await call.run(shown: id)
    }
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
  /// stream to one delivering child task, so it arrives in order and before the outcome.
  ///
  /// - Parameter shown: the id the loading indicator began showing, if any.
  func run(shown: RequestID?) async {
    let outcome: Result<Request.Value, RequestError>
    if let onProgress {
      let (updates, continuation) = AsyncStream<TransferProgress>.makeStream()
      let delivery = delivery
      async let reported: Void = delivery.run {
        for await update in updates { await onProgress(update) }
      }
      outcome = await fetch { update in continuation.yield(update) }
      continuation.finish()
      await reported
    } else {
      outcome = await fetch(progress: nil)
    }
    if let indicator, let shown { await indicator.end(shown) }
    await delivery.run { await deliver(outcome) }
  }

  private func fetch(progress: ProgressHandler?) async -> Result<Request.Value, RequestError> {
    do throws(RequestError) {
      return .success(try await client.response(for: request, progress: progress).value)
    } catch {
      return .failure(error)
    }
  }

  /// Calls the callbacks for `outcome`, one after another, each in its own isolation.
  func deliver(_ outcome: Result<Request.Value, RequestError>) async {
    switch outcome {
    case .success(let value):
      if let onInform { await onInform.show(onInform.message) }
      await onSuccess?(value)
    case .failure(let error) where error.isCancelled && !cancellationIsFailure:
      await onCancel?(())
    case .failure(let error):
      if error.isCancelled {
        await onCancel?(())
      } else {
        await onWarn?(error.serverMessage ?? error.message)
      }
      await onFailure?(error)
    }
    await onAlways?(())
  }
}

/// A callback: `@Sendable`, and isolated to whatever actor the code that wrote it was on.
public typealias Callback<Value> = @Sendable @isolated(any) (Value) -> Void

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
