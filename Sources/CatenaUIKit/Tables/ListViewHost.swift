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
    /// dataSource.bind(tableView)
    /// let anchors = tableView.catena.scrollAnchors  // the rows on screen, with offsets
    /// ```
    public var catena: some TableHosting { ListViewHost.kept(by: self) }
  }

  extension UICollectionView {
    /// Catena's side of the collection view: the `TableHosting` a data source drives, its
    /// items as rows. The one member Catena adds to `UICollectionView`.
    ///
    /// ```swift
    /// dataSource.bind(collectionView)
    /// let rows = collectionView.catena.visibleItemPaths
    /// ```
    public var catena: some TableHosting { ListViewHost.kept(by: self) }
  }

  extension SectionedDataSource {
    /// Binds the data source to `tableView`: it registers the chain's cells and views there and
    /// drives it, and the table view asks it what to show. The table view is held weakly.
    @discardableResult
    public func bind(_ tableView: UITableView) -> Self {
      bind(driving: ListViewHost.kept(by: tableView))
    }

    /// Binds the data source to `collectionView`, its items as rows; as `bind(tableView)`.
    @discardableResult
    public func bind(_ collectionView: UICollectionView) -> Self {
      bind(driving: ListViewHost.kept(by: collectionView))
    }
  }

  /// A `UITableView` or `UICollectionView` as a Catena table (`TableHosting`), reached as
  /// `.catena`; the view keeps it, and it holds the view weakly. Once the view is gone it
  /// reads as an empty table that is not in a window.
  @MainActor
  final class ListViewHost<View: ProxiedListView>: TableDriving {
    private(set) weak var view: View?

    private init(_ view: View) { self.view = view }

    /// The host `view` keeps (made on first use).
    static func kept(by view: View) -> ListViewHost {
      if let host = objc_getAssociatedObject(view, &AssociatedKeys.host) as? ListViewHost {
        return host
      }
      let host = ListViewHost(view)
      objc_setAssociatedObject(view, &AssociatedKeys.host, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return host
    }

    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      // Content configurations show in the view's own cells: table cells or list cells.
      let cellClass: AnyClass? =
        cellClass is TableContentCell.Type ? View.contentCellClass : cellClass
      view?.register(cellClass, forCellReuseIdentifier: identifier)
    }

    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> View.Cell {
      guard let view else {
        throw DataSourceError(kind: .unregisteredCell, id: identifier, incoming: path)
      }
      return try view.dequeueReusableCell(withIdentifier: identifier, for: path)
    }

    func register(_ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
      view?.register(viewClass, forHeaderFooterViewReuseIdentifier: identifier)
    }

    func dequeueReusableHeaderFooterView(
      withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
    ) throws(DataSourceError) -> View.HeaderFooterView {
      guard let view else {
        throw DataSourceError(
          kind: .unregisteredView, id: identifier, incoming: ItemPath(item: 0, section: section))
      }
      return try view.dequeueReusableHeaderFooterView(
        withIdentifier: identifier, for: kind, inSection: section)
    }

    func reloadData() { view?.reloadData() }

    @discardableResult
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      guard let view else {
        commit()
        return []
      }
      return try view.performBatchUpdates(batch, countsAfter: countsAfter, commit: commit)
    }

    var visibleItemPaths: [ItemPath] { view?.visibleItemPaths ?? [] }

    func cellForRow(at path: ItemPath) -> View.Cell? { view?.cellForRow(at: path) }

    var selectedItemPaths: [ItemPath] { view?.selectedItemPaths ?? [] }

    func selectRow(at path: ItemPath?, animated: Bool) {
      view?.selectRow(at: path, animated: animated)
    }

    func deselectRow(at path: ItemPath, animated: Bool) {
      view?.deselectRow(at: path, animated: animated)
    }

    var isInWindow: Bool { view?.window != nil }

    /// What the view says (``ProxiedListView/holdsRows``), and a drop that has not settled:
    /// UIKit reloads the moved cell after the drop's animation, from a layout pass, and an
    /// update before that lands on it (a row the update removed is asked for). `settling`
    /// lays the view out and looks whether the moved cell still animates; after
    /// ``dropSettleLooks`` looks the drop counts as settled whatever the cell does (a cell
    /// animating for good never freezes the list).
    func isHoldingRows(settling: Bool) -> Bool {
      guard let view else { return false }
      if let proxy = view.installedProxy, let drop = proxy.settlingDrop {
        guard settling else { return true }
        view.layoutIfNeeded()
        let cell = view.cellForRow(at: drop.path) as? UIView
        if cell?.layer.animationKeys()?.isEmpty == false, drop.looks < Self.dropSettleLooks {
          proxy.settlingDrop?.looks += 1
          return true
        }
        proxy.settlingDrop = nil
        view.layoutIfNeeded()
      }
      return view.holdsRows
    }

    /// How many looks (one per re-check, 100 ms apart) a drop may take to settle: UIKit's
    /// drop animation takes about 0.3 s.
    static var dropSettleLooks: Int { 10 }

    func connect(_ provider: (any TableContentProviding)?) { view?.connect(provider) }

    var retainedDataSource: AnyObject? {
      get { view?.retainedDataSource }
      set { view?.retainedDataSource = newValue }
    }

    func showEmptyState(_ text: String?) { view?.showEmptyState(text) }

    /// Runs `changes` inside `UIView.performWithoutAnimation(_:)`.
    func performWithoutAnimation(_ changes: () -> Void) {
      UIView.performWithoutAnimation(changes)
    }

    var scrollAnchors: [TableAnchor] { view?.scrollAnchors ?? [] }

    func scroll(to anchor: TableAnchor) { view?.scroll(to: anchor) }

    func show(_ outline: RowOutline, in cell: View.Cell) { view?.show(outline, in: cell) }

    func visibleFractions(settle: Bool) -> [ItemPath: Double] {
      view?.visibleFractions(settle: settle) ?? [:]
    }

    func scroll(toRowAt path: ItemPath, at position: RowPosition, animated: Bool) -> Bool {
      view?.scroll(toRowAt: path, at: position, animated: animated) ?? false
    }
  }
#endif
