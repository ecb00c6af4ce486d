/// Where a ``PagedList`` is.
public enum PagingState: Equatable, Sendable, CustomStringConvertible {
  /// Nothing loaded or loading yet.
  case idle
  /// The first page is loading (a refresh); the old items stay until it arrives.
  case loadingFirstPage
  /// The next page is loading.
  case loadingNextPage
  /// Pages are shown; `hasMore` says whether another can be loaded.
  case loaded(hasMore: Bool)
  /// The first page came back empty.
  case empty
  /// The last load failed; the items shown before it stay.
  case failed(PageLoadError)

  /// Whether a load is running.
  public var isLoading: Bool { self == .loadingFirstPage || self == .loadingNextPage }

  /// A short name for logs.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loadingFirstPage: "loading first page"
    case .loadingNextPage: "loading next page"
    case .loaded(let hasMore): hasMore ? "loaded, more to come" : "loaded, no more"
    case .empty: "empty"
    case .failed(let error): "failed: \(error)"
    }
  }
}

/// How the last load ended, in the terms of the original `ListServiceReformer` statuses.
public enum LoadStatus: String, Hashable, Sendable {
  /// A page with items was shown.
  case success
  /// A page came back empty (a first page: the list is empty; a next page: the end).
  case noData
  /// The page could not be loaded (transport, status, server or decoding error).
  case networkFailure
  /// A load is running.
  case onGoing
  /// A load was asked for while the list was paused, and not started.
  case paused
  /// The load was cancelled (by `cancel()` or by a refresh that replaced it).
  case canceled
  /// Nothing was loaded yet.
  case noExecute
}

/// What a pull-to-refresh control and a load-more footer need to hear, in the terms of the
/// original `LSRefreshDataStatus`.
public enum PagingEvent: Equatable, Sendable, CustomStringConvertible {
  /// A load started: show the header's or the footer's spinner.
  case started(isFirstPage: Bool)
  /// A refresh (first page) finished: end the header's refreshing; `hasMore` sets the footer.
  case headerEnded(hasMore: Bool)
  /// A next page finished: end the footer's loading; `hasMore` false shows "no more".
  case footerEnded(hasMore: Bool)
  /// A load failed: end whichever control was running and show the error.
  case failed(PageLoadError)
  /// The items changed: redraw (the data source binding does this for you).
  case contentChanged

  /// A short line for logs.
  public var description: String {
    switch self {
    case .started(let isFirstPage): isFirstPage ? "header started" : "footer started"
    case .headerEnded(let hasMore): "header ended (\(hasMore ? "more" : "no more"))"
    case .footerEnded(let hasMore): "footer ended (\(hasMore ? "more" : "no more"))"
    case .failed(let error): "failed: \(error)"
    case .contentChanged: "content changed"
    }
  }
}

/// Why a bound table stopped loading next pages by itself.
public enum AutoLoadPause: Equatable, Sendable, CustomStringConvertible {
  /// ``PagedList/cancel()`` was called.
  case cancelled
  /// Next page `page` added no row to the table (every item was already shown, or none could
  /// be read): the server may be repeating itself, so loading on would never end.
  case noNewRows(page: Int)
  /// Next page `page` failed: the footer says "Tap to retry", so scrolling does not retry by
  /// itself; ``PagedList/loadNextPage()`` (the tap) or ``PagedList/refresh()`` does.
  case failed(page: Int)

  /// Whether a failure paused auto-loading (only a tap or a refresh lifts it).
  var isFailure: Bool {
    if case .failed = self { true } else { false }
  }

  /// A short line for logs.
  public var description: String {
    switch self {
    case .cancelled: "cancelled"
    case .noNewRows(let page): "page \(page) added no row"
    case .failed(let page): "page \(page) failed"
    }
  }
}
