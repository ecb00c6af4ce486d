import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The redirects of one request so far, and the rule for the next: follow only to `http` or
/// `https`, at most ``URLSessionTransport/maxRedirects`` times, and once a hop has left the
/// request's origin, send no credential again (not even back home).
struct RedirectChain: Sendable {
  /// The request as the client sent it.
  let request: HTTPRequest
  /// Where its credentials belong; worked out at the first redirect (most requests have none).
  private var origin: Origin??
  private(set) var hops = 0
  /// Whether some hop left `origin`.
  private(set) var leftOrigin = false

  init(_ request: HTTPRequest) {
    self.request = request
  }

  /// The request to send for the next hop, or why it is not followed.
  ///
  /// - Parameter location: the redirect's `Location` header. FoundationNetworking turns a
  ///   `Location` with a scheme but no host (`file:///etc/passwd`) into a path on the current
  ///   host; the header is checked itself so that such a redirect is refused, not rewritten.
  mutating func follow(
    _ next: URLRequest, location: String? = nil
  ) -> Result<URLRequest, RequestError> {
    hops += 1
    let named = location.flatMap { URL(string: $0) }
    let outOfHTTP = named.map { $0.scheme != nil && !$0.isHTTP } ?? false
    guard !outOfHTTP, let url = next.url, url.isHTTP, let target = Origin(url) else {
      let text = (outOfHTTP ? location : nil) ?? next.url?.absoluteString ?? "nothing"
      let shown = text.count <= 200 ? text : text.prefix(200) + "…"
      return .failure(
        RequestError(
          .redirect,
          "the server redirected to \(shown), which is not an http or https URL; "
            + "not followed"))
    }
    guard hops <= URLSessionTransport.maxRedirects else {
      var error = RequestError(
        .redirect, "more than \(URLSessionTransport.maxRedirects) redirects; not followed")
      error.limit = .redirects(URLSessionTransport.maxRedirects)
      return .failure(error)
    }
    let home = origin ?? Origin(request.url)
    origin = home
    if target != home { leftOrigin = true }
    guard leftOrigin else { return .success(next) }
    var stripped = next
    for (name, _) in next.allHTTPHeaderFields ?? [:] where request.isSensitive(name) {
      stripped.setValue(nil, forHTTPHeaderField: name)
    }
    return .success(stripped)
  }

  /// What a session does with a redirect.
  enum Hop {
    /// Follow it with this request.
    case follow(URLRequest)
    /// Stop at the redirect: the transport sends the next hop itself (the request has a body).
    case resend(Resend)
    /// Stop at the redirect, failing with this error.
    case refuse(RequestError)
  }

  /// What to do with the redirect of `current` (the hop under way) that the session proposes
  /// as `proposed`: ``follow(_:location:)``'s rules, and a request with a body is sent again
  /// by the transport (``resend(_:to:)``).
  mutating func hop(
    from current: HTTPRequest, to proposed: URLRequest, location: String?
  ) -> Hop {
    switch follow(proposed, location: location) {
    case .failure(let error): return .refuse(error)
    case .success(let next):
      guard current.hasBody else { return .follow(next) }
      return .resend(Resend(request: resend(current, to: next), chain: self))
    }
  }

  /// The request for the hop to `next` (a request ``follow(_:location:)`` allowed) of
  /// `current`, a request with a body, which the transport sends itself: sessions do not send
  /// a body again after a redirect (FoundationNetworking drops it, keeping its
  /// `Content-Length`). The method stays, with the body made again (`307`, `308`, and `301`
  /// or `302` for methods other than `POST`), unless the session turned it into a `GET`
  /// (`303`; `301` or `302` after a `POST`): then the body and its headers go.
  func resend(_ current: HTTPRequest, to next: URLRequest) -> HTTPRequest {
    var sent = current
    if let url = next.url { sent.url = url }
    if next.httpMethod?.uppercased() == "GET", current.method != .get {
      sent.method = .get
      sent.body = nil
      sent.streamedBody = nil
      for name in ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding"] {
        sent.headers.remove(name)
      }
    }
    if leftOrigin {
      for (name, _) in current.headers where request.isSensitive(name) {
        sent.headers.remove(name)
      }
    }
    return sent
  }
}

/// Thrown inside ``URLSessionTransport`` when a redirect of a request with a body is to be
/// sent again by the transport (``RedirectChain/resend(_:to:)``); never leaves it.
struct Resend: Error {
  /// The request for the next hop.
  let request: HTTPRequest
  /// The chain so far.
  let chain: RedirectChain
}

extension HTTPRequest {
  /// Whether the request sends a body (in memory or streamed).
  var hasBody: Bool { body != nil || streamedBody != nil }
}
