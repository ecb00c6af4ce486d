#if canImport(UIKit) && !os(watchOS)
  public import CatenaDataSource
  public import CatenaDiff
  public import UIKit

  /// Keys for the objects a table or collection view keeps alive (keys are per object, so
  /// both kinds of view share them).
  @MainActor
  enum AssociatedKeys {
    static var proxy: UInt8 = 0
    static var dataSource: UInt8 = 0
  }

  extension UITableView: TableHosting {
    /// A `UITableView` hands out `UITableViewCell`s.
    public typealias Cell = UITableViewCell

    /// Dequeues a cell for the row at `path` (UIKit asserts when nothing is registered).
    public func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UITableViewCell {
      dequeueReusableCell(withIdentifier: identifier, for: path.indexPath)
    }

    /// Performs `batch` in one `performBatchUpdates`, committing the model inside it. In debug
    /// builds the batch is first checked by the same validator as `HeadlessTable`, and a
    /// violation stops with UIKit's message and the whole batch; off-window tables reload.
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
          warnings = batch.commitChecked(counts: currentRowCounts, commit: commit)
          perform(batch)
        }
      }
      return warnings
    }

    /// The rows per section the data source reports now.
    func currentRowCounts() -> [Int] {
      guard let dataSource else { return [] }
      let sections = dataSource.numberOfSections?(in: self) ?? 1
      return (0..<sections).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    }

    /// Hands every operation of `batch` to UIKit.
    func perform(_ batch: BatchUpdate) {
      deleteSections(IndexSet(batch.sectionDeletes), with: .automatic)
      insertSections(IndexSet(batch.sectionInserts), with: .automatic)
      reloadSections(IndexSet(batch.sectionReloads), with: .automatic)
      for move in batch.sectionMoves { moveSection(move.source, toSection: move.target) }
      deleteRows(at: batch.itemDeletes.map(\.indexPath), with: .automatic)
      insertRows(at: batch.itemInserts.map(\.indexPath), with: .automatic)
      reloadRows(at: batch.itemReloads.map(\.indexPath), with: .automatic)
      for move in batch.itemMoves { moveRow(at: move.source.indexPath, to: move.target.indexPath) }
      reconfigureRows(at: batch.itemReconfigures.map(\.indexPath))
      for section in batch.sectionUpdates {
        headerView(forSection: section)?.textLabel?.text =
          dataSource?.tableView?(self, titleForHeaderInSection: section)
        footerView(forSection: section)?.textLabel?.text =
          dataSource?.tableView?(self, titleForFooterInSection: section)
      }
    }

    /// The paths of the rows on screen.
    public var visibleItemPaths: [ItemPath] {
      (indexPathsForVisibleRows ?? []).map(ItemPath.init).sorted()
    }

    /// The paths of the selected rows.
    public var selectedItemPaths: [ItemPath] {
      (indexPathsForSelectedRows ?? []).map(ItemPath.init).sorted()
    }

    /// Selects the row at `path` (nil clears the selection) without telling the delegate.
    public func selectRow(at path: ItemPath?, animated: Bool) {
      selectRow(at: path?.indexPath, animated: animated, scrollPosition: .none)
    }

    /// Deselects the row at `path` without telling the delegate.
    public func deselectRow(at path: ItemPath, animated: Bool) {
      deselectRow(at: path.indexPath, animated: animated)
    }

    /// Whether the table view is in a window.
    public var isInWindow: Bool { window != nil }

    /// Makes `provider` the table view's data source and delegate, through a proxy the table
    /// view keeps alive; the provider is held weakly.
    public func connect(_ provider: (any TableContentProviding)?) {
      let proxy = provider.map(TableProxy.init)
      objc_setAssociatedObject(
        self, &AssociatedKeys.proxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      dataSource = proxy
      delegate = proxy
      reloadData()
    }

    /// An object the table view keeps alive for as long as it lives.
    public var retainedDataSource: AnyObject? {
      get { objc_getAssociatedObject(self, &AssociatedKeys.dataSource).map { $0 as AnyObject } }
      set {
        objc_setAssociatedObject(
          self, &AssociatedKeys.dataSource, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }
  }
#endif
