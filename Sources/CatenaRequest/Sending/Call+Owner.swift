/// The `owner:` form of every callback: the call holds `owner` weakly and passes it in, so a
/// callback that works on a view controller neither captures it nor needs `[weak self]`, and a
/// screen that goes away while its request runs is not kept until the request ends. Once the
/// owner is gone the callback does nothing. Each runs in the isolation of the code that wrote
/// it, as the other forms do.
///
/// ```swift
/// Get("user").decode(User.self)
///   .then(owner: self) { owner, user in owner.nameLabel.text = user.name }
///   .failed(owner: self) { owner, error in owner.show(error) }
///   .start(on: api)
/// ```
extension Call {
  /// ``then(_:)``, with `owner` passed in.
  public func then<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner, Request.Value) -> Void
  ) -> Self {
    setting(\.onSuccess, Handler(owner: owner, body))
  }

  /// ``failed(_:)``, with `owner` passed in.
  public func failed<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner, RequestError) -> Void
  ) -> Self {
    setting(\.onFailure, Handler(owner: owner, body))
  }

  /// ``cancelled(_:)``, with `owner` passed in.
  public func cancelled<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner) -> Void
  ) -> Self {
    setting(\.onCancel, Handler(owner: owner, action: body))
  }

  /// ``always(_:)``, with `owner` passed in.
  public func always<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner) -> Void
  ) -> Self {
    setting(\.onAlways, Handler(owner: owner, action: body))
  }

  /// ``progress(_:)``, with `owner` passed in.
  public func progress<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner, TransferProgress) -> Void
  ) -> Self {
    setting(\.onProgress, Handler(owner: owner, body))
  }

  /// ``warn(_:)``, with `owner` passed in.
  public func warn<Owner: AnyObject>(
    owner: Owner, _ show: @escaping @isolated(any) (Owner, String) -> Void
  ) -> Self {
    setting(\.onWarn, Handler(owner: owner, show))
  }

  /// ``inform(_:_:)``, with `owner` passed in.
  public func inform<Owner: AnyObject>(
    _ message: String, owner: Owner, _ show: @escaping @isolated(any) (Owner, String) -> Void
  ) -> Self {
    setting(\.onInform, (message, Handler(owner: owner, show)))
  }
}
