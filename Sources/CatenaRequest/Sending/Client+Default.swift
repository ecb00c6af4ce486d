import Foundation

extension Client {
  /// The client a request goes through when none is named (`start(on:)`, `value(on:)`, a page
  /// source's `on:`): no base URL and a ``URLSessionTransport`` until the app sets its own.
  /// It is read when a request is sent.
  ///
  /// ```swift
  /// Client.default = Client(baseURL: URL(string: "https://api.example.com/"),
  ///                         transport: URLSessionTransport())
  /// Get("user/info").json().then { json in print(json["name"]) }.start()
  /// ```
  public static var `default`: Client {
    get { DefaultClient.shared.client }
    set { DefaultClient.shared.client = newValue }
  }
}

/// Holds ``Client/default``.
final class DefaultClient: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  static let shared = DefaultClient()
  private let lock = NSLock()
  private var stored: Client?

  var client: Client {
    get {
      lock.withLock {
        if let stored { return stored }
        let made = Client(transport: URLSessionTransport())
        stored = made
        return made
      }
    }
    set { lock.withLock { stored = newValue } }
  }
}

/// The one way to send a request and await its value, and the start of the article's chain.
///
/// ```swift
/// let user = try await Get("user/info").decode(User.self, at: "data").value(on: api)
///
/// Get("user/info").json()
///   .then { json in print(json["data"]["name"]) }
///   .failed { error in print(error) }
///   .start()  // through Client.default
/// ```
///
/// Where no client is named, ``Client/default`` is read when the request is sent, not when
/// it is built: a request (or a paged list) made before the app sets its client goes through
/// the one it set.
extension RequestConvertible {
  /// The shaped value, sent through `client` (``Client/default`` when nil), with the upload
  /// and download reported to `progress` when given.
  ///
  /// ```swift
  /// let file = try await Download("exports/7.zip", to: target).value(on: api) { progress in
  ///   print(progress)  // download 512/1024
  /// }
  /// ```
  ///
  /// - Throws: ``RequestError``, never anything else.
  public func value(
    on client: Client? = nil, progress: ProgressHandler? = nil
  ) async throws(RequestError) -> Value {
    try await exchange(on: client ?? .default, progress: progress).value
  }

  /// The shaped value with the response it came from (status, headers, body), sent through
  /// `client` (``Client/default`` when nil), with the transfer reported to `progress` when
  /// given.
  ///
  /// - Throws: ``RequestError``, never anything else.
  public func response(
    on client: Client? = nil, progress: ProgressHandler? = nil
  ) async throws(RequestError) -> (value: Value, response: HTTPResponse) {
    try await exchange(on: client ?? .default, progress: progress)
  }

  /// A ``Call`` of this request that receives the shaped value on success.
  public func then(
    _ body: @escaping @isolated(any) (Value) -> Void
  ) -> Call<Self> {
    Call(request: self).then(body)
  }

  /// A ``Call`` of this request that receives the error on failure.
  public func failed(
    _ body: @escaping @isolated(any) (RequestError) -> Void
  ) -> Call<Self> {
    Call(request: self).failed(body)
  }

  /// A ``Call`` of this request that receives its progress.
  public func progress(
    _ body: @escaping @isolated(any) (TransferProgress) -> Void
  ) -> Call<Self> {
    Call(request: self).progress(body)
  }

  /// A ``Call`` of this request that shows `indicator` while it runs.
  public func showing(_ indicator: some LoadingIndicator) -> Call<Self> {
    Call(request: self).showing(indicator)
  }

  /// A ``Call`` of this request that shows a failure's message with `show`.
  public func warn(
    _ show: @escaping @isolated(any) (String) -> Void
  ) -> Call<Self> {
    Call(request: self).warn(show)
  }

  /// A ``Call`` of this request whose callbacks written in nonisolated code run with
  /// `delivery`.
  public func delivering(_ delivery: Delivery) -> Call<Self> {
    Call(request: self).delivering(delivery)
  }

  /// Sends this request without callbacks, through `client` (``Client/default`` when nil).
  @discardableResult
  public func start(on client: Client? = nil) -> RequestHandle {
    Call(request: self).start(on: client)
  }
}
