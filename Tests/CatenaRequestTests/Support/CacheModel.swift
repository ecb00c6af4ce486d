import Foundation

/// How the scripted server answers a GET: the cache directives of RFC 9111 a sequence draws.
enum Style: CaseIterable {
  /// `max-age=60`.
  case maxAge
  /// `max-age=60`, `Vary: Accept-Language`.
  case maxAgeVary
  /// `private, max-age=60` with a strong `ETag`.
  case privateMaxAge
  /// A weak `ETag` and nothing else (Express's default).
  case weakETagOnly
  /// `no-cache` with a strong `ETag`.
  case noCache
  /// `no-store`.
  case noStore
  /// No directive and no validator: nothing to keep.
  case bare
  /// `max-age=60, must-revalidate` with a strong `ETag`.
  case mustRevalidate
  /// `max-age=0` with a strong `ETag`, and a server that answers any `If-None-Match` with a
  /// `304` carrying its current `ETag` (a `304` for another version than the one kept).
  case lying304
  /// `max-age=60, stale-if-error=90` with a strong `ETag`.
  case staleIfError
  /// `max-age=60, stale-while-revalidate=90` with a strong `ETag`.
  case staleWhileRevalidate
  /// `max-age=60`, `Vary: Accept-Language`, and a strong `ETag` of the version alone (the
  /// server says every language is the same bytes): a request for a language not kept names
  /// the others' tags, and a `304` answers with theirs.
  case varyETag

  var lifetime: Int? {
    switch self {
    case .maxAge, .maxAgeVary, .privateMaxAge, .mustRevalidate, .staleIfError,
      .staleWhileRevalidate, .varyETag:
      60
    case .lying304: 0
    default: nil
    }
  }

  var varies: Bool { self == .maxAgeVary || self == .varyETag }
  var noStore: Bool { self == .noStore }
  var noCacheDirective: Bool { self == .noCache }
  /// How long past its lifetime a response answers a server error (`stale-if-error`).
  var staleIfError: Int? { self == .staleIfError ? 90 : nil }
  /// How long past its lifetime a response answers while it is revalidated behind
  /// (`stale-while-revalidate`).
  var staleWhileRevalidate: Int? { self == .staleWhileRevalidate ? 90 : nil }

  /// The `ETag` of version `version` of `path`, when the style has one.
  func etag(_ path: String, _ version: Int) -> String? {
    switch self {
    case .weakETagOnly: "W/\"\(path)-\(version)\""
    case .privateMaxAge, .noCache, .mustRevalidate, .lying304, .staleIfError,
      .staleWhileRevalidate, .varyETag:
      "\"\(path)-\(version)\""
    default: nil
    }
  }

  /// The `Cache-Control` the server sends.
  var cacheControl: String? {
    switch self {
    case .maxAge, .maxAgeVary, .varyETag: "max-age=60"
    case .privateMaxAge: "private, max-age=60"
    case .noCache: "no-cache"
    case .noStore: "no-store"
    case .mustRevalidate: "max-age=60, must-revalidate"
    case .lying304: "max-age=0"
    case .staleIfError: "max-age=60, stale-if-error=90"
    case .staleWhileRevalidate: "max-age=60, stale-while-revalidate=90"
    case .weakETagOnly, .bare: nil
    }
  }
}

/// How the app sends its credential in one sequence.
enum CredentialMode: CaseIterable {
  /// An interceptor adds `Authorization: Bearer <user>`; no `Authentication`.
  case interceptorToken
  /// The transport's cookie jar sends `sid=<user>`; no `Authentication`.
  case cookieJar
  /// A credential provider signs with `Authorization` and names the user as the partition.
  case partitioned
}

/// The reference: what a private cache following RFC 9111 (and the rules of this package:
/// the request as sent, partitions, fences) keeps and answers, as a small decision table. It
/// calls no Catena cache code.
struct ReferenceCache {
  /// A response kept: its variant (the language it was sent with, when it varies), body,
  /// validator, freshness and when it was received.
  struct Variant {
    var language: String?
    var body: String
    var etag: String?
    var lifetime: Int?
    var noCache: Bool
    var receivedAt: Int
    var mustRevalidate = false
    /// How long past its lifetime it answers a server error or an outage (`stale-if-error`).
    var staleIfError: Int?
    /// How long past its lifetime it answers while revalidated behind
    /// (`stale-while-revalidate`).
    var staleWhileRevalidate: Int?
  }

  /// What a request asks of the cache (its `Cache-Control`, `Pragma`, or the app's
  /// ``CachePolicy/cacheOnly``).
  enum Asked: CaseIterable {
    case maxAge0, maxAge30, minFresh30, maxStale90, maxStaleAny, onlyIfCached
    case onlyIfCachedMaxStale90, pragmaNoCache, noCache, onlyIfCachedNoCache, cacheOnly

    /// The header the request carries, if any.
    var header: (String, String)? {
      switch self {
      case .maxAge0: ("Cache-Control", "max-age=0")
      case .maxAge30: ("Cache-Control", "max-age=30")
      case .minFresh30: ("Cache-Control", "min-fresh=30")
      case .maxStale90: ("Cache-Control", "max-stale=90")
      case .maxStaleAny: ("Cache-Control", "max-stale")
      case .onlyIfCached: ("Cache-Control", "only-if-cached")
      case .onlyIfCachedMaxStale90: ("Cache-Control", "only-if-cached, max-stale=90")
      case .pragmaNoCache: ("Pragma", "no-cache")
      case .noCache: ("Cache-Control", "no-cache")
      case .onlyIfCachedNoCache: ("Cache-Control", "only-if-cached, no-cache")
      case .cacheOnly: nil
      }
    }

    /// Whether only the cache may answer.
    var offline: Bool {
      [.onlyIfCached, .onlyIfCachedMaxStale90, .onlyIfCachedNoCache, .cacheOnly].contains(self)
    }

    /// Whether `variant` may answer at `now` without the server, in OkHttp's terms
    /// (`CacheStrategy.computeCandidate`): `age + minFresh < fresh + maxStale`, where `fresh`
    /// is the lifetime (0 without one) capped by the request's `max-age`, and `maxStale` is
    /// what the request accepts, 0 once a `must-revalidate` response is stale. Never a
    /// `no-cache` response, nor for a request's `no-cache` (RFC 9111 §5.2.1.4, §4.2.4).
    func accepts(_ variant: Variant, at now: Int) -> Bool {
      let asksNoCache = [.pragmaNoCache, .noCache, .onlyIfCachedNoCache].contains(self)
      if asksNoCache || variant.noCache { return false }
      let age = now - variant.receivedAt
      let cap: Int? = self == .maxAge0 ? 0 : self == .maxAge30 ? 30 : nil
      let fresh = min(variant.lifetime ?? 0, variant.lifetime == nil ? 0 : cap ?? Int.max)
      let minFresh = self == .minFresh30 ? 30 : 0
      let staleByHTTP = age >= (variant.lifetime ?? 0)
      let requested: Int =
        switch self {
        case .cacheOnly, .maxStaleAny: Int.max / 2
        case .maxStale90, .onlyIfCachedMaxStale90: 90
        default: 0
        }
      let accepted = variant.mustRevalidate && staleByHTTP ? 0 : requested
      return age + minFresh < fresh + accepted
    }
  }

  /// Where responses are kept: the partition (nil: none) and the path.
  struct Key: Hashable {
    var partition: String?
    var path: String
  }

  var entries: [Key: [Variant]] = [:]

  /// Whether a request of `mode` for `user` is kept, and where: a credential on the wire
  /// needs a partition; a provider that names none keeps nothing.
  static func partition(_ mode: CredentialMode, _ user: String?) -> (keeps: Bool, name: String?) {
    switch mode {
    case .partitioned: (user != nil, user)
    case .interceptorToken, .cookieJar: (user == nil, nil)
    }
  }

  /// The variant that answers a request in `language`: the first that matches.
  func variant(_ key: Key, _ language: String) -> Variant? {
    entries[key]?.first { $0.language == nil || $0.language == language }
  }

  /// The variants kept under `key` for another language than `language`, with a strong
  /// `ETag`: what a request whose own is not kept names (RFC 9111 §4.3.1).
  func others(_ key: Key, _ language: String) -> [Variant] {
    (entries[key] ?? []).filter { variant in
      variant.language != nil && variant.language != language
        && variant.etag?.hasPrefix("\"") == true
    }
  }

  /// Whether a `304`'s `tag` names a variant kept with `kept`: the same strong tag, or for a
  /// weak one the same tag without `W/` (RFC 9111 §4.3.4).
  static func names(_ tag: String?, _ kept: String?) -> Bool {
    guard let tag, let kept else { return false }
    guard tag.hasPrefix("W/") else { return tag == kept }
    return tag.dropFirst(2) == (kept.hasPrefix("W/") ? kept.dropFirst(2) : Substring(kept))
  }

  /// Whether `variant` may answer at `now` without asking the server.
  static func isFresh(_ variant: Variant, at now: Int) -> Bool {
    guard !variant.noCache, let lifetime = variant.lifetime else { return false }
    return now - variant.receivedAt < lifetime
  }

  /// Whether `variant`, stale at `now`, answers while it is revalidated behind (RFC 5861 §3):
  /// within its `stale-while-revalidate` window, and neither `no-cache` nor
  /// `must-revalidate`.
  static func answersWhileRevalidated(_ variant: Variant, at now: Int) -> Bool {
    guard let window = variant.staleWhileRevalidate, let lifetime = variant.lifetime,
      !variant.noCache, !variant.mustRevalidate
    else { return false }
    return now - variant.receivedAt - lifetime < window
  }

  /// Keeps `variant` in place of the one that answers `language` (first match).
  mutating func keep(_ variant: Variant, _ key: Key, _ language: String) {
    remove(key, language)
    entries[key, default: []].append(variant)
  }

  /// Forgets the variant that answers `language` (first match).
  mutating func remove(_ key: Key, _ language: String) {
    guard
      let index = entries[key]?.firstIndex(where: { $0.language == nil || $0.language == language })
    else { return }
    entries[key]?.remove(at: index)
    if entries[key]?.isEmpty == true { entries[key] = nil }
  }

  /// A response of `style` to a request in `language`, kept under `key` if it may be (a
  /// response that may not replaces the one it would answer for).
  mutating func store(
    _ style: Style, body: String, etag: String?, _ key: Key, _ language: String, at now: Int
  ) {
    guard !style.noStore, style.lifetime != nil || etag != nil else {
      remove(key, language)
      return
    }
    let variant = Variant(
      language: style.varies ? language : nil, body: body, etag: etag, lifetime: style.lifetime,
      noCache: style.noCacheDirective, receivedAt: now,
      mustRevalidate: style == .mustRevalidate, staleIfError: style.staleIfError,
      staleWhileRevalidate: style.staleWhileRevalidate)
    keep(variant, key, language)
  }
}
