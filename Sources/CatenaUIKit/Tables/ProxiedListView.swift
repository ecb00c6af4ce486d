#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// What `UITableView` and `UICollectionView` share as Catena tables: a proxy installed by
  /// `connect(_:)`, counts of their own, the checked batch update built on them, and what a
  /// ``ListViewHost`` forwards (`TableHosting`'s questions, in the view's own terms).
  @MainActor
  protocol ProxiedListView: UIScrollView {
    /// The cells the view hands out.
    associatedtype Cell
    /// Its section views (supplementary views of a collection view).
    associatedtype HeaderFooterView
    /// The proxy `connect(_:)` installed, if it is still the data source.
    var installedProxy: ForwardingProxy? { get }
    /// The rows (items) per section the view shows: UIKit's cached counts.
    var shownCounts: [Int] { get }
    func reloadData()
    /// Makes the proxy the delegate again when the app set its own after `connect(_:)`.
    func reclaimDelegate()

    /// The class of the cells that show a content configuration (`configureCell { … }`).
    static var contentCellClass: AnyClass { get }
    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)
    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> Cell
    func register(_ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String)
    func dequeueReusableHeaderFooterView(
      withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
    ) throws(DataSourceError) -> HeaderFooterView
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning]
    var visibleItemPaths: [ItemPath] { get }
    func cellForRow(at path: ItemPath) -> Cell?
    var selectedItemPaths: [ItemPath] { get }
    func selectRow(at path: ItemPath?, animated: Bool)
    func deselectRow(at path: ItemPath, animated: Bool)
    func connect(_ provider: (any TableContentProviding)?)
    var retainedDataSource: AnyObject? { get set }
    func showEmptyState(_ text: String?)
    var scrollAnchors: [TableAnchor] { get }
    /// Shows an outline row's indentation and disclosure on its cell.
    func show(_ outline: RowOutline, in cell: Cell)
    /// Where the row at `path` is in the content, if it has been laid out.
    func frame(ofRowAt path: ItemPath) -> CGRect?
    /// How much of the top of what shows the pinned header of `section` covers (0: headers
    /// do not pin).
    func pinnedHeaderHeight(inSection section: Int) -> CGFloat
    /// Whether the content scrolls across rather than down.
    var scrollsAcross: Bool { get }
    func scroll(to anchor: TableAnchor)
    /// Whether the view says it holds a row: its appearance differs from its data source
    /// (`hasUncommittedUpdates`), a drag or a drop is active, or a visible cell is reordering.
    var holdsRows: Bool { get }
  }

  extension ProxiedListView {
    /// Checks `batch` in every build against the counts the view itself shows and hands it
    /// to `update` when valid, with the `commit` to run inside `performBatchUpdates`.
    ///
    /// The view lays out first, so that its counts are current. With `countsAfter` (a
    /// snapshot's stage) the batch is checked against them before the model changes, and
    /// `commit` runs inside the updates block ("update your data model inside the updates
    /// block"): nothing UIKit re-reads before the batch sees the new model. Without (the
    /// count-closure style, whose model only the app's `commit` knows), `commit` runs first
    /// and the batch is checked against the data source's new counts. An invalid batch (a
    /// model changed earlier without telling the view) becomes a `reloadData()` and throws,
    /// where UIKit would stop the app. Off-window views reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    func performChecked(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void,
      update: (BatchValidator, _ commitInside: () -> Void) -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      reclaimDelegate()
      guard window != nil, let provider = installedProxy?.provider else {
        commit()
        reloadData()
        return []
      }
      layoutIfNeeded()
      let shown = shownCounts
      if countsAfter == nil { commit() }
      let validator: BatchValidator
      do {
        validator = try batch.checkedForUIKit(
          shown: shown, after: countsAfter ?? provider.rowCounts)
      } catch {
        if countsAfter != nil { commit() }
        reloadData()
        throw error
      }
      update(validator, countsAfter == nil ? {} : commit)
      return validator.warnings
    }
  }
#endif
