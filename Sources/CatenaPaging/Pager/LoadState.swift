/// Which end of a ``Pager``'s window a load fills: the whole window again, the pages before
/// it, or the pages after it.
public enum LoadDirection: Hashable, Sendable, CaseIterable {
  /// A refresh: the first load, or the window replaced from a key.
  case refresh
  /// Pages before the window (older messages in a chat, earlier days of a timeline).
  case prepend
  /// Pages after the window (the next page of a feed).
  case append

}

/// Where one direction of a ``Pager`` stands.
public enum LoadState: Equatable, Sendable, CustomStringConvertible {
  /// Not loading; a load can start (or, for a refresh, the last one succeeded).
  case idle
  /// A load is running.
  case loading
  /// The last load failed; ``Pager/retry()`` runs it again (nothing retries by itself).
  case failed(PageLoadError)
  /// No more pages this way: the list starts (prepend) or ends (append) here.
  case end

  /// Whether a load is running.
  @usableFromInline package var isLoading: Bool { self == .loading }

  /// The error of a failed load.
  public var error: PageLoadError? {
    if case .failed(let error) = self { error } else { nil }
  }

  /// "idle", "loading", "failed: …" or "end".
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .failed(let error): "failed: \(error.message)"
    case .end: "end"
    }
  }
}

/// The load state of each direction of a ``Pager``, as one value a view reads.
public struct LoadStates: Equatable, Sendable, CustomStringConvertible {
  /// The refresh (the first load, or a reload of the whole window).
  public var refresh: LoadState
  /// The pages before the window.
  public var prepend: LoadState
  /// The pages after the window.
  public var append: LoadState
  /// Whether the reachability of the client the source sends through says the network is
  /// unreachable: the list shows an ``PagerStatus/offline`` row above its rows instead of
  /// loading and failure rows, and loads what waits when the network is back (failed loads
  /// run again, and a list shown and older than its `PagerConfiguration(refetchAfter:)` loads
  /// its pages again). Never for a source that sends through no client.
  public var isOffline: Bool

  /// States for each direction.
  public init(
    refresh: LoadState = .idle, prepend: LoadState = .idle, append: LoadState = .idle,
    isOffline: Bool = false
  ) {
    self.refresh = refresh
    self.prepend = prepend
    self.append = append
    self.isOffline = isOffline
  }

  /// The state of `direction`.
  package subscript(direction: LoadDirection) -> LoadState {
    get {
      switch direction {
      case .refresh: refresh
      case .prepend: prepend
      case .append: append
      }
    }
    set {
      switch direction {
      case .refresh: refresh = newValue
      case .prepend: prepend = newValue
      case .append: append = newValue
      }
    }
  }

  /// Whether any direction is loading.
  public var isLoading: Bool { refresh.isLoading || prepend.isLoading || append.isLoading }

  /// "refresh idle · prepend end · append loading", and "· offline" when it is.
  public var description: String {
    "refresh \(refresh) · prepend \(prepend) · append \(append)" + (isOffline ? " · offline" : "")
  }
}

/// Why a load started, for the debug log.
public enum LoadCause: Hashable, Sendable {
  /// A row near an edge came on screen.
  case scroll
  /// The table prefetched rows near an edge.
  case prefetch
  /// ``Pager/retry()``.
  case retry
  /// ``Pager/refresh(at:)``.
  case refresh
  /// The app's code asked (``Pager/loadNext()``, ``Pager/loadPrevious()``), or the first load
  /// continued to fill its larger size.
  case code
  /// The list came back after its `PagerConfiguration(refetchAfter:)` (it appeared again, the
  /// app returned to the foreground, the network came back): its pages load again in place.
  case refetch

}
