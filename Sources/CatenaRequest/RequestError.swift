public import Foundation

/// Everything that can go wrong with a request, as one structured error that keeps what was
/// received.
///
/// ```swift
/// do {
///   let user = try await Get("user/info").decode(User.self, at: "data.user").value()
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
  public enum Kind: Hashable, Sendable {
    /// The request could not be sent or the response not received (connection, DNS, TLS).
    case transport
    /// No response in time: the whole exchange took longer than its deadline, or no byte came
    /// for the idle timeout; ``RequestError/limit`` says which.
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
    /// The response body grew past the request's size limit (``RequestError/limit``); the
    /// transfer was stopped there.
    case tooLarge
    /// A redirect was not followed: to a URL that is not `http` or `https`, or one hop too many.
    case redirect
    /// A file could not be read or written: a body's file, a download's destination (it
    /// exists and the download may not replace it, or the disk refused a write).
    case file
    /// Only the cache may answer (``CachePolicy/cacheOnly``, or the request's
    /// `only-if-cached`), and it keeps no response for the request that may answer it (none,
    /// one the server said must be revalidated, or one older than the request accepts).
    case notCached
    /// The network stayed unreachable (as the client's `Client(reachability:)` says) until the
    /// request's deadline: the request waited, and was not sent.
    case offline
  }

  /// A limit the request ran into: which one, and its value.
  public enum Limit: Hashable, Sendable, CustomStringConvertible {
    /// The whole exchange (from sending to the last byte of the body) took longer than this.
    case deadline(Duration)
    /// No byte came for this long.
    case idle(Duration)
    /// The body decoded to more bytes than this.
    case responseSize(Int)
    /// More redirects than this.
    case redirects(Int)

    /// `deadline 2.0 seconds`, `response size 67108864 bytes`.
    public var description: String {
      switch self {
      case .deadline(let duration): "deadline \(duration)"
      case .idle(let duration): "idle timeout \(duration)"
      case .responseSize(let bytes): "response size \(bytes) bytes"
      case .redirects(let count): "\(count) redirects"
      }
    }
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
  /// The limit this request ran into, for ``Kind/timeout``, ``Kind/tooLarge`` and a
  /// ``Kind/redirect`` loop.
  public var limit: Limit?
  /// The error underneath this one (a `URLError`, a `DecodingError`, …).
  public var underlyingError: (any Error)?
  /// Where a failed or cancelled ``Download`` stopped, to continue from with
  /// ``Download/resuming(from:)``; nil when it cannot resume (the server gave no validator).
  public var resumePoint: ResumePoint?

  /// Creates an error of `kind` with a message.
  public init(_ kind: Kind, _ message: String, underlyingError: (any Error)? = nil) {
    self.kind = kind
    self.message = message
    self.underlyingError = underlyingError
  }

  /// The body as UTF-8 text, if it is.
  public var bodyText: String? { body.flatMap { String(data: $0, encoding: .utf8) } }

  /// The message, with the status, server code and failing path when known.
  public var description: String {
    var parts = ["\(kind): \(message)"]
    if let status { parts.append("status \(status)") }
    if let code { parts.append("code \(code)") }
    if let stage { parts.append("stage \(stage)") }
    if let path { parts.append("at \(path)") }
    if let limit { parts.append("limit \(limit)") }
    return parts.joined(separator: "; ")
  }
}

extension RequestError {
  /// The body passed `limit` bytes.
  static func tooLarge(_ limit: Int) -> RequestError {
    var error = RequestError(
      .tooLarge, "the response body is larger than the limit of \(limit) bytes; stopped there")
    error.limit = .responseSize(limit)
    return error
  }
}
