public import CatenaRequest

/// A `Reachability` switched by hand: a test (or a debug menu) says when the network goes
/// away and comes back.
///
/// ```swift
/// let network = ManualReachability()
/// let api = Client(baseURL: base, transport: FixtureTransport(), reachability: network)
/// network.isReachable = false         // requests now wait for the network
/// network.isReachable = true          // and go
/// ```
public final class ManualReachability: Reachability, @unchecked Sendable {
  private let state: ReachabilityState

  /// A reachability that starts `reachable`.
  public init(reachable: Bool = true) { state = ReachabilityState(reachable: reachable) }

  /// Whether the network can be reached; setting it tells the loops that follow it.
  public var isReachable: Bool {
    get { state.isReachable }
    set { state.set(newValue) }
  }

  /// How many loops follow it now (a waiting request, a pager).
  public var listenerCount: Int { state.listenerCount }

  /// Whether the network can be reached now, then each change.
  public func updates() -> AsyncStream<Bool> { state.updates() }
}
