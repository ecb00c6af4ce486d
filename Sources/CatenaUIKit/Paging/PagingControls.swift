#if (canImport(UIKit) && !os(watchOS) && !os(tvOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaPaging

  /// Pull-to-refresh and a load-more footer for a table showing a `PagedList`, driven by
  /// the list's events: pulling refreshes, the header stops when the first page arrives, the
  /// footer spins while a next page loads, says "no more" at the end, and retries on tap
  /// after a failure.
  ///
  /// ```swift
  /// houses.bind(to: dataSource, section: "houses")       // scrolling loads next pages
  /// controls = PagingControls(list: houses, tableView: tableView)
  /// houses.refresh()
  /// ```
  ///
  /// - A refresh started in code shows the refresh control's spinner when the table is in a
  ///   window and scrolled to the top (it scrolls to reveal it); otherwise the footer spins.
  /// - A pull that starts no load (the list is paused or gone) ends at once.
  /// - A first page that fails on an empty list shows the error in the footer; tapping it
  ///   refreshes. A next page that fails shows it too; tapping loads that page again.
  ///
  /// Keep the controls as long as the screen; they hold the list and the table weakly.
  @MainActor
  public final class PagingControls<Item: Sendable> {
    /// The table's refresh control.
    public let refreshControl = UIRefreshControl()
    /// The table's footer.
    public let footer = LoadMoreFooterView()
    private weak var list: PagedList<Item>?
    private weak var tableView: UITableView?
    /// Whether the footer's retry reloads the first page (it failed) or the next one.
    private var retriesFirstPage = false

    /// Installs a refresh control and a footer on `tableView` for `list`.
    public init(list: PagedList<Item>, tableView: UITableView) {
      self.list = list
      self.tableView = tableView
      tableView.refreshControl = refreshControl
      tableView.tableFooterView = footer
      refreshControl.addAction(
        UIAction { [weak self] _ in self?.pulled() }, for: .valueChanged)
      footer.onRetry = { [weak self] in self?.retry() }
      let events = list.events()
      Task { [weak self] in
        for await event in events {
          guard let self else { return }
          self.handle(event)
        }
      }
    }

    /// The user pulled: refresh, or end at once when no load starts.
    func pulled() {
      if list?.refresh() == nil { endRefreshing() }
    }

    /// The user tapped the footer after a failure.
    func retry() {
      if retriesFirstPage { list?.refresh() } else { list?.loadNextPage() }
    }

    /// Updates the controls for `event`.
    func handle(_ event: PagingEvent) {
      switch event {
      case .started(let isFirstPage):
        if isFirstPage {
          if !refreshControl.isRefreshing { beginRefreshingInCode() }
        } else {
          setFooter(.loading)
        }
      case .headerEnded(let hasMore):
        endRefreshing()
        setFooter(hasMore ? .idle : .noMore)
      case .footerEnded(let hasMore):
        setFooter(hasMore ? .idle : .noMore)
      case .failed(let error):
        endRefreshing()
        retriesFirstPage = error.isFirstPage
        if !error.isFirstPage || list?.items.isEmpty ?? true {
          setFooter(.failed(error.message))
          UIAccessibility.post(
            notification: .announcement, argument: "\(error.message). \(footer.retryText)")
        } else if footer.mode == .loading {
          setFooter(.idle)
        }
      case .contentChanged:
        break
      }
    }

    /// Shows the refresh spinner for a refresh no pull started: revealed by scrolling when the
    /// table is in a window and at its top; otherwise the footer spins instead.
    private func beginRefreshingInCode() {
      if !refreshControl.beginRefreshingRevealed() { setFooter(.loading) }
    }

    /// Ends the refresh spinner, only when it spins: ending an idle control stops the table's
    /// deceleration.
    private func endRefreshing() {
      if refreshControl.isRefreshing { refreshControl.endRefreshing() }
    }

    /// Shows `mode` in the footer, and hands the footer to the table again when its height
    /// changed (a table lays out its footer only when it is set).
    private func setFooter(_ mode: LoadMoreFooterView.Mode) {
      let height = footer.frame.height
      footer.mode = mode
      if footer.frame.height != height, let tableView { tableView.tableFooterView = footer }
    }
  }
#endif
