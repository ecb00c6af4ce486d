import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The cookies a followed redirect sends: those the session's cookie storage holds for the
/// next hop's URL, the redirect response's own `Set-Cookie` included, as browsers and Apple's
/// URLSession send them. FoundationNetworking stores the redirect's cookies but sends the hop
/// a delegate allows without them; ``adding(to:from:)`` adds them there.
enum RedirectCookies {
  /// `next` with the stored cookies for its URL in its `Cookie` header, after any cookie it
  /// already carries (a cookie it names is not sent twice). Unchanged when `configuration`
  /// sets no cookies or has no storage, or `next` handles none.
  static func adding(
    to next: URLRequest, from configuration: URLSessionConfiguration
  ) -> URLRequest {
    guard next.httpShouldHandleCookies, let url = next.url else { return next }
    let carried = next.value(forHTTPHeaderField: "Cookie")
    guard let header = header(for: url, carrying: carried, from: configuration) else {
      return next
    }
    var sent = next
    sent.setValue(header, forHTTPHeaderField: "Cookie")
    return sent
  }

  /// The `Cookie` header a request for `url` that carries `carried` is sent with: the stored
  /// cookies for `url` after the carried ones (a cookie it names is not sent twice); nil when
  /// `configuration` sets no cookies, or stores none for `url`.
  static func header(
    for url: URL, carrying carried: String?, from configuration: URLSessionConfiguration
  ) -> String? {
    guard configuration.httpShouldSetCookies, let storage = configuration.httpCookieStorage,
      let stored = storage.cookies(for: url), !stored.isEmpty
    else { return nil }
    let carried = carried ?? ""
    let named = Set(
      carried.split(separator: ";").compactMap {
        $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces)
      })
    let added = stored.filter { !named.contains($0.name) }
    guard let header = HTTPCookie.requestHeaderFields(with: added)["Cookie"], !header.isEmpty
    else { return nil }
    return carried.isEmpty ? header : carried + "; " + header
  }

  /// `next` as the platform's session sends it after a redirect its delegate allowed.
  static func followed(
    _ next: URLRequest?, in session: URLSession
  ) -> URLRequest? {
    #if canImport(FoundationNetworking)
      return next.map { adding(to: $0, from: session.configuration) }
    #else
      return next
    #endif
  }
}
