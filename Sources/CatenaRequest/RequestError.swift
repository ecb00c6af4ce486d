public import Foundation

/// Everything that can go wrong with a request, as one structured error that keeps what was
/// received.
///
/// ```swift
/// do {
///   let user = try await Get("user/info").decode(User.self, at: "data.user").value
/// } catch {
///   switch error.kind {
///   case .status: print(error.status ?? 0, error.bodyText ?? "")
///   case .decoding: print(error.stage ?? "", error.path ?? "")
///   default: print(error)
///   }
/// }
/// ```
public struct RequestError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Hashable, Sendable {
    /// The request could not be sent or the response not received (connection, DNS, TLS).
    case transport
    /// No response in time.
    case timeout
    /// The request was cancelled.
    case cancelled
    /// The server answered with a status the request does not accept.
    case status
    /// The server answered with a business error code in its envelope.
    case server
    /// The body could not be parsed or decoded as asked.
    case decoding
    /// The URL could not be built, or would leave the client's host.
    case invalidURL
    /// A header name or value is not allowed.
    case invalidHeader
    /// The body could not be encoded.
    case encoding
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence saying what went wrong.
  public var message: String
  /// The HTTP status, when a response arrived.
  public var status: Int?
  /// The response headers, when a response arrived.
  public var headers: HTTPHeaders?
  /// The response body, when one arrived; kept for every kind of failure.
  public var body: Data?
  /// The pipeline stage that failed (for example `decode(User) at data.user`).
  public var stage: String?
  /// The key path inside the body where decoding failed (for example `data.user.name`).
  public var path: String?
  /// The server's error code, for ``Kind/server``.
  public var code: String?
  /// The server's error message, for ``Kind/server``.
  public var serverMessage: String?
  /// The error underneath this one (a `URLError`, a `DecodingError`, …).
  public var underlyingError: (any Error)?

  /// Creates an error of `kind` with a message.
  public init(_ kind: Kind, _ message: String, underlyingError: (any Error)? = nil) {
    self.kind = kind
    self.message = message
    self.underlyingError = underlyingError
  }

  /// Whether the request was cancelled.
  public var isCancelled: Bool { kind == .cancelled }

  /// The body as UTF-8 text, if it is.
  public var bodyText: String? { body.flatMap { String(data: $0, encoding: .utf8) } }

  /// The message, with the status, server code and failing path when known.
  public var description: String {
    var parts = ["\(kind.rawValue): \(message)"]
    if let status { parts.append("status \(status)") }
    if let code { parts.append("code \(code)") }
    if let stage { parts.append("stage \(stage)") }
    if let path { parts.append("at \(path)") }
    return parts.joined(separator: "; ")
  }
}
