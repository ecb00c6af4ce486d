#if canImport(os)
  import os
#endif

/// A monitor that logs each event: through `os.Logger` (subsystem "Catena", category
/// "requests") on Apple platforms, where Console and Instruments show it; printed on Linux.
///
/// ```swift
/// let api = Client(baseURL: base, transport: URLSessionTransport(), monitors: [RequestLog()])
/// // "GET https://api.example.com/feed: cacheHit"
/// ```
public struct RequestLog: RequestMonitor {
  #if canImport(os)
    private let logger = Logger(subsystem: "Catena", category: "requests")
  #endif

  /// A log of every request's events.
  public init() {}

  /// Logs `event` at the debug level (printed on Linux).
  public func record(_ event: RequestEvent) {
    #if canImport(os)
      logger.debug("\(event.description, privacy: .public)")
    #else
      print(event.description)
    #endif
  }
}
