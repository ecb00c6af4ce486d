import Foundation

extension Client {
  /// The client requests go through when none is named with `.on(_:)`: no base URL and a
  /// ``URLSessionTransport`` until the app sets its own.
  ///
  /// ```swift
  /// Client.default = Client(baseURL: URL(string: "https://api.example.com/"),
  ///                         transport: URLSessionTransport())
  /// Get("user/info").then { response in … }.start()
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

extension RequestConvertible {
  /// This request through ``Client/default``, receiving the shaped value on success.
  ///
  /// ```swift
  /// Get("user/getUserInfo", ["id": 7]).json()
  ///   .then { json in print(json["data"]["name"]) }
  ///   .failed { error in print(error) }
  ///   .start()
  /// ```
  public func then(@_inheritActorContext _ body: @escaping Callback<Value>) -> Call<Self> {
    Call(request: self, client: .default).then(body)
  }

  /// This request through ``Client/default``, receiving the error on failure.
  public func failed(@_inheritActorContext _ body: @escaping Callback<RequestError>) -> Call<Self> {
    Call(request: self, client: .default).failed(body)
  }

  /// Sends this request through ``Client/default`` without callbacks.
  @discardableResult
  public func start() -> RequestHandle { Call(request: self, client: .default).start() }

  /// The shaped value, sent through ``Client/default``.
  public var value: Value {
    get async throws(RequestError) { try await Client.default.send(self) }
  }

  /// The shaped value with its response (status, headers, body), through ``Client/default``.
  public var response: (value: Value, response: HTTPResponse) {
    get async throws(RequestError) { try await Client.default.response(for: self) }
  }
}
