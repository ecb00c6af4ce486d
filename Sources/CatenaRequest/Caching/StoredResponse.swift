import Foundation

/// A response kept by an ``HTTPCache``, with what its age and freshness are computed from
/// (RFC 9111 §4.2).
struct StoredResponse: Sendable {
  var response: HTTPResponse
  /// When the request that got it was sent, and when its head arrived.
  var requestTime: Date
  var responseTime: Date
  /// The values of the request headers the response varies on (lowercased names), as sent.
  var varied: [String: String?]
  /// The tags the request filed it under (``RequestConvertible/cacheTag(_:)``).
  var tags: Set<String> = []
  /// When its request was sent, in the cache's order of sends (0: before this process, read
  /// from disk): a response to a request sent earlier never replaces it.
  var sendOrder: UInt64 = 0

  var control: CacheControl { CacheControl(response.headers["Cache-Control"]) }

  /// How long the response is fresh after it was made: `max-age`, else `Expires` minus `Date`,
  /// else a tenth of the time since its `Last-Modified` (at most a week) for a status that is
  /// heuristically cacheable or a `public` response (§4.2.2); nil when none applies.
  var freshnessLifetime: TimeInterval? {
    if let explicit = explicitLifetime { return explicit }
    guard heuristicallyCacheable,
      let modified = response.headers["Last-Modified"].flatMap({
        HTTPDate.parse($0, now: responseTime)
      })
    else { return nil }
    let date = response.headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) }
    return min(max(0, (date ?? responseTime).timeIntervalSince(modified) / 10), 7 * 86_400)
  }

  /// Whether it may be kept without a lifetime it states, and given a heuristic one: a status
  /// heuristically cacheable (RFC 9110 §15.1), or any status marked `public` (RFC 9111 §4.2.2).
  var heuristicallyCacheable: Bool {
    HTTPCache.heuristicallyCacheable.contains(response.status) || control.isPublic
  }

  /// The lifetime the response states: `max-age`, else `Expires` minus `Date`; nil without.
  var explicitLifetime: TimeInterval? {
    if let maxAge = control.maxAge { return TimeInterval(maxAge) }
    guard let expires = response.headers["Expires"] else { return nil }
    // An invalid Expires (such as "0") means already expired (§5.3).
    guard let expiry = HTTPDate.parse(expires, now: responseTime) else { return 0 }
    let date = response.headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) }
    return expiry.timeIntervalSince(date ?? responseTime)
  }

  /// The `Age` the response came with (§5.1): the first member of a list (two `Age` lines
  /// joined), 2³¹ for one too large (§1.2.2); nil without one, or when it is not a number.
  var ageValue: Int? {
    guard let field = response.headers["Age"] else { return nil }
    let first = field.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
    let digits = first.trimmingCharacters(in: .whitespaces)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits).map { min($0, 1 << 31) } ?? 1 << 31
  }

  /// The response as a cache answers with it at `now`: its `Age` the current age (§4: a
  /// response used without validation carries the age it has now).
  func answering(at now: Date) -> HTTPResponse {
    var answered = response
    try? answered.headers.set("Age", String(Int(min(age(at: now), Double(Int32.max)))))
    return answered
  }

  /// The response's age at `now` (§4.2.3).
  func age(at now: Date) -> TimeInterval {
    let date = response.headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) }
    let apparent = max(0, responseTime.timeIntervalSince(date ?? responseTime))
    let delay = responseTime.timeIntervalSince(requestTime)
    let correctedAge = TimeInterval(ageValue ?? 0) + delay
    return max(apparent, correctedAge) + now.timeIntervalSince(responseTime)
  }

  /// How long past its freshness the response is at `now` (negative: still fresh); nil when it
  /// has no freshness of its own.
  func staleness(at now: Date) -> TimeInterval? {
    freshnessLifetime.map { age(at: now) - $0 }
  }

  /// Whether it may be used at `now` without asking the server; with a `staleTime`, it is
  /// fresh for that long after it arrived unless HTTP says less.
  func isFresh(at now: Date, staleTime: Duration? = nil) -> Bool {
    answer(CacheControl(nil), at: now, staleTime: staleTime) == .fresh
  }

  /// How it may answer a request whose directives are `asked` at `now` without the server
  /// (RFC 9111 §4.2, §5.2.1), as OkHttp's `CacheStrategy` decides: fresh when
  /// `age + min-fresh < lifetime` (the lifetime capped by the request's `max-age`); stale when
  /// the request accepts staleness (`max-stale`: `age + min-fresh < lifetime + max-stale`, or
  /// `anyStaleness`: ``CachePolicy/cacheOnly``). Never a `no-cache` response, nor a
  /// `must-revalidate` one once HTTP says it is stale (§4.2.4); never for a request's own
  /// `no-cache` unless any staleness is accepted. Nil when the server must be asked.
  func answer(
    _ asked: CacheControl, at now: Date, staleTime: Duration?, anyStaleness: Bool = false
  ) -> Usability? {
    let control = control
    guard !control.noCache, !asked.noCache || anyStaleness else { return nil }
    let age = age(at: now)
    let appLifetime = staleTime.map {
      Double($0.components.seconds) + Double($0.components.attoseconds) * 1e-18
    }
    var lifetime: TimeInterval? =
      switch (freshnessLifetime, appLifetime) {
      case (let http?, let app?): min(http, app)
      case (let http?, nil): http
      case (nil, let app?): app
      case (nil, nil): nil
      }
    // The request's `max-age` caps the lifetime (`max-age=0` revalidates).
    if let maxAge = asked.maxAge, let kept = lifetime { lifetime = min(kept, TimeInterval(maxAge)) }
    let minFresh = TimeInterval(asked.minFresh ?? 0)
    if let lifetime, age + minFresh < lifetime { return .fresh }
    // `must-revalidate` forbids a stale answer once the response is stale by HTTP's own
    // lifetime (not by a shorter one the app or the request asked for).
    if control.mustRevalidate, age >= (freshnessLifetime ?? 0) { return nil }
    if anyStaleness || asked.maxStale == Int.max { return .stale }
    guard let maxStale = asked.maxStale else { return nil }
    return age + minFresh < (lifetime ?? 0) + TimeInterval(maxStale) ? .stale : nil
  }

  /// How a response kept may answer without the server.
  enum Usability { case fresh, stale }

  /// Whether it may be served stale at `now` while it is revalidated in the background
  /// (`stale-while-revalidate`, RFC 5861 §3); never with `must-revalidate` or `no-cache`.
  func mayServeWhileRevalidating(at now: Date) -> Bool {
    mayServeStale(within: control.staleWhileRevalidate, at: now)
  }

  /// Whether it may be served stale at `now` in place of an error (`stale-if-error`, RFC 5861
  /// §4); never with `must-revalidate` or `no-cache`.
  func mayServeOnError(at now: Date) -> Bool {
    mayServeStale(within: control.staleIfError, at: now)
  }

  private func mayServeStale(within window: Int?, at now: Date) -> Bool {
    let control = control
    guard let window, !control.mustRevalidate, !control.noCache,
      let staleness = staleness(at: now)
    else { return false }
    return staleness < TimeInterval(window)
  }

  /// `etag` as an entity-tag is written (RFC 9110 §8.8.3): quoted. A `304` that names a tag
  /// the server sent bare (or the other way round) validates the same response.
  static func quoted(_ etag: String) -> String {
    etag.hasPrefix("\"") || etag.hasPrefix("W/\"") ? etag : "\"\(etag)\""
  }

  /// Whether a `304`'s `tag` names a response kept with `stored` (RFC 9111 §4.3.4): a strong
  /// tag the same strong tag, a weak one any tag it matches weakly (`W/"x"` names `"x"`).
  static func names(_ tag: String, _ stored: String) -> Bool {
    guard tag.hasPrefix("W/") else { return quoted(tag) == quoted(stored) }
    func opaque(_ tag: String) -> String {
      quoted(tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag)
    }
    return opaque(tag) == opaque(stored)
  }

  /// The validators to send when asking whether it is still good (§4.3.1): the `ETag` as the
  /// server sent it (a server that sends a bare tag compares what comes back with it, as
  /// browsers send it).
  var validators: [(String, String)] {
    var headers: [(String, String)] = []
    if let etag = response.headers["ETag"] { headers.append(("If-None-Match", etag)) }
    if let modified = response.headers["Last-Modified"] {
      headers.append(("If-Modified-Since", modified))
    }
    return headers
  }

  /// The size it counts for in a cache's bound: the body and the headers.
  var cost: Int {
    response.body.count
      + response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
  }
}
