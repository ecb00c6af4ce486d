/// A request on its way: the request and the callbacks that receive its outcome. Made by the
/// first callback; sent by ``start(on:)``.
///
/// ```swift
/// Get("user/getUserInfo", ["id": 7])
///   .decode(User.self, at: "data.user")
///   .then { user in nameLabel.text = user.name }
///   .failed { error in banner.show(error.message) }
///   .always { spinner.stop() }
///   .start(on: api)
/// ```
///
/// Each callback runs in the isolation of the code that wrote it: the closures are
/// `@isolated(any)`, with no `@Sendable` asked of them, so a closure written on the main actor
/// is isolated to it, runs there and may touch the UI; one written in an actor runs on that
/// actor; `{ @MainActor in … }` says so anywhere. A closure written in nonisolated code, where
/// there is no actor to return to, runs as the ``Delivery`` says (the main queue unless
/// configured), never twice at once; it should not share mutable state with the code that
/// goes on after `start`.
///
/// Each fires at most once per ``start(on:)``: `then` on success, `failed` on failure,
/// `cancelled` on cancellation (which is not a failure unless ``failedOnCancel()``), and
/// `always` after whichever fired.
public struct Call<Request: RequestConvertible>: Sendable {
  /// The request.
  let request: Request
  var delivery: Delivery?
  var onSuccess: Handler<Request.Value>?
  var onFailure: Handler<RequestError>?
  var onCancel: Handler<Void>?
  var onAlways: Handler<Void>?
  var onProgress: Handler<TransferProgress>?
  var onWarn: Handler<String>?
  var onInform: (message: String, show: Handler<String>)?
  var indicator: (any LoadingIndicator)?
  var cancellationIsFailure = false

  /// A call of `request`, without callbacks yet.
  init(request: Request) {
    self.request = request
  }

  /// Receives the shaped value on success.
  public func then(
    _ body: @escaping @isolated(any) (Request.Value) -> Void
  ) -> Self {
    setting(\.onSuccess, Handler(body))
  }

  /// Receives the error on failure (not on cancellation, unless ``failedOnCancel()``).
  public func failed(
    _ body: @escaping @isolated(any) (RequestError) -> Void
  ) -> Self {
    setting(\.onFailure, Handler(body))
  }

  /// Called when the request was cancelled.
  public func cancelled(
    _ body: @escaping @isolated(any) () -> Void
  ) -> Self {
    setting(\.onCancel, Handler(action: body))
  }

  /// Called once the request finished, whatever the outcome, after the other callback.
  public func always(
    _ body: @escaping @isolated(any) () -> Void
  ) -> Self {
    setting(\.onAlways, Handler(action: body))
  }

  /// Receives upload and download progress, in order, before the outcome.
  public func progress(
    _ body: @escaping @isolated(any) (TransferProgress) -> Void
  ) -> Self {
    setting(\.onProgress, Handler(body))
  }

  /// Shows `indicator` while the request runs: `begin` when it starts, `end` exactly once
  /// when it finishes, before the outcome's callbacks.
  public func showing(_ indicator: some LoadingIndicator) -> Self {
    setting(\.indicator, indicator)
  }

  /// Shows a failure's message (the server's message when its envelope has one) with `show`;
  /// not for cancellation. As the article's `warn`.
  public func warn(
    _ show: @escaping @isolated(any) (String) -> Void
  ) -> Self {
    setting(\.onWarn, Handler(show))
  }

  /// Shows `message` with `show` when the request succeeds. As the article's `inform`.
  public func inform(
    _ message: String, _ show: @escaping @isolated(any) (String) -> Void
  ) -> Self {
    setting(\.onInform, (message, Handler(show)))
  }

  /// Runs the callbacks written in nonisolated code with `delivery` instead of the client's.
  public func delivering(_ delivery: Delivery) -> Self {
    setting(\.delivery, delivery)
  }

  /// Reports cancellation to ``failed(_:)`` too, as a
  /// ``RequestError/Kind/cancelled`` error.
  public func failedOnCancel() -> Self {
    setting(\.cancellationIsFailure, true)
  }

  /// A copy with `value` at `property`: every step of the chain.
  func setting<Value>(_ property: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
    var copy = self
    copy[keyPath: property] = value
    return copy
  }

  /// Sends the request through `client`, or through ``Client/default`` as it is now when
  /// nil. The work runs off the main actor; each callback runs where it was written.
  ///
  /// - Returns: a handle that cancels the request.
  @discardableResult
  public func start(on client: Client? = nil) -> RequestHandle {
    let call = self
    let client = client ?? .default
    guard let indicator else {
      return RequestHandle(task: Task.detached { await call.run(on: client, shown: nil) })
    }
    // The indicator begins in a main-actor task, and main-actor jobs run in the order they
    // were enqueued: calls started one after another begin their masks in that order.
    let task = Task { @MainActor in
      let id = RequestID()
      indicator.begin(id)
      await call.run(on: client, shown: id)
    }
    return RequestHandle(task: task)
  }

  /// Sends the request and delivers progress, then the outcome. Progress goes through a
  /// stream to one delivering child task, so it arrives in order and before the outcome.
  ///
  /// - Parameter shown: the id the loading indicator began showing, if any.
  func run(on client: Client, shown: RequestID?) async {
    let delivery = delivery ?? client.delivery
    let outcome: Result<Request.Value, RequestError>
    if let onProgress {
      let (updates, continuation) = AsyncStream<TransferProgress>.makeStream()
      async let reported: Void = delivery.run {
        for await update in updates { await onProgress(update) }
      }
      outcome = await fetch(on: client) { update in continuation.yield(update) }
      continuation.finish()
      await reported
    } else {
      outcome = await fetch(on: client, progress: nil)
    }
    if let indicator, let shown { await indicator.end(shown) }
    await delivery.run { await deliver(outcome) }
  }

  private func fetch(
    on client: Client, progress: ProgressHandler?
  ) async -> Result<Request.Value, RequestError> {
    do throws(RequestError) {
      return .success(try await request.exchange(on: client, progress: progress).value)
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
    case .failure(let error) where error.kind == .cancelled && !cancellationIsFailure:
      await onCancel?(())
    case .failure(let error):
      if error.kind == .cancelled {
        await onCancel?(())
      } else {
        await onWarn?(error.serverMessage ?? error.message)
      }
      await onFailure?(error)
    }
    await onAlways?(())
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
