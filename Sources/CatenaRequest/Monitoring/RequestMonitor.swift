public import Foundation

/// Sees what happens to each request a client sends, without changing it: a log, metrics, a
/// test waiting for a moment. A request held in memory (`value(on:)`, `response(on:)`, a
/// ``Call``) is ``RequestEvent/Kind/queued`` first and ``RequestEvent/Kind/finished(_:)``
/// last; between them come what happened on its way (sent or shared, answered by the cache,
/// redirected, retried, cancelled). With ``RequestConvertible/answers(on:)``, the kept value's
/// ``RequestEvent/Kind/cacheHit`` comes before the request for the server's is queued.
///
/// ```swift
/// struct Printer: RequestMonitor {
///   func record(_ event: RequestEvent) { print(event) }  // "GET /feed: shared"
/// }
/// let api = Client(baseURL: base, transport: URLSessionTransport(), monitors: [Printer()])
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
    /// The client took the request: the first event of each.
    case queued
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
    /// The client's cache did not keep the response, for this reason.
    case notStored(HTTPCache.NotStoredReason)
    /// The client's cache could not write to its directory: it keeps responses in memory
    /// only from now on. Said once, to the request whose response it could not keep.
    case cacheDiskFailed(HTTPCache.DiskFailure)
    /// The transport followed redirects: the response came from `to`.
    case redirected(to: URL)
    /// The retry policy sends the request again: attempt `attempt` after waiting `after`.
    case retrying(attempt: Int, after: Duration)
    /// The asker cancelled the request (or its task was cancelled).
    case cancelled
    /// The network is unreachable: the request waits for it (within its deadline) before it
    /// is sent, or sent again after the network went away under it.
    case waitingForNetwork
    /// The request ended, answered or failed: the last event of each, with its figures.
    case finished(RequestMetrics)
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

/// The figures of one request, from the moment its client took it to its outcome.
///
/// ```swift
/// struct Timings: RequestMonitor {
///   func record(_ event: RequestEvent) {
///     guard case .finished(let metrics) = event.kind else { return }
///     print(event.url.path, metrics.duration, metrics.receivedBytes)
///   }
/// }
/// ```
public struct RequestMetrics: Sendable, Hashable, CustomStringConvertible {
  /// The status of the response it ended with (nil when none came).
  public var status: Int?
  /// What it failed with (nil when it was answered).
  public var failure: RequestError.Kind?
  /// From the client taking it to its outcome, decoding included.
  public var duration: Duration
  /// The bytes of the response body it ended with.
  public var receivedBytes: Int
  /// How many times it went to the transport (0: answered by the cache or a shared transfer).
  public var transfers: Int

  /// Figures of a request.
  public init(
    status: Int?, failure: RequestError.Kind?, duration: Duration, receivedBytes: Int,
    transfers: Int
  ) {
    self.status = status
    self.failure = failure
    self.duration = duration
    self.receivedBytes = receivedBytes
    self.transfers = transfers
  }

  /// "200, 1024 bytes, 1 transfer, 12.5 ms" or "cancelled, 0 bytes, 1 transfer, 3.1 ms".
  public var description: String {
    let outcome = failure.map { "\($0)" } ?? status.map { "\($0)" } ?? "no response"
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) * 1e-15
    return "\(outcome), \(receivedBytes) bytes, \(transfers) transfer\(transfers == 1 ? "" : "s"), "
      + String(format: "%.1f ms", milliseconds)
  }
}
