import Foundation

extension Client {
  /// Sends `http` through `cache`: a GET is answered from a fresh response kept, or sent with
  /// the validators of a stale one (a `304` then updates it and answers with its body), and
  /// what comes back is kept when it may be; a POST, PUT, PATCH or DELETE that succeeds
  /// removes what is kept for its URL and its `Location`.
  func exchange(
    _ http: HTTPRequest, through cache: HTTPCache, progress: ProgressHandler?,
    attempt: @escaping Attempt
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
    let asked = CacheControl(http.headers["Cache-Control"])
    let stored = asked.noStore ? nil : cache.lookup(http)
    if let stored, !asked.noCache, stored.isFresh(at: cache.now()) {
      record(.cacheHit, http)
      return stored.response
    }
    var conditional = http
    for (name, value) in stored?.validators ?? [] where http.headers[name] == nil {
      try conditional.headers.set(name, value)
    }
    record(.cacheMiss, http)
    let sentAt = cache.now()
    let response = try await exchange(conditional, progress: progress, attempt: attempt)
    let receivedAt = cache.now()
    if response.status == 304, let stored, conditional != http {
      record(.revalidated, http)
      return cache.refresh(
        stored, with: response, for: http, sentAt: sentAt, receivedAt: receivedAt)
    }
    cache.store(response, for: http, sentAt: sentAt, receivedAt: receivedAt)
    return response
  }
}
