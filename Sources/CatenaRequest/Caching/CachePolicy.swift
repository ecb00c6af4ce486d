/// How a request uses its client's ``HTTPCache`` (``RequestConvertible/cache(_:)``).
///
/// ```swift
/// Get("feed").cache(.staleTime(.seconds(30)))   // no request for 30 s after an answer
/// Get("feed").cache(.cacheOnly)                 // offline: what is kept, or an error
/// ```
///
/// `no-store` always wins: a response that says it is never kept, and a request that asks
/// for none.
public enum CachePolicy: Hashable, Sendable {
  /// HTTP's rules (the default): a fresh response kept answers; a stale one is revalidated.
  case standard
  /// HTTP's rules, and a response is also fresh for `Duration` after it arrived where HTTP
  /// says nothing stricter (`max-age=10` keeps it to 10 s; no freshness at all gives it the
  /// whole time, even without a validator).
  case staleTime(Duration)
  /// The server is always asked (without validators); what it answers is kept when it may be.
  /// ``RequestConvertible/answers(on:)`` shows nothing kept first. A request's own
  /// `only-if-cached` wins over it.
  case networkOnly
  /// Only what is kept answers, however old (offline), unless the server said it must be
  /// revalidated (`no-cache`, or `must-revalidate` once stale: RFC 9111 §4.2.4); without one
  /// the request fails with ``RequestError/Kind/notCached`` and nothing is sent. The request still goes through the
  /// interceptors' `adapt` and the credential provider first (they say how it would be sent,
  /// and in which partition it is kept), so a provider must answer without the network here.
  case cacheOnly
}
