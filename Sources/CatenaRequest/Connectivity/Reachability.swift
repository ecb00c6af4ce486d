import Foundation

/// Whether the network can be reached, and when that changes: what a ``Client`` waits on
/// before it sends while offline, and what a pager watches to show "offline" and to load again
/// when the network comes back.
///
/// ```swift
/// // Offline, requests wait (within their deadline), and a request source's pager says so.
/// let api = Client(
///   baseURL: base, transport: URLSessionTransport(), reachability: SystemReachability.shared)
/// ```
///
/// `SystemReachability` follows the device (`NWPathMonitor` on Apple platforms); tests use
/// `ManualReachability` from `CatenaTesting`, switched by hand.
public protocol Reachability: Sendable {
  /// Whether the network can be reached now.
  var isReachable: Bool { get }
  /// Whether the network can be reached now, then each change, for as long as the loop over
  /// it runs.
  func updates() -> AsyncStream<Bool>
}

/// The state of a ``Reachability`` and the loops that follow it: what the system's and the
/// tests' reachabilities share.
package final class ReachabilityState: @unchecked Sendable {
  // NB: `lock` guards `reachable`, `listeners` and `nextListener`.
  private let lock = NSLock()
  private var reachable: Bool
  private var listeners: [Int: AsyncStream<Bool>.Continuation] = [:]
  private var nextListener = 0

  package init(reachable: Bool) { self.reachable = reachable }

  package var isReachable: Bool { lock.withLock { reachable } }

  /// How many loops follow the state.
  package var listenerCount: Int { lock.withLock { listeners.count } }

  /// Sets the state; the loops hear of a change.
  package func set(_ value: Bool) {
    let told = lock.withLock { () -> [AsyncStream<Bool>.Continuation] in
      guard reachable != value else { return [] }
      reachable = value
      return Array(listeners.values)
    }
    for listener in told { listener.yield(value) }
  }

  /// The state now, then each change.
  package func updates() -> AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Bool.self, bufferingPolicy: .bufferingNewest(1))
    let number = lock.withLock { () -> Int in
      nextListener += 1
      listeners[nextListener] = continuation
      continuation.yield(reachable)
      return nextListener
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.lock.withLock { self?.listeners.removeValue(forKey: number) }
    }
    return stream
  }
}

extension Client {
  /// Waits until ``reachability`` says the network is back, telling the monitors; fails with
  /// ``RequestError/Kind/offline`` when `deadline` passes first.
  func waitForNetwork(
    _ reachability: any Reachability, until deadline: ContinuousClock.Instant?,
    limit: Duration?, _ request: HTTPRequest
  ) async throws(RequestError) {
    record(.waitingForNetwork, request)
    let reached = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await reachable in reachability.updates() where reachable { return true }
        return false
      }
      if let deadline {
        group.addTask {
          try? await Task.sleep(until: deadline, clock: .continuous)
          return false
        }
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if Task.isCancelled {
      throw RequestError(.cancelled, "the request was cancelled while it waited for the network")
    }
    guard reached else {
      var error = RequestError(
        .offline,
        "the network was unreachable until the request's deadline"
          + (limit.map { " of \($0)" } ?? ""))
      error.limit = limit.map(RequestError.Limit.deadline)
      throw error
    }
  }
}
