public import Foundation

/// Sees what happens to each request a client sends, without changing it: a log, metrics, a
/// test waiting for a moment.
///
/// ```swift
/// struct Printer: RequestMonitor {
///   func record(_ event: RequestEvent) { print(event) }  // "GET /feed: shared"
/// }
/// var api = Client(baseURL: base, transport: URLSessionTransport())
/// api.monitors = [Printer()]
/// ```
///
/// Events come from the tasks that send the requests, on no particular thread: keep
/// `record(_:)` quick, and send its work elsewhere when it is not.
public protocol RequestMonitor: Sendable {
  /// Called for each event, in the order they happen for one asker.
  func record(_ event: RequestEvent)
}

/// Something that happened to a request on its way.
public struct RequestEvent: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The request went to the transport: a transfer of its own.
    case sent
    /// The request joined an identical one in flight: no transfer of its own.
    case shared
    /// The client's cache answered with a fresh response: nothing was sent.
    case cacheHit
    /// The client's cache had no fresh response: the request goes to the server (with the
    /// validators of a stale one, when it has one).
    case cacheMiss
    /// The server said a stale response kept is still good (`304`): it answers, updated.
    case revalidated
    /// A stale response kept answered: while it is revalidated in the background
    /// (`stale-while-revalidate`), or in place of a failure (`stale-if-error`).
    case staleServed
    /// The client's cache could not write to its directory: it keeps responses in memory
    /// only from now on. Said once, to the request whose response it could not keep.
    case cacheDiskFailed(HTTPCache.DiskFailure)
  }

  /// What happened.
  public var kind: Kind
  /// The request's method.
  public var method: HTTPMethod
  /// The request's URL.
  public var url: URL

  /// An event of `kind` for the request with `method` and `url`.
  public init(_ kind: Kind, method: HTTPMethod, url: URL) {
    self.kind = kind
    self.method = method
    self.url = url
  }

  /// "GET https://api.example.com/feed: shared".
  public var description: String { "\(method.rawValue) \(url.absoluteString): \(kind)" }
}
