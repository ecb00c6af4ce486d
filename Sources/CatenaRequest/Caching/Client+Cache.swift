import Foundation

extension Client {
  /// Sends `http` through `cache`: a GET is answered from a fresh response kept, or sent with
  /// the validators of a stale one (a `304` then updates it and answers with its body), and
  /// what comes back is kept when it may be; a POST, PUT, PATCH or DELETE that succeeds
  /// removes what is kept for its URL and its `Location`.
  ///
  /// `revalidating` asks the server whatever the kept response's freshness (with its
  /// validators), and answers a failure with the failure.
  func exchange(
    _ http: HTTPRequest, through cache: HTTPCache, policy: CachePolicy, tags: Set<String>,
    revalidating: Bool = false, progress: ProgressHandler?, attempt: @escaping Attempt
  ) async throws(RequestError) -> HTTPResponse {
    guard http.method == .get else {
      let response = try await exchange(http, progress: progress, attempt: attempt)
      if [.post, .put, .patch, .delete].contains(http.method), response.status < 400 {
        cache.invalidate(http.url)
        for name in ["Location", "Content-Location"] {
          guard let value = response.headers[name],
            let target = URL(string: value, relativeTo: http.url)
          else { continue }
          // Only on the request's origin: another host's entries are not this one's to drop.
          if target.scheme == http.url.scheme, target.host == http.url.host,
            target.port == http.url.port
          {
            cache.invalidate(target.absoluteURL)
          }
        }
      }
      return response
    }
    guard let kept = await cachePartition(for: http) else {
      return try await exchange(http, progress: progress, attempt: attempt)
    }
    let partition = kept.name
    let asked = CacheControl(http.headers["Cache-Control"])
    let found = asked.noStore ? nil : cache.lookup(http, partition: partition)
    if policy == .cacheOnly {
      guard let found else {
        throw RequestError(
          .notCached, "no response is kept for GET \(http.url.absoluteString) (cache only)")
      }
      record(.cacheHit, http)
      return found.response
    }
    let stored = policy == .networkOnly ? nil : found
    let staleTime: Duration? = if case .staleTime(let time) = policy { time } else { nil }
    let keep = Keeping(partition: partition, tags: tags, staleTime: staleTime != nil)
    if let stored, !asked.noCache, !revalidating {
      let now = cache.now()
      if stored.isFresh(at: now, staleTime: staleTime) {
        record(.cacheHit, http)
        return stored.response
      }
      if stored.mayServeWhileRevalidating(at: now) {
        record(.staleServed, http)
        // One revalidation at a time per URL: the stale serves meanwhile start none.
        if cache.beginRevalidation(http.url) {
          Task.detached { [self] in
            defer { cache.endRevalidation(http.url) }
            _ = try? await revalidate(
              http, stored, through: cache, keep, progress: nil, attempt: attempt)
          }
        }
        return stored.response
      }
    }
    // stale-if-error: a failure to reach the server, or its 5xx, answered by what is kept.
    let servesOnError = { () -> Bool in
      guard let stored, !asked.noCache, !revalidating, stored.mayServeOnError(at: cache.now())
      else {
        return false
      }
      record(.staleServed, http)
      return true
    }
    let response: HTTPResponse
    do {
      response = try await revalidate(
        http, stored, through: cache, keep, progress: progress, attempt: attempt)
    } catch {
      guard error.kind != .cancelled, error.status == nil, let stored, servesOnError() else {
        throw error
      }
      return stored.response
    }
    if response.status >= 500, let stored, servesOnError() { return stored.response }
    return response
  }

  /// Sends `http`, with the validators of `stored` when there is one; a `304` updates it and
  /// answers with its body, anything else is kept when it may be (a 5xx leaves `stored` in
  /// place, for `stale-if-error`).
  private func revalidate(
    _ http: HTTPRequest, _ stored: StoredResponse?, through cache: HTTPCache, _ keep: Keeping,
    progress: ProgressHandler?, attempt: @escaping Attempt
  ) async throws(RequestError) -> HTTPResponse {
    var conditional = http
    for (name, value) in stored?.validators ?? [] where http.headers[name] == nil {
      try conditional.headers.set(name, value)
    }
    record(.cacheMiss, http)
    let sentAt = cache.now()
    let response = try await exchange(conditional, progress: progress, attempt: attempt)
    let receivedAt = cache.now()
    defer {
      if let failure = cache.diskFailureToSay() { record(.cacheDiskFailed(failure), http) }
    }
    if response.status == 304, let stored, conditional != http {
      record(.revalidated, http)
      return cache.refresh(
        stored, with: response, for: http, sentAt: sentAt, receivedAt: receivedAt, keep)
    }
    if stored != nil, response.status >= 500 { return response }
    cache.store(response, for: http, sentAt: sentAt, receivedAt: receivedAt, keep)
    return response
  }
}

extension Client {
  /// Where the cache keeps responses to `http`; nil when they are not kept (a credential
  /// without a partition, or a credential header of the request's own).
  func cachePartition(for http: HTTPRequest) async -> Partition? {
    if let authentication {
      guard let named = await authentication.provider.cachePartition() else { return nil }
      return Partition(name: named)
    }
    if http.headers.contains(where: { http.isSensitive($0.name) }) { return nil }
    return Partition(name: nil)
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
}
