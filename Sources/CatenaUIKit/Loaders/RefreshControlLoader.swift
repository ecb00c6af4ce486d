#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaRequest

  /// A refresh control that spins while requests run: it begins with the first (unless the
  /// user's pull already began it) and ends with the last, whatever order they finish in. A
  /// refresh started in code is revealed: when the list is at its top it scrolls to show the
  /// spinner (`beginRefreshing()` alone leaves it hidden above the content).
  ///
  /// ```swift
  /// let spinning = RefreshControlLoader(tableView.refreshControl!)
  /// Get("inbox").showing(spinning).then { inbox in show(inbox) }.start()
  /// ```
  @MainActor
  public final class RefreshControlLoader: LoadingIndicator {
    /// The refresh control.
    package private(set) weak var refreshControl: UIRefreshControl?
    private var running = RequestSpan()

    /// A loader for `refreshControl`.
    public init(_ refreshControl: UIRefreshControl) {
      self.refreshControl = refreshControl
    }

    /// Whether a request is running.
    public var isLoading: Bool { !running.isEmpty }

    /// Begins refreshing with the first request.
    public func begin(_ request: RequestID) {
      guard running.begin(request), let refreshControl, !refreshControl.isRefreshing else {
        return
      }
      if !refreshControl.beginRefreshingRevealed() { refreshControl.beginRefreshing() }
    }

    /// Ends refreshing with the last request.
    public func end(_ request: RequestID) {
      guard running.end(request), let refreshControl, refreshControl.isRefreshing else { return }
      refreshControl.endRefreshing()
    }
  }
#endif
