import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How the transport answers a server's authentication challenge (a `401` or `407` with
/// `WWW-Authenticate`): never with a credential of the session's own. Credentials are the
/// ``Authentication`` policy's, so the response must reach it, and the caller, at once.
///
/// FoundationNetworking raises the challenge when the whole `401` has arrived and, in some
/// toolchains, waits for ever when its default handling has no credential to offer. There the
/// challenge is cancelled and the transport delivers the response it already received
/// (``isAnswered(_:by:)``). Apple's URLSession delivers the response itself after the default
/// handling.
enum ChallengeAnswer {
  /// The disposition for `challenge`: server trust and client certificates get the default
  /// handling; an HTTP authentication challenge is declined as described above.
  static func disposition(
    for challenge: URLAuthenticationChallenge
  ) -> URLSession.AuthChallengeDisposition {
    guard isHTTPAuthentication(challenge) else { return .performDefaultHandling }
    #if canImport(FoundationNetworking)
      return .cancelAuthenticationChallenge
    #else
      return .performDefaultHandling
    #endif
  }

  /// The disposition for `challenge`, calling `declining` first when it declines the
  /// challenge by cancelling the task (the delegate then delivers the response it has).
  static func disposition(
    for challenge: URLAuthenticationChallenge, declining: () -> Void
  ) -> URLSession.AuthChallengeDisposition {
    let disposition = disposition(for: challenge)
    if disposition == .cancelAuthenticationChallenge { declining() }
    return disposition
  }

  /// Whether `challenge` is HTTP authentication: it comes with a `401` or `407` response.
  static func isHTTPAuthentication(_ challenge: URLAuthenticationChallenge) -> Bool {
    let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode
    return status == 401 || status == 407
  }

  /// Whether a task that ended with `error`, after its challenge was declined by
  /// cancelling it, ended only because of that: its response is then complete and delivered.
  static func isAnswered(_ error: (any Error)?, by declined: Bool) -> Bool {
    guard declined, let error else { return false }
    if let error = error as? URLError { return error.code == .cancelled }
    let cocoa = error as NSError
    return cocoa.domain == NSCocoaErrorDomain && cocoa.code == CocoaError.userCancelled.rawValue
  }
}
