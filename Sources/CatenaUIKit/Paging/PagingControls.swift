#if (canImport(UIKit) && !os(watchOS) && !os(tvOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  import CatenaDataSource
  public import CatenaPaging

  /// Pull-to-refresh and a load-more footer for a table showing a bound `Pager`, instead of its
  /// status rows: pulling refreshes, the refresh control stops when the refresh ends, the footer
  /// spins while the next page loads, says "End of list" at the end, and retries on tap after a
  /// failure. The paging of the original articles, with a header and a footer.
  ///
  /// ```swift
  /// houses.bind(dataSource, section: "houses")           // scrolling loads pages
  /// controls = PagingControls(houses, tableView: tableView)  // status rows off
  /// houses.refresh()
  /// ```
  ///
  /// - A refresh started in code shows the refresh control's spinner when the table is in a
  ///   window and scrolled to the top (it scrolls to reveal it); otherwise the footer spins.
  /// - A first page that fails on an empty list shows the error in the footer; so does a next
  ///   page that fails. Tapping it runs the pager's `retry()`; scrolling does not.
  /// - The footer follows the pager's `loadStates` as they change, on the main actor, before
  ///   any `Observable` reader hears of them.
  ///
  /// Keep the controls as long as the screen; they hold the pager and the table weakly.
  @MainActor
  public final class PagingControls<Item: Identifiable & Sendable & Equatable>
  where Item.ID: Sendable {
    /// The table's refresh control.
    public let refreshControl = UIRefreshControl()
    /// The table's footer.
    public let footer = LoadMoreFooterView()
    private weak var pager: Pager<Item>?
    private weak var tableView: UITableView?
    /// Whether the refresh running was shown (by the refresh control or the footer).
    private var showsRefresh = false
    /// Whether the footer spins for the refresh (the refresh control could not be revealed).
    private var refreshSpinsFooter = false

    /// Installs a refresh control and a footer on `tableView` for `pager`, and turns off the
    /// status rows of the pager's section while `tableView` shows it (bound before or after),
    /// while the controls live: the controls show what they showed. Bound to another table,
    /// the pager shows its status rows there; keep the controls of the table that shows it.
    public init(_ pager: Pager<Item>, tableView: UITableView) {
      self.pager = pager
      self.tableView = tableView
      pager.statusRowsHidden.append(
        HiddenStatusRows(on: ListViewHost.kept(by: tableView), while: self))
      tableView.refreshControl = refreshControl
      tableView.tableFooterView = footer
      refreshControl.addAction(UIAction { [weak self] _ in self?.pulled() }, for: .valueChanged)
      footer.didTapRetry = { [weak self] in self?.pager?.retry() }
      pager.listeners.append { [weak self] change in
        if case .states = change { self?.update() }
      }
      update()
    }

    /// The user pulled: refresh, or end at once when the pager is gone.
    func pulled() {
      guard let pager else { return endRefreshing() }
      showsRefresh = true
      refreshSpinsFooter = false
      pager.refresh()
    }

    /// Whether a failure was announced and no load has succeeded since.
    private var announcedFailure = false

    /// Gone, the controls give the table's sections their status rows back.
    deinit {
      let pager = self.pager
      Task { @MainActor in pager?.statusRowsHidden.removeAll { $0.owner == nil } }
    }

    /// Shows where the pager's loads stand.
    func update() {
      guard let pager else { return }
      let states = pager.loadStates
      if states.refresh.isLoading {
        if !showsRefresh {
          showsRefresh = true
          refreshSpinsFooter =
            !refreshControl.isRefreshing && !refreshControl.beginRefreshingRevealed()
        }
      } else {
        showsRefresh = false
        refreshSpinsFooter = false
        endRefreshing()
      }
      var status = Self.footerStatus(states, isEmpty: pager.items.isEmpty, current: footer.status)
      if refreshSpinsFooter, states.append.error == nil { status = .loading(.append) }
      if let status, status.isRetryable, status != footer.status {
        announcedFailure = true
        UIAccessibility.post(notification: .announcement, argument: status.description)
      } else if announcedFailure, status?.isRetryable != true, !states.isLoading {
        // The page that failed loaded (a retry, or a refresh): say so, wherever the user is.
        announcedFailure = false
        UIAccessibility.post(
          notification: .announcement, argument: CatenaStrings.string(.retrySucceeded))
      }
      setFooter(status)
    }

    /// What the footer shows for `states`: the next page loading or failed, a first page that
    /// failed with nothing shown, the end; during a refresh, what it showed (`current`).
    static func footerStatus(
      _ states: LoadStates, isEmpty: Bool, current: PagerStatus?
    ) -> PagerStatus? {
      switch states.append {
      case .loading: return .loading(.append)
      case .failed(let error): return .failed(.append, error.message)
      default: break
      }
      if case .failed(let error) = states.refresh, isEmpty {
        return .firstLoadFailed(error.message)
      }
      if states.refresh.isLoading { return current == .loading(.append) ? nil : current }
      return states.append == .end && !isEmpty ? .end : nil
    }

    /// Ends the refresh spinner, only when it spins: ending an idle control stops the table's
    /// deceleration.
    private func endRefreshing() {
      if refreshControl.isRefreshing { refreshControl.endRefreshing() }
    }

    /// Shows `status` in the footer, and hands the footer to the table again when its height
    /// changed (a table lays out its footer only when it is set).
    private func setFooter(_ status: PagerStatus?) {
      guard status != footer.status else { return }
      let height = footer.frame.height
      footer.status = status
      if footer.frame.height != height, let tableView { tableView.tableFooterView = footer }
    }
  }
#endif
