// Old names, kept unavailable so the compiler names the new one (CHANGELOG.md, Migration).
extension RequestConvertible {
  /// Replaced: name the client where the request is sent.
  @available(
    *, unavailable,
    message: "name the client where the request is sent: .value(on: api), .start(on: api)"
  )
  public func on(_ client: Client) -> Call<Self> { fatalError("unavailable") }
}

extension Call {
  /// Renamed: a loading indicator is shown with `showing(_:)`.
  @available(*, unavailable, renamed: "showing(_:)")
  public func load(_ indicator: some LoadingIndicator) -> Self { fatalError("unavailable") }
}

extension Client {
  /// Replaced: `request.value(on: client)` is the one way to send.
  @available(*, unavailable, message: "use request.value(on: client)")
  public func send<R: RequestConvertible>(_ request: R) async throws(RequestError) -> R.Value {
    fatalError("unavailable")
  }
}

extension Call {
  /// Replaced: capture the owner weakly, as any Swift closure does.
  @available(*, unavailable, message: "use .then { [weak self] value in … }")
  public func then<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner, Request.Value) -> Void
  ) -> Self { fatalError("unavailable") }

  /// Replaced: capture the owner weakly, as any Swift closure does.
  @available(*, unavailable, message: "use .failed { [weak self] error in … }")
  public func failed<Owner: AnyObject>(
    owner: Owner, _ body: @escaping @isolated(any) (Owner, RequestError) -> Void
  ) -> Self { fatalError("unavailable") }
}
