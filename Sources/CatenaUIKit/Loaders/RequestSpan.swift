#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  import CatenaRequest

  /// The running requests of a loader that shows one state for any number of them: it starts
  /// showing with the first and stops with the last, in whatever order they finish.
  struct RequestSpan {
    private var running: Set<RequestID> = []

    /// Whether a request is running.
    var isEmpty: Bool { running.isEmpty }

    /// Adds `request`; true when it is the first (a second begin of it adds nothing).
    mutating func begin(_ request: RequestID) -> Bool {
      running.insert(request).inserted && running.count == 1
    }

    /// Removes `request`; true when it was the last (a second end of it does nothing).
    mutating func end(_ request: RequestID) -> Bool {
      running.remove(request) != nil && running.isEmpty
    }
  }
#endif
