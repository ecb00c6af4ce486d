#if canImport(UIKit) && !os(watchOS)
  public import CatenaDataSource
  public import CatenaDiff
  public import UIKit

  extension UICollectionView: TableHosting {
    /// A `UICollectionView` hands out `UICollectionViewCell`s.
    public typealias Cell = UICollectionViewCell

    /// Registers a cell class, under UIKit's collection-view name for it.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      register(cellClass, forCellWithReuseIdentifier: identifier)
    }

    /// Dequeues a cell for the item at `path` (UIKit asserts when nothing is registered).
    public func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UICollectionViewCell {
      dequeueReusableCell(withReuseIdentifier: identifier, for: path.indexPath)
    }

    /// Performs `batch` in one `performBatchUpdates`, committing the model inside it; checked
    /// by Catena's validator in debug builds; off-window collection views reload.
    @discardableResult
    public func performBatchUpdates(
      _ batch: BatchUpdate, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      guard window != nil else {
        commit()
        reloadData()
        return []
      }
      var warnings: [BatchUpdateWarning] = []
      withoutActuallyEscaping(commit) { commit in
        performBatchUpdates { [self] in
          warnings = batch.commitChecked(counts: currentItemCounts, commit: commit)
          deleteSections(IndexSet(batch.sectionDeletes))
          insertSections(IndexSet(batch.sectionInserts))
          reloadSections(IndexSet(batch.sectionReloads))
          for move in batch.sectionMoves { moveSection(move.source, toSection: move.target) }
          deleteItems(at: batch.itemDeletes.map(\.indexPath))
          insertItems(at: batch.itemInserts.map(\.indexPath))
          reloadItems(at: batch.itemReloads.map(\.indexPath))
          for move in batch.itemMoves {
            moveItem(at: move.source.indexPath, to: move.target.indexPath)
          }
          reconfigureItems(at: batch.itemReconfigures.map(\.indexPath))
        }
      }
      return warnings
    }

    /// The items per section the data source reports now.
    func currentItemCounts() -> [Int] {
      guard let dataSource else { return [] }
      let sections = dataSource.numberOfSections?(in: self) ?? 1
      return (0..<sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
    }

    /// The paths of the items on screen.
    public var visibleItemPaths: [ItemPath] {
      indexPathsForVisibleItems.map(ItemPath.init).sorted()
    }

    /// The paths of the selected items.
    public var selectedItemPaths: [ItemPath] {
      (indexPathsForSelectedItems ?? []).map(ItemPath.init).sorted()
    }

    /// Selects the item at `path` (nil clears the selection) without telling the delegate.
    public func selectRow(at path: ItemPath?, animated: Bool) {
      selectItem(at: path?.indexPath, animated: animated, scrollPosition: [])
    }

    /// Deselects the item at `path` without telling the delegate.
    public func deselectRow(at path: ItemPath, animated: Bool) {
      deselectItem(at: path.indexPath, animated: animated)
    }

    /// Whether the collection view is in a window.
    public var isInWindow: Bool { window != nil }

    /// Makes `provider` the data source and delegate through a proxy the collection view keeps
    /// alive; the provider is held weakly. Section header and footer titles are not shown: a
    /// collection view needs supplementary views for those.
    public func connect(_ provider: (any TableContentProviding)?) {
      let proxy = provider.map(CollectionProxy.init)
      objc_setAssociatedObject(
        self, &AssociatedKeys.proxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = proxy
      delegate = proxy
      reloadData()
    }

    /// An object the collection view keeps alive for as long as it lives.
    public var retainedDataSource: AnyObject? {
      get { objc_getAssociatedObject(self, &AssociatedKeys.dataSource).map { $0 as AnyObject } }
      set {
        objc_setAssociatedObject(
          self, &AssociatedKeys.dataSource, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }
  }
#endif
