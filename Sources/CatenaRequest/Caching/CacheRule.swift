/// The rules that keep one user's or one version's response from another, each of which a
/// test can switch off on one cache (``HTTPCache/rulesOff``) to show that its tests, and the
/// reference model's sequences, fail without it. Never switched off outside tests.
package enum CacheRule: Hashable, Sendable, CaseIterable {
  /// A credential on the wire (an interceptor's header, the transport's cookie, a credential
  /// in the query) without a partition: neither kept nor served (C1, C24).
  case credentialOnTheWire
  /// `Vary` is matched on the request as sent, after the interceptors, the credential and the
  /// transport's cookies (C2).
  case varyOnTheWire
  /// A `304` updates only the response it validates; the app's own validators bypass the
  /// cache (C3).
  case validated304
  /// A write fences the responses in flight out of the cache and out of later askers'
  /// transfers (C4).
  case writeFences
  /// The partition is the one named with the credential of the attempt actually sent (C7).
  case partitionWithCredential
  /// A copy of a client with another transport shares no transfer (C8).
  case transportIdentity
  /// A redirected response is kept under the URL that answered it, never in place of the one
  /// asked for (C9).
  case redirectTarget
  /// A response whose request may have gone with cookies set elsewhere after the lookup (a
  /// sign-in while it was in flight) is not kept under the lookup's view.
  case cookiesAsSent
}
