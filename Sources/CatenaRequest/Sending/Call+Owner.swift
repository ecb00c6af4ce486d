/// The owner form of the chain, as on a data source (`owned(by:)`): the call holds `owner`
/// weakly and passes it into every callback, so a callback that works on a view controller
/// neither captures it nor needs `[weak self]`, and a screen that goes away while its request
/// runs is not kept until the request ends. Once the owner is gone the callbacks do nothing.
/// Each runs in the isolation of the code that wrote it, as the other callbacks do.
///
/// ```swift
/// Get("user").decode(User.self)
///   .owned(by: self)
///   .then { owner, user in owner.nameLabel.text = user.name }
///   .failed { owner, error in owner.show(error) }
///   .start(on: api)
/// ```
extension Call {
  /// This chain, with `owner` (held weakly) passed into each callback written after it.
  public func owned<Owner: AnyObject>(by owner: Owner) -> Owned<Owner> {
    Owned(self, owner: owner)
  }
}

extension RequestConvertible {
  /// A ``Call`` of this request with `owner` (held weakly) passed into each callback.
  public func owned<Owner: AnyObject>(by owner: Owner) -> Call<Self>.Owned<Owner> {
    Call<Self>.Owned(Call(request: self), owner: owner)
  }
}

extension Call {
  /// A call whose callbacks get an owner first, held weakly; made by `owned(by:)`, as a data
  /// source's and a pager binding's `Owned` are. The same steps as a call, each setting the
  /// call's callback of that name.
  public struct Owned<Owner: AnyObject>: Sendable {
    /// The call the chain sets up.
    public private(set) var call: Call<Request>
    private let owner: WeakOwner<Owner>

    init(_ call: Call<Request>, owner: Owner) {
      self.call = call
      self.owner = WeakOwner(owner)
    }

    private func with(_ change: (inout Call<Request>) -> Void) -> Self {
      var copy = self
      change(&copy.call)
      return copy
    }

    private var held: Owner? { owner.value }

    /// ``Call/then(_:)``, with the owner.
    public func then(_ body: @escaping @isolated(any) (Owner, Request.Value) -> Void) -> Self {
      guard let held else { return self }
      return with { $0.onSuccess = Handler(owner: held, body) }
    }

    /// ``Call/failed(_:)``, with the owner.
    public func failed(_ body: @escaping @isolated(any) (Owner, RequestError) -> Void) -> Self {
      guard let held else { return self }
      return with { $0.onFailure = Handler(owner: held, body) }
    }

    /// ``Call/cancelled(_:)``, with the owner.
    public func cancelled(_ body: @escaping @isolated(any) (Owner) -> Void) -> Self {
      guard let held else { return self }
      return with { $0.onCancel = Handler(owner: held, action: body) }
    }

    /// ``Call/always(_:)``, with the owner.
    public func always(_ body: @escaping @isolated(any) (Owner) -> Void) -> Self {
      guard let held else { return self }
      return with { $0.onAlways = Handler(owner: held, action: body) }
    }

    /// ``Call/progress(_:)``, with the owner.
    public func progress(
      _ body: @escaping @isolated(any) (Owner, TransferProgress) -> Void
    ) -> Self {
      guard let held else { return self }
      return with { $0.onProgress = Handler(owner: held, body) }
    }

    /// ``Call/warn(_:)``, with the owner.
    public func warn(_ show: @escaping @isolated(any) (Owner, String) -> Void) -> Self {
      guard let held else { return self }
      return with { $0.onWarn = Handler(owner: held, show) }
    }

    /// ``Call/inform(_:_:)``, with the owner.
    public func inform(
      _ message: String, _ show: @escaping @isolated(any) (Owner, String) -> Void
    ) -> Self {
      guard let held else { return self }
      return with { $0.onInform = (message, Handler(owner: held, show)) }
    }

    /// ``Call/showing(_:)``.
    public func showing(_ indicator: some LoadingIndicator) -> Self {
      with { $0 = $0.showing(indicator) }
    }

    /// ``Call/delivering(_:)``.
    public func delivering(_ delivery: Delivery) -> Self {
      with { $0 = $0.delivering(delivery) }
    }

    /// ``Call/failedOnCancel()``.
    public func failedOnCancel() -> Self { with { $0 = $0.failedOnCancel() } }

    /// ``Call/start(on:)``.
    @discardableResult
    public func start(on client: Client? = nil) -> RequestHandle { call.start(on: client) }
  }
}

/// An owner held weakly, only handed to its callbacks.
private final class WeakOwner<Owner: AnyObject>: @unchecked Sendable {
  // NB: read on the chain's isolation, when a callback is added.
  weak var value: Owner?
  init(_ value: Owner) { self.value = value }
}
