#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension UICollectionView {
    /// Catena's side of the collection view: the `TableHosting` a data source drives, its
    /// items as rows. The one member Catena adds to `UICollectionView`.
    ///
    /// ```swift
    /// dataSource.bind(collectionView)  // the same as bind(collectionView.catena)
    /// ```
    public var catena: some TableHosting {
      if let host = objc_getAssociatedObject(self, &AssociatedKeys.host) as? CollectionViewHost {
        return host
      }
      let host = CollectionViewHost(self)
      objc_setAssociatedObject(self, &AssociatedKeys.host, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return host
    }
  }

  /// A `UICollectionView` as a Catena table (`TableHosting`: items are its rows), reached as
  /// `collectionView.catena`; the collection view keeps it, and it holds the view weakly.
  @MainActor
  final class CollectionViewHost: TableHosting {
    /// The collection view, while it lives.
    private(set) weak var collectionView: UICollectionView?

    init(_ collectionView: UICollectionView) { self.collectionView = collectionView }

    /// Registers a cell class for `identifier` (UIKit's `forCellWithReuseIdentifier`).
    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      collectionView?.register(cellClass, forCellWithReuseIdentifier: identifier)
    }

    /// Dequeues a cell for the item at `path` (UIKit asserts when nothing is registered).
    ///
    /// - Throws: `DataSourceError` of kind `unregisteredCell` once the view is gone.
    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UICollectionViewCell {
      guard let collectionView else {
        throw DataSourceError(kind: .unregisteredCell, id: identifier, incoming: path)
      }
      return try collectionView.dequeueReusableCell(withIdentifier: identifier, for: path)
    }

    /// Reloads every item and section.
    func reloadData() { collectionView?.reloadData() }

    /// Performs `batch` as one `performBatchUpdates`, checked first, in every build, against
    /// the counts the collection view itself shows; an invalid batch becomes a `reloadData()`
    /// and throws, where UIKit would stop the app. Off-window views reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    @discardableResult
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      guard let collectionView else {
        commit()
        return []
      }
      return try collectionView.performBatchUpdates(
        batch, countsAfter: countsAfter, commit: commit)
    }

    /// The paths of the items on screen.
    var visibleItemPaths: [ItemPath] { collectionView?.visibleItemPaths ?? [] }

    /// The cell showing the item at `path`, when it is on screen.
    func cellForRow(at path: ItemPath) -> UICollectionViewCell? {
      collectionView?.cellForRow(at: path)
    }

    /// The paths of the selected items.
    var selectedItemPaths: [ItemPath] { collectionView?.selectedItemPaths ?? [] }

    /// Selects the item at `path` (nil clears the selection) without telling the delegate.
    func selectRow(at path: ItemPath?, animated: Bool) {
      collectionView?.selectRow(at: path, animated: animated)
    }

    /// Deselects the item at `path` without telling the delegate.
    func deselectRow(at path: ItemPath, animated: Bool) {
      collectionView?.deselectRow(at: path, animated: animated)
    }

    /// Whether the collection view is in a window.
    var isInWindow: Bool { collectionView?.window != nil }

    /// Makes `provider` the collection view's data source and delegate, through a proxy the
    /// view keeps alive; the provider is held weakly. Nil disconnects and gives the view its
    /// own objects back.
    func connect(_ provider: (any TableContentProviding)?) {
      collectionView?.connect(provider)
    }

    /// An object the collection view keeps alive for as long as it lives.
    var retainedDataSource: AnyObject? {
      get { collectionView?.retainedDataSource }
      set { collectionView?.retainedDataSource = newValue }
    }

    /// Shows `text` in place of items (the view has none), or removes it when nil.
    func showEmptyState(_ text: String?) { collectionView?.showEmptyState(text) }

    /// Runs `changes` inside `UIView.performWithoutAnimation(_:)`.
    func performWithoutAnimation(_ changes: () -> Void) {
      UIView.performWithoutAnimation(changes)
    }

    /// The items on screen, each with how far the viewport's top is below its top.
    var scrollAnchors: [TableAnchor] { collectionView?.scrollAnchors ?? [] }

    /// Scrolls so that the viewport's top is `anchor.offset` below the item's top.
    func scroll(to anchor: TableAnchor) { collectionView?.scroll(to: anchor) }
  }
#endif
