import Foundation

#if canImport(Network)
  import Network
#elseif canImport(Glibc)
  import Glibc
#endif

/// The device's reachability: `NWPathMonitor`'s path on Apple platforms (reachable unless it is
/// unsatisfied: a path that requires a connection, such as a VPN on demand or a radio to wake,
/// is brought up by sending); elsewhere, whether an interface other than the loopback is up and running,
/// looked at every 2 seconds while a loop follows it.
///
/// ```swift
/// let api = Client(
///   baseURL: base, transport: URLSessionTransport(), reachability: SystemReachability.shared)
/// // A pager of a request source sent through `api` follows it: `loadStates.isOffline`.
/// ```
public final class SystemReachability: Reachability, @unchecked Sendable {
  /// The one the app shares: a monitor for the whole process.
  public static let shared = SystemReachability()

  private let state: ReachabilityState
  #if canImport(Network)
    private let monitor = NWPathMonitor()
  #else
    // NB: `lock` guards `polling`.
    private let lock = NSLock()
    private var polling: Task<Void, Never>?
  #endif

  /// A reachability following the device (``shared``: one is enough for an app).
  private init() {
    #if canImport(Network)
      state = ReachabilityState(reachable: true)
      monitor.pathUpdateHandler = { [state] path in state.set(path.status != .unsatisfied) }
      monitor.start(queue: DispatchQueue(label: "catena.reachability"))
    #else
      state = ReachabilityState(reachable: Self.hasInterface())
    #endif
  }

  deinit {
    #if canImport(Network)
      monitor.cancel()
    #else
      lock.withLock { polling }?.cancel()
    #endif
  }

  /// Whether the network can be reached now.
  public var isReachable: Bool {
    #if !canImport(Network)
      state.set(Self.hasInterface())
    #endif
    return state.isReachable
  }

  /// Whether the network can be reached now, then each change.
  public func updates() -> AsyncStream<Bool> {
    #if !canImport(Network)
      poll()
    #endif
    return state.updates()
  }

  #if !canImport(Network)
    /// Looks at the interfaces every 2 seconds while a loop follows the state.
    private func poll() {
      lock.withLock {
        guard polling == nil else { return }
        polling = Task.detached { [weak self, state] in
          while !Task.isCancelled {
            state.set(Self.hasInterface())
            try? await Task.sleep(for: .seconds(2))
            if state.listenerCount == 0 { break }
          }
          self?.lock.withLock { self?.polling = nil }
        }
      }
    }

    /// Whether an interface other than the loopback is up and running, with an address.
    static func hasInterface() -> Bool {
      var first: UnsafeMutablePointer<ifaddrs>?
      guard getifaddrs(&first) == 0 else { return true }
      defer { freeifaddrs(first) }
      var next = first
      while let entry = next {
        let flags = Int(entry.pointee.ifa_flags)
        let up = Int(IFF_UP) | Int(IFF_RUNNING)
        if flags & up == up, flags & Int(IFF_LOOPBACK) == 0,
          entry.pointee.ifa_addr != nil
        {
          return true
        }
        next = entry.pointee.ifa_next
      }
      return false
    }
  #endif
}
