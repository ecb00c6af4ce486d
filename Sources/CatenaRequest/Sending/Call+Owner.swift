/// A callback as a ``Call`` keeps it: as written (run in its own isolation), or an `owner:`
/// form's, which holds its owner weakly and does nothing once the owner is gone.
enum Handler<Value: Sendable>: Sendable {
  /// A callback as written.
  case plain(Callback<Value>)
  /// A callback without a value (`cancelled`, `always`), as written.
  case action(@Sendable @isolated(any) () -> Void)
  /// An `owner:` form's callback, which awaits the one written.
  case owned(@Sendable (Value) async -> Void)

  /// Runs the callback with `value`, in the callback's isolation.
  func callAsFunction(_ value: Value) async {
    switch self {
    case .plain(let body): await body(value)
    case .action(let body): await body()
    case .owned(let body): await body(value)
    }
  }

  /// `body` with `owner` held weakly, called in `body`'s isolation while the owner lives.
  static func owned<Owner: AnyObject & Sendable>(
    _ owner: Owner, _ body: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
  ) -> Self {
    .owned { [weak owner] value in
      guard let owner else { return }
      await body(owner, value)
    }
  }
}

extension Handler where Value == Void {
  /// `body` with `owner` held weakly, called in `body`'s isolation while the owner lives.
  static func owned<Owner: AnyObject & Sendable>(
    _ owner: Owner, _ body: @escaping @Sendable @isolated(any) (Owner) -> Void
  ) -> Self {
    .owned { [weak owner] _ in
      guard let owner else { return }
      await body(owner)
    }
  }
}

/// The `owner:` form of every callback: the call holds `owner` weakly and passes it in, so a
/// callback that works on a view controller neither captures it nor needs `[weak self]`, and a
/// screen that goes away while its request runs is not kept until the request ends. Once the
/// owner is gone the callback does nothing. Each runs in the isolation of the code that wrote
/// it, as the other forms do.
///
/// ```swift
/// Get("user").decode(User.self).on(api)
///   .then(owner: self) { owner, user in owner.nameLabel.text = user.name }
///   .failed(owner: self) { owner, error in owner.show(error) }
///   .start()
/// ```
extension Call {
  /// ``then(_:)``, with `owner` passed in.
  public func then<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner, Request.Value) -> Void
  ) -> Self {
    setting(\.onSuccess, .owned(owner, body))
  }

  /// ``failed(_:)``, with `owner` passed in.
  public func failed<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner, RequestError) -> Void
  ) -> Self {
    setting(\.onFailure, .owned(owner, body))
  }

  /// ``cancelled(_:)``, with `owner` passed in.
  public func cancelled<Owner: AnyObject & Sendable>(
    owner: Owner, @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner) -> Void
  ) -> Self {
    setting(\.onCancel, .owned(owner, body))
  }

  /// ``always(_:)``, with `owner` passed in.
  public func always<Owner: AnyObject & Sendable>(
    owner: Owner, @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner) -> Void
  ) -> Self {
    setting(\.onAlways, .owned(owner, body))
  }

  /// ``progress(_:)``, with `owner` passed in.
  public func progress<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ body:
      @escaping @Sendable @isolated(any) (Owner, TransferProgress)
      -> Void
  ) -> Self {
    setting(\.onProgress, .owned(owner, body))
  }

  /// ``warn(_:)``, with `owner` passed in.
  public func warn<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ show: @escaping @Sendable @isolated(any) (Owner, String) -> Void
  ) -> Self {
    setting(\.onWarn, .owned(owner, show))
  }

  /// ``inform(_:_:)``, with `owner` passed in.
  public func inform<Owner: AnyObject & Sendable>(
    _ message: String, owner: Owner,
    @_inheritActorContext _ show: @escaping @Sendable @isolated(any) (Owner, String) -> Void
  ) -> Self {
    setting(\.onInform, (message, .owned(owner, show)))
  }
}

extension RequestConvertible {
  /// ``then(_:)``, with `owner` passed in (held weakly), through ``Client/default``.
  public func then<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner, Value) -> Void
  ) -> Call<Self> {
    Call(request: self, client: .default).then(owner: owner, body)
  }

  /// ``failed(_:)``, with `owner` passed in (held weakly), through ``Client/default``.
  public func failed<Owner: AnyObject & Sendable>(
    owner: Owner,
    @_inheritActorContext _ body: @escaping @Sendable @isolated(any) (Owner, RequestError) -> Void
  ) -> Call<Self> {
    Call(request: self, client: .default).failed(owner: owner, body)
  }
}
