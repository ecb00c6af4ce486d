/// Supplies a credential for every request and renews it when the server answers 401.
///
/// ```swift
/// actor Tokens: CredentialProvider {
///   var token = "…"
///   func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
///     var authorized = request
///     try authorized.headers.set("Authorization", "Bearer \(token)")
///     return authorized
///   }
///   func refresh() async throws { token = try await fetchNewToken() }
/// }
/// ```
///
/// A client asks for the credential with ``authorized(_:)`` each time it sends (again after a
/// retry or a refresh), and keeps the response in the partition that call names.
public protocol CredentialProvider: Sendable {
  /// `request` with the current credential.
  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest
  /// Obtains a new credential.
  func refresh() async throws
  /// Where a client's ``HTTPCache`` keeps the responses to this credential: the signed-in
  /// user's id, say, so that a refreshed token still finds them and sign-out drops them
  /// (``HTTPCache/invalidate(partition:)``). Nil (the default): nothing authenticated is kept.
  func cachePartition() async -> String?
  /// `request` with the current credential and the partition of that same credential, read
  /// together: what a client calls. Implement it when a sign-out can come between
  /// ``authorize(_:)`` and ``cachePartition()`` (an actor reads both in one turn):
  ///
  /// ```swift
  /// actor Session: CredentialProvider {
  ///   var user: (id: String, token: String)?
  ///   func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
  ///     var signed = request
  ///     guard let user else { return AuthorizedRequest(request, cachePartition: nil) }
  ///     try signed.headers.set("Authorization", "Bearer \(user.token)")
  ///     return AuthorizedRequest(signed, cachePartition: user.id)
  ///   }
  ///   func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
  ///     try await authorized(request).request
  ///   }
  ///   func refresh() async throws { user?.token = try await fetchNewToken() }
  /// }
  /// ```
  func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest
  /// ``authorized(_:)`` without waiting, when the provider can answer at once (it holds the
  /// credential behind a lock, not in an actor); nil (the default) when it cannot. A list
  /// opening reads what the cache keeps for this partition in the same turn with it, so its
  /// kept rows show with no load row first; without it they come as the load's first answer.
  ///
  /// ```swift
  /// final class Session: CredentialProvider, @unchecked Sendable {
  ///   private let lock = NSLock()
  ///   private var user: (id: String, token: String)?  // guarded by `lock`
  ///   func authorizedNow(_ request: HTTPRequest) -> AuthorizedRequest? { signed(request) }
  ///   func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
  ///     signed(request)
  ///   }
  ///   private func signed(_ request: HTTPRequest) -> AuthorizedRequest {
  ///     lock.withLock {
  ///       var signed = request
  ///       guard let user else { return AuthorizedRequest(request, cachePartition: nil) }
  ///       try? signed.headers.set("Authorization", "Bearer \(user.token)")
  ///       return AuthorizedRequest(signed, cachePartition: user.id)
  ///     }
  ///   }
  ///   func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
  ///     try await authorized(request).request
  ///   }
  ///   func refresh() async throws { /* a new token, under `lock` */ }
  /// }
  /// ```
  func authorizedNow(_ request: HTTPRequest) -> AuthorizedRequest?
}

extension CredentialProvider {
  /// No partition: responses to this credential are not kept.
  public func cachePartition() async -> String? { nil }

  /// Nil: the client awaits ``authorized(_:)``.
  public func authorizedNow(_ request: HTTPRequest) -> AuthorizedRequest? { nil }

  /// ``authorize(_:)``, then ``cachePartition()``: two calls, not atomic. A provider whose
  /// user can change between them (a sign-out while a request waits) implements this itself,
  /// or one user's response may be kept in another's partition.
  public func authorized(_ request: HTTPRequest) async throws -> AuthorizedRequest {
    let signed = try await authorize(request)
    return AuthorizedRequest(signed, cachePartition: await cachePartition())
  }
}

/// A request with its credential, and the ``HTTPCache`` partition of that credential (nil:
/// its responses are not kept).
public struct AuthorizedRequest: Sendable {
  /// The request to send.
  public var request: HTTPRequest
  /// Where the cache keeps its response; nil for nowhere.
  public var cachePartition: String?

  /// `request`, whose response is kept in `cachePartition`.
  public init(_ request: HTTPRequest, cachePartition: String?) {
    self.request = request
    self.cachePartition = cachePartition
  }
}

/// Authorizes requests with a ``CredentialProvider`` and coalesces refreshes: however many
/// requests get a 401 at once, the provider refreshes once, and each request is retried once
/// with the new credential. If the refresh fails, or the retry gets a 401 again, the request
/// fails with status 401.
public final class Authentication: Sendable {
  let provider: any CredentialProvider
  let gate = RefreshGate()

  /// Authentication through `provider`.
  public init(_ provider: any CredentialProvider) {
    self.provider = provider
  }

  /// How many refreshes have completed.
  package var refreshCount: Int {
    get async { await gate.generation }
  }
}

/// Runs at most one refresh at a time; callers that saw an older credential share it.
actor RefreshGate {
  private(set) var generation = 0
  private var running: Task<Void, any Error>?

  /// Refreshes unless a refresh completed after the caller's credential (`seen`) was applied;
  /// waits for a refresh already under way instead of starting another.
  func refresh(after seen: Int, using provider: any CredentialProvider) async throws {
    if generation > seen { return }
    if let running {
      try await running.value
      return
    }
    let task = Task { try await provider.refresh() }
    running = task
    defer { running = nil }
    try await task.value
    generation += 1
  }
}
