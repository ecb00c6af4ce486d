#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension UITableView {
    /// Catena's side of the table view: the `TableHosting` a data source drives. The one
    /// member Catena adds to `UITableView`, so that nothing of Catena's overloads UIKit's
    /// names or fills the table view's autocomplete.
    ///
    /// ```swift
    /// dataSource.bind(tableView)                        // the same as bind(tableView.catena)
    /// let anchors = tableView.catena.scrollAnchors      // the rows on screen, with offsets
    /// ```
    public var catena: some TableHosting {
      if let host = objc_getAssociatedObject(self, &AssociatedKeys.host) as? TableViewHost {
        return host
      }
      let host = TableViewHost(self)
      objc_setAssociatedObject(self, &AssociatedKeys.host, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return host
    }
  }

  /// A `UITableView` as a Catena table (`TableHosting`), reached as `tableView.catena`; the
  /// table view keeps it, and it holds the table view weakly.
  @MainActor
  final class TableViewHost: TableHosting {
    /// The table view, while it lives.
    private(set) weak var tableView: UITableView?

    init(_ tableView: UITableView) { self.tableView = tableView }

    /// Registers a cell class for `identifier`.
    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      tableView?.register(cellClass, forCellReuseIdentifier: identifier)
    }

    /// Dequeues a cell for the row at `path` (UIKit asserts when nothing is registered).
    ///
    /// - Throws: `DataSourceError` of kind `unregisteredCell` once the table view is gone.
    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UITableViewCell {
      guard let tableView else { throw gone(identifier, path) }
      return try tableView.dequeueReusableCell(withIdentifier: identifier, for: path)
    }

    /// Registers a header or footer view class for `identifier`.
    func register(
      _ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String
    ) {
      tableView?.register(viewClass, forHeaderFooterViewReuseIdentifier: identifier)
    }

    /// Dequeues a header or footer view registered for `identifier`.
    ///
    /// - Throws: `DataSourceError` of kind `unregisteredView` when nothing is registered.
    func dequeueReusableHeaderFooterView(
      withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
    ) throws(DataSourceError) -> UITableViewHeaderFooterView {
      guard let tableView else {
        throw DataSourceError(
          kind: .unregisteredView, id: identifier, incoming: ItemPath(item: 0, section: section))
      }
      return try tableView.dequeueReusableHeaderFooterView(
        withIdentifier: identifier, for: kind, inSection: section)
    }

    /// Reloads every row and section.
    func reloadData() { tableView?.reloadData() }

    /// Performs `batch` as one `performBatchUpdates`, checked first, in every build, against
    /// the counts the table view itself shows, as UIKit checks it; an invalid batch becomes a
    /// `reloadData()` and throws, where UIKit would stop the app. Off-window tables reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    @discardableResult
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      guard let tableView else {
        commit()
        return []
      }
      return try tableView.performBatchUpdates(batch, countsAfter: countsAfter, commit: commit)
    }

    /// The paths of the rows on screen.
    var visibleItemPaths: [ItemPath] { tableView?.visibleItemPaths ?? [] }

    /// The cell showing the row at `path`, when it is on screen.
    func cellForRow(at path: ItemPath) -> UITableViewCell? {
      tableView?.cellForRow(at: path)
    }

    /// The paths of the selected rows.
    var selectedItemPaths: [ItemPath] { tableView?.selectedItemPaths ?? [] }

    /// Selects the row at `path` (nil clears the selection) without telling the delegate.
    func selectRow(at path: ItemPath?, animated: Bool) {
      tableView?.selectRow(at: path, animated: animated)
    }

    /// Deselects the row at `path` without telling the delegate.
    func deselectRow(at path: ItemPath, animated: Bool) {
      tableView?.deselectRow(at: path, animated: animated)
    }

    /// Whether the table view is in a window.
    var isInWindow: Bool { tableView?.window != nil }

    /// Makes `provider` the table view's data source and delegate, through a proxy the table
    /// view keeps alive; the provider is held weakly. The delegate and data source the table
    /// view had keep receiving what Catena does not answer, and the row events it shares; a
    /// provider connected before is told it lost the table. Nil disconnects and gives the
    /// table view its own objects back.
    func connect(_ provider: (any TableContentProviding)?) {
      tableView?.connect(provider)
    }

    /// An object the table view keeps alive for as long as it lives.
    var retainedDataSource: AnyObject? {
      get { tableView?.retainedDataSource }
      set { tableView?.retainedDataSource = newValue }
    }

    /// Shows `text` in place of rows (the table view has none), or removes it when nil.
    func showEmptyState(_ text: String?) { tableView?.showEmptyState(text) }

    /// Runs `changes` inside `UIView.performWithoutAnimation(_:)`.
    func performWithoutAnimation(_ changes: () -> Void) {
      UIView.performWithoutAnimation(changes)
    }

    /// The rows on screen, each with how far the viewport's top is below its top.
    var scrollAnchors: [TableAnchor] { tableView?.scrollAnchors ?? [] }

    /// Scrolls so that the viewport's top is `anchor.offset` below the row's top.
    func scroll(to anchor: TableAnchor) { tableView?.scroll(to: anchor) }

    private func gone(_ identifier: String, _ path: ItemPath) -> DataSourceError {
      DataSourceError(kind: .unregisteredCell, id: identifier, incoming: path)
    }
  }

  extension SectionedDataSource {
    /// Binds the data source to `tableView` (through `tableView.catena`); see ``bind(_:)``.
    @discardableResult
    public func bind(_ tableView: UITableView) -> Self { bind(tableView.catena) }

    /// Binds the data source to `collectionView` (through `collectionView.catena`); see
    /// ``bind(_:)``.
    @discardableResult
    public func bind(_ collectionView: UICollectionView) -> Self { bind(collectionView.catena) }
  }
#endif
