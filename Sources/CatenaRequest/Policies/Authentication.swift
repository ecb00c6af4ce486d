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
public protocol CredentialProvider: Sendable {
  /// `request` with the current credential.
  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest
  /// Obtains a new credential.
  func refresh() async throws
  /// Where a client's ``HTTPCache`` keeps the responses to this credential: the signed-in
  /// user's id, say, so that a refreshed token still finds them and sign-out drops them
  /// (``HTTPCache/invalidate(partition:)``). Nil (the default): nothing authenticated is kept.
  func cachePartition() async -> String?
}

extension CredentialProvider {
  /// No partition: responses to this credential are not kept.
  public func cachePartition() async -> String? { nil }
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
  public var refreshCount: Int {
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
