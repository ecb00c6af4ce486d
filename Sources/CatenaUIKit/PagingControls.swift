#if (canImport(UIKit) && !os(watchOS) && !os(tvOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaPaging

  /// Pull-to-refresh and a load-more footer for a table showing a ``PagedList``, driven by
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
  /// Keep the controls as long as the screen; they hold the list weakly.
  @MainActor
  public final class PagingControls<Item: Sendable> {
    /// The table's refresh control.
    public let refreshControl = UIRefreshControl()
    /// The table's footer.
    public let footer = LoadMoreFooterView()
    private weak var list: PagedList<Item>?

    /// Installs a refresh control and a footer on `tableView` for `list`.
    public init(list: PagedList<Item>, tableView: UITableView) {
      self.list = list
      tableView.refreshControl = refreshControl
      tableView.tableFooterView = footer
      refreshControl.addAction(
        UIAction { [weak list] _ in list?.refresh() }, for: .valueChanged)
      footer.onRetry = { [weak list] in list?.loadNextPage() }
      let events = list.events()
      Task { [weak self] in
        for await event in events {
          guard let self else { return }
          self.handle(event)
        }
      }
    }

    /// Updates the controls for `event`.
    func handle(_ event: PagingEvent) {
      switch event {
      case .started(let isFirstPage):
        if isFirstPage {
          if !refreshControl.isRefreshing { refreshControl.beginRefreshing() }
        } else {
          footer.mode = .loading
        }
      case .headerEnded(let hasMore):
        refreshControl.endRefreshing()
        footer.mode = hasMore ? .idle : .noMore
      case .footerEnded(let hasMore):
        footer.mode = hasMore ? .idle : .noMore
      case .failed(let error):
        refreshControl.endRefreshing()
        footer.mode = error.isFirstPage ? .idle : .failed(error.message)
      case .contentChanged:
        break
      }
    }
  }
#endif
