import Foundation

/// A request after the interceptors and the credential: what goes to the transport, with the
/// cache partition the credential named (see ``Client/exchange(_:progress:cache:attempt:)``).
struct Outgoing: Sendable {
  /// The request to send.
  var request: HTTPRequest
  /// The partition its credential named; nil without one.
  var partition: String?
  /// How many refreshes the credential had when it was applied (a 401 refreshes after it).
  var credentialGeneration = 0
  /// The cache's count of writes before the request was adapted (nil without a cache): its
  /// response is kept only if no write came since.
  var writes: UInt64?
  /// The request before the interceptors (for a rule a test switches off: ``CacheRule``).
  var base: HTTPRequest?
}

/// What a cache decides before the network.
enum CacheLookup<Received> {
  /// The cache answers: nothing is sent.
  case answered(Received)
  /// This request goes to the server (with the validators of a response kept, if any).
  case send(HTTPRequest)
}

/// A cache's part in one exchange: asked before each attempt, told of the final response,
/// and of a failure. Made for one exchange and used by its task only.
protocol CacheStep<Received>: AnyObject {
  associatedtype Received: Exchanged
  /// Before the network: an answer, or the request to send.
  func lookup(_ outgoing: Outgoing) throws(RequestError) -> CacheLookup<Received>
  /// The request the last lookup decided on goes to the network now.
  func sending()
  /// The final response to `sent`: what the asker gets (kept, merged, or a stale response
  /// in place of a 5xx), or nil to send again without validators.
  func settle(_ outgoing: Outgoing, sent: HTTPRequest, _ received: Received) -> Received?
  /// A response kept that answers in place of `failure` (`stale-if-error`), if any.
  func fallback(_ failure: RequestError) -> Received?
}

/// An in-memory exchange through a client's ``HTTPCache``: a GET is answered from a fresh
/// response kept, or sent with the validators of a stale one (a `304` for that response
/// updates it and answers with its body), and what comes back is kept when it may be.
///
/// Everything is decided on the request as sent: after the interceptors and the credential,
/// with the transport's cookies. A request carrying a credential on the wire (a sensitive
/// header, a cookie, a credential in its query or its URL) with no partition named is
/// neither answered from the cache nor kept; nor is one with validators or a range of the
/// app's own.
final class CacheExchange: CacheStep {
  typealias Received = HTTPResponse

  private let client: Client
  private let cache: HTTPCache
  private let base: HTTPRequest
  private let policy: CachePolicy
  private let tags: Set<String>
  private let revalidating: Bool
  /// Sends one attempt (for a background revalidation).
  private let attempt: Client.Attempt
  /// The response kept whose validators the last request carried.
  private var stored: StoredResponse?
  /// Without one for the request's own variant, the responses kept for its other variants
  /// whose `ETag`s it carried (RFC 9111 §4.3.1): a `304` selects one by its `ETag`.
  private var others: [StoredResponse] = []
  /// What the last lookup decided for the response.
  private var keeping: Keeping?
  /// Why the response will not be kept, when the lookup knew it already.
  private var notStored: HTTPCache.NotStoredReason?
  /// Whether `request` asked for no stale response (`no-cache`).
  private var noCache = false
  /// Set after a `304` for another version: the next attempt is sent without validators.
  private var unconditional = false
  private var sentAt = Date()
  /// Where the last attempt came in the cache's order of sends.
  private var sendOrder: UInt64 = 0
  /// The request as the last lookup saw it (with the transport's cookies then): what `Vary`
  /// is recorded from, not the cookies the response itself may have set since.
  private var lookedUp: HTTPRequest?
  /// The `Cookie` header the transport would have sent when the last lookup went to the
  /// network: a response is kept only if the jar is the same when it arrives.
  private var lookedUpCookie: String?
  /// The cache's count of writes when the last lookup's request was made: a stale response
  /// answers a failure only if no write (a sign-out's invalidation) came since.
  private var lookupWrites: UInt64?
  /// The first attempt's request, for ``firstPartition(_:)``.
  private var firstOutgoing: Outgoing?

  init(
    client: Client, cache: HTTPCache, base: HTTPRequest, policy: CachePolicy, tags: Set<String>,
    revalidating: Bool, attempt: @escaping Client.Attempt
  ) {
    self.attempt = attempt
    self.client = client
    self.cache = cache
    self.base = base
    self.policy = policy
    self.tags = tags
    self.revalidating = revalidating
  }

  func lookup(_ outgoing: Outgoing) throws(RequestError) -> CacheLookup<Received> {
    let outgoing = firstPartition(outgoing)
    stored = nil
    others = []
    keeping = nil
    notStored = nil
    guard base.method == .get else {
      // Nothing but a GET is kept: an offline request of another method cannot be answered.
      let asked = CacheControl.asked(client.cacheView(of: outgoing).wire.headers)
      guard policy != .cacheOnly, !asked.onlyIfCached else {
        throw RequestError(
          .notCached,
          "nothing is kept for \(base.method.rawValue) \(base.url.absoluteString) (only GET is)")
      }
      return .send(outgoing.request)
    }
    let view = client.cacheView(of: outgoing)
    let wire = view.wire
    lookedUp = wire
    lookupWrites = outgoing.writes
    if let partition = view.partition {
      let staleTime: Duration? = if case .staleTime(let time) = policy { time } else { nil }
      keeping = Keeping(partition: partition.name, tags: tags, staleTime: staleTime != nil)
    } else {
      notStored = view.refusal
    }
    let asked = CacheControl.asked(wire.headers)
    let offline = policy == .cacheOnly || asked.onlyIfCached
    // A request that wants no stale answer: none in place of a failure either (§5.2.1.1).
    noCache =
      asked.noCache || (asked.maxStale == nil && (asked.maxAge != nil || asked.minFresh != nil))
    // A request's `no-store` keeps nothing, but offline it may still read (§5.2.1.5).
    let found =
      if let keeping, !asked.noStore || offline {
        cache.lookup(wire, partition: keeping.partition)
      } else {
        StoredResponse?.none
      }
    let staleTime: Duration? = if case .staleTime(let time) = policy { time } else { nil }
    if offline {
      // Offline (cacheOnly accepts any staleness; only-if-cached what its max-stale says),
      // but never past the server's `no-cache` or `must-revalidate` (§4.2.4, §5.2.2.2).
      let why = policy == .cacheOnly ? "cache only" : "only-if-cached"
      guard let found else {
        throw RequestError(
          .notCached, "no response is kept for GET \(base.url.absoluteString) (\(why))")
      }
      guard
        let usable = found.answer(
          asked, at: cache.now(), staleTime: staleTime, anyStaleness: policy == .cacheOnly)
      else {
        let control = found.control
        let reason =
          control.noCache || control.mustRevalidate
          ? "must be revalidated (\(control.noCache ? "no-cache" : "must-revalidate"))"
          : "is older than the request accepts"
        throw RequestError(
          .notCached,
          "the response kept for GET \(base.url.absoluteString) \(reason) (\(why))")
      }
      client.record(usable == .fresh ? .cacheHit : .staleServed, base)
      // A range it cannot cut is answered whole, as a server that ignores `Range` would.
      let whole = found.answering(at: cache.now())
      return .answered(Self.partial(of: whole, wire.headers["Range"]) ?? whole)
    }
    if let range = wire.headers["Range"] {
      // A range: cut from a fresh complete response kept, else asked of the server as it is
      // (no validators: a `304` would answer with the whole body).
      let now = cache.now()
      if policy != .networkOnly, !asked.noCache, let found,
        found.answer(asked, at: now, staleTime: staleTime) == .fresh,
        let partial = Self.partial(of: found.answering(at: now), range)
      {
        client.record(.cacheHit, base)
        return .answered(partial)
      }
      client.record(.cacheMiss, base)
      lookedUpCookie = client.transport.requestAsSent(outgoing.request).headers["Cookie"]
      return .send(outgoing.request)
    }
    let candidate = policy == .networkOnly || unconditional ? nil : found
    if let candidate, !asked.noCache, !revalidating, let keeping {
      let now = cache.now()
      if let usable = candidate.answer(asked, at: now, staleTime: staleTime) {
        client.record(usable == .fresh ? .cacheHit : .staleServed, base)
        return .answered(candidate.answering(at: now))
      }
      // The app asked for a younger answer (`max-age`, `min-fresh`) or bounded the staleness
      // it accepts (`max-stale`, already applied above): not one stale under
      // `stale-while-revalidate`.
      if asked.maxAge == nil, asked.minFresh == nil, asked.maxStale == nil,
        candidate.mayServeWhileRevalidating(at: now)
      {
        client.record(.staleServed, base)
        revalidateInBackground(keeping, candidate)
        return .answered(candidate.answering(at: now))
      }
    }
    stored = candidate
    var conditional = outgoing.request
    for (name, value) in candidate?.validators ?? []
    where cache.holds(.validated304) || conditional.headers[name] == nil {
      try conditional.headers.set(name, value)
    }
    if candidate == nil, policy != .networkOnly, !unconditional, !asked.noStore, let keeping,
      cache.holds(.validated304)
    {
      // Another variant may be what the server would send this request too (§4.3.1).
      others = cache.variants(otherThan: wire, partition: keeping.partition)
      let tags = others.compactMap { $0.response.headers["ETag"] }
      if !tags.isEmpty {
        try conditional.headers.set("If-None-Match", tags.joined(separator: ", "))
      }
    }
    client.record(.cacheMiss, base)
    lookedUpCookie = client.transport.requestAsSent(outgoing.request).headers["Cookie"]
    return .send(conditional)
  }

  func sending() {
    sentAt = cache.now()
    sendOrder = cache.nextSendOrder()
    keeping?.sendOrder = sendOrder
  }

  func settle(_ outgoing: Outgoing, sent: HTTPRequest, _ received: Received) -> Received? {
    var outgoing = firstPartition(outgoing)
    guard base.method == .get else {
      // Only the URL asked: a HEAD redirected elsewhere says nothing of it.
      if base.method == .head, received.status == 200, received.url ?? sent.url == sent.url {
        updateStoredGet(outgoing, received)
      }
      client.record(.notStored(.statusNotStorable), base)
      return received
    }
    let response = received
    defer {
      if let failure = cache.diskFailureToSay() { client.record(.cacheDiskFailed(failure), base) }
    }
    guard let keeping else {
      if let notStored { client.record(.notStored(notStored), base) }
      return received
    }
    let receivedAt = cache.now()
    var wire = lookedUp ?? client.cacheView(of: outgoing).wire
    if let final = response.url, final != sent.url, cache.holds(.redirectTarget) {
      // Kept under the URL that answered, on the request's origin only, as the transport sent
      // it there (a cookie a redirect set is a credential); never in place of the one asked.
      var hop = outgoing
      hop.request.url = final
      let view = client.cacheView(of: hop)
      if response.status == 304, !unconditional {
        // A hop answered the validators the redirect carried along: the app asked no
        // conditional question, so it is asked again without validators.
        unconditional = true
        return nil
      }
      guard final.scheme == sent.url.scheme, final.host == sent.url.host,
        final.port == sent.url.port, response.status != 304
      else {
        client.record(.notStored(.redirected), base)
        return received
      }
      guard let partition = view.partition, partition.name == keeping.partition else {
        client.record(.notStored(view.refusal ?? .redirected), base)
        return received
      }
      wire = view.wire
    }
    if cache.holds(.cookiesAsSent),
      CookieDrift.changed(
        from: lookedUpCookie,
        to: client.transport.requestAsSent(outgoing.request).headers["Cookie"])
    {
      // A cookie set or cleared while it was in flight (a sign-in elsewhere, or its own
      // answer's): the request may have gone with it, so it is fenced as a write would be.
      outgoing.writes = HTTPCache.neverCurrent
    }
    if response.status == 304, stored != nil || !others.isEmpty {
      // The response whose validators went, or, asked with the other variants' tags, the one
      // the `304`'s `ETag` names (§4.3.4), then kept for this request's variant too. Else the
      // request is sent again without validators.
      let tag = response.headers["ETag"]
      let selected =
        stored
        ?? others.first { other in
          guard let tag, let kept = other.response.headers["ETag"] else { return false }
          return StoredResponse.names(tag, kept)
        }
      guard let selected,
        let (merged, refused) = cache.refresh(
          selected, with: response, for: wire, sentAt: sentAt, receivedAt: receivedAt, keeping,
          sentAtWrite: outgoing.writes)
      else {
        unconditional = true
        return nil
      }
      client.record(.revalidated, base)
      if let refused { client.record(.notStored(refused), base) }
      return merged
    }
    if stored != nil, response.status >= 500 || Self.transient.contains(response.status) {
      // A server error or a transient refusal says nothing of the response kept: it stays,
      // and answers in place of a 500, 502, 503 or 504 under `stale-if-error` (RFC 5861 §4).
      client.record(.notStored(.statusNotStorable), base)
      if Self.staleIfErrorStatuses.contains(response.status), let stale = staleOnError() {
        return stale
      }
      return received
    }
    if let refused = cache.store(
      response, for: wire, sentAt: sentAt, receivedAt: receivedAt, keeping,
      sentAtWrite: outgoing.writes)
    {
      client.record(.notStored(refused), base)
    }
    return received
  }

  func fallback(_ failure: RequestError) -> Received? {
    // The origin could not be reached (RFC 5861 §4): not a failure of the client's own.
    guard [.transport, .timeout, .offline].contains(failure.kind), failure.status == nil else {
      return nil
    }
    return staleOnError()
  }

  /// `whole` (a complete `200`) cut to the one satisfiable range `header` asks for; nil for
  /// another status or range.
  static func partial(of whole: HTTPResponse, _ header: String?) -> HTTPResponse? {
    guard let header, whole.status == 200,
      let range = ByteRange.resolve(header, length: whole.body.count)
    else { return nil }
    return ByteRange.partial(whole, range)
  }

  /// The statuses a response kept answers in place of, under `stale-if-error` (RFC 5861 §4).
  static let staleIfErrorStatuses: Set<Int> = [500, 502, 503, 504]

  /// Statuses that say the server would not answer now, not that the response changed: the
  /// response kept stays (`408`, `425`, `429`).
  static let transient: Set<Int> = [408, 425, 429]

  /// The response kept, when it may answer in place of a failure (`stale-if-error`).
  private func staleOnError() -> Received? {
    guard let stored, !noCache, !revalidating, lookupWrites == cache.writeCount,
      stored.mayServeOnError(at: cache.now())
    else { return nil }
    client.record(.staleServed, base)
    return stored.answering(at: cache.now())
  }

  /// A `HEAD` answered `head`: the response kept for the same `GET` is updated with its
  /// headers when it is the same representation (the same `ETag`, or without one the same
  /// `Last-Modified`, and the same `Content-Length` when both state one), and dropped when
  /// `head` says it changed (RFC 9111 §4.3.5).
  private func updateStoredGet(_ outgoing: Outgoing, _ head: HTTPResponse) {
    let view = client.cacheView(of: outgoing)
    guard let partition = view.partition else { return }
    var get = view.wire
    get.method = .get
    guard let kept = cache.lookup(get, partition: partition.name) else { return }
    let stored = kept.response.headers
    let same: Bool? =
      if let tag = head.headers["ETag"] {
        stored["ETag"].map(StoredResponse.quoted) == StoredResponse.quoted(tag)
      } else if let modified = head.headers["Last-Modified"], stored["ETag"] == nil {
        modified == stored["Last-Modified"]
      } else if stored["ETag"] == nil, stored["Last-Modified"] == nil {
        true
      } else {
        nil  // it says nothing of the version kept
      }
    // Lengths as the server stated them: a body the transport decoded (gzip) is longer.
    let length = head.headers["Content-Length"]
    let keptLength = stored["Content-Length"]
    guard let same else { return }
    guard same, length == nil || keptLength == nil || length == keptLength else {
      cache.forget(get, partition: partition.name, sentAtWrite: outgoing.writes)
      return
    }
    var keeping = Keeping(partition: partition.name, tags: kept.tags)
    keeping.sendOrder = sendOrder
    _ = cache.refresh(
      kept, with: head, for: get, sentAt: sentAt, receivedAt: cache.now(), keeping,
      sentAtWrite: outgoing.writes)
  }

  /// `outgoing`, with the partition of the first attempt when
  /// ``CacheRule/partitionWithCredential`` is switched off (as before it held).
  private func firstPartition(_ outgoing: Outgoing) -> Outgoing {
    guard !cache.holds(.partitionWithCredential) else { return outgoing }
    var outgoing = outgoing
    if let first = firstOutgoing {
      outgoing.partition = first.partition
    } else {
      firstOutgoing = outgoing
    }
    return outgoing
  }

  /// Starts one revalidation of `candidate` in the background: none while one runs for the
  /// same partition, URL and variant. It does not wait for the network: offline, it ends at
  /// once, and its slot is released however it ends.
  private func revalidateInBackground(_ keeping: Keeping, _ candidate: StoredResponse) {
    let slot = HTTPCache.Revalidation(
      key: HTTPCache.Key(partition: keeping.partition, url: lookedUp?.url ?? base.url),
      varied: candidate.varied)
    guard cache.beginRevalidation(slot) else { return }
    let (client, cache, base, policy, tags, attempt) = (client, cache, base, policy, tags, attempt)
    Task {
      defer { cache.endRevalidation(slot) }
      let steps = CacheExchange(
        client: client, cache: cache, base: base, policy: policy, tags: tags, revalidating: true,
        attempt: attempt)
      _ = try? await client.exchange(
        base, progress: nil, cache: steps, waitsForNetwork: false, attempt: attempt)
    }
  }

  /// Request headers that make a request the app's own conditional or range request: it goes
  /// to the server as it is (OkHttp's `hasConditions`).
  static let appConditionals: Set<String> = [
    "if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range", "range",
  ]
}

extension Client {
  /// How the cache sees `outgoing`: the request as sent (with the transport's cookies), and
  /// the partition its response is kept in, or why it is not kept and not answered from the
  /// cache: validators or a range of the app's own; a credential provider that names no
  /// partition, or a credential on the wire (a sensitive header, a cookie, a credential in the
  /// query or the URL) without one.
  func cacheView(
    of outgoing: Outgoing
  ) -> (wire: HTTPRequest, partition: Partition?, refusal: HTTPCache.NotStoredReason?) {
    let holds = { (rule: CacheRule) in self.cache?.holds(rule) ?? true }
    let sent = transport.requestAsSent(outgoing.request)
    // Without the rule, `Vary` is matched on the request before the interceptors.
    let wire = holds(.varyOnTheWire) ? sent : outgoing.base ?? sent
    // A range alone may be answered from a complete response kept (never kept itself);
    // validators of the app's own go to the server as they are.
    if holds(.validated304),
      wire.headers.contains(where: {
        let name = $0.name.lowercased()
        return CacheExchange.appConditionals.contains(name) && name != "range"
      })
    {
      return (wire, nil, .conditionalRequest)
    }
    if authentication != nil {
      guard let named = outgoing.partition else { return (wire, nil, .credentialWithoutPartition) }
      return (wire, Partition(name: named), nil)
    }
    let credential =
      holds(.credentialOnTheWire)
      ? sent.carriesCredential
      : (outgoing.base ?? sent).headers.contains { outgoing.request.isSensitive($0.name) }
    if credential {
      return (wire, nil, .credentialWithoutPartition)
    }
    return (wire, Partition(name: nil), nil)
  }

  /// The response the cache keeps for `outgoing` (a GET), however old, looked up as an
  /// exchange would; nil when none is, or it may not be answered from the cache.
  func keptResponse(for outgoing: Outgoing, offline: Bool = false) -> StoredResponse? {
    guard let cache, outgoing.request.method == .get else { return nil }
    let view = cacheView(of: outgoing)
    guard let partition = view.partition,
      offline || !CacheControl.asked(view.wire.headers).noStore
    else { return nil }
    return cache.lookup(view.wire, partition: partition.name)
  }
}

extension HTTPRequest {
  /// Whether the request carries a credential: a header ``isSensitive(_:)`` names, a query
  /// item named like one (`access_token`, `api_key`, …), or a user or password in its URL.
  var carriesCredential: Bool {
    headers.contains(where: { isSensitive($0.name) }) || url.carriesCredential
  }
}

extension URL {
  /// Whether the URL carries a credential: a user or password, or a query item named like
  /// one (`access_token`, `api_key`, …).
  var carriesCredential: Bool {
    if user != nil || password != nil { return true }
    guard query != nil else { return false }
    let items = URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return items.contains { HTTPRequest.credentialQueryNames.contains($0.name.lowercased()) }
  }
}

/// A partition of the cache: the one the credential provider names, or none (nil) for
/// unauthenticated responses.
struct Partition {
  var name: String?
}

/// How a response is kept: its partition, the request's tags, and whether its policy has a
/// stale time (a response without freshness or validators is then kept too).
struct Keeping: Sendable {
  var partition: String?
  var tags: Set<String> = []
  var staleTime = false
  /// Where its request came in the cache's order of sends (``HTTPCache/nextSendOrder()``).
  var sendOrder: UInt64 = 0
}
