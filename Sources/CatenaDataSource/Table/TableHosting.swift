public import CatenaDiff

/// A table a data source drives, as the app sees it: `HeadlessTable`, and a `UITableView`
/// or `UICollectionView` through the adapter it keeps (`tableView.catena`, CatenaUIKit).
///
/// A data source is bound to it (`bind(_:)`), and the app reads which
/// rows are on screen and where, and scrolls back to a row. What the data source itself asks
/// of the table (registering and dequeuing cells, reloading, batch updates) is Catena's
/// business and stays out of autocomplete.
///
/// ```swift
/// let anchor = table.scrollAnchors.first  // the top row on screen, and how far it is scrolled
/// ```
@MainActor
public protocol TableHosting: AnyObject {
  /// The paths of the rows on screen, in order.
  var visibleItemPaths: [ItemPath] { get }

  /// The paths of the selected rows, in order.
  var selectedItemPaths: [ItemPath] { get }

  /// The rows on screen, in order, each with how far the viewport's top is below its top
  /// (negative for the rows under the first); empty when no row shows.
  var scrollAnchors: [TableAnchor] { get }

  /// Scrolls so that the viewport's top is `anchor.offset` below the top of the row at
  /// `anchor.path`: what keeps the row the user saw in place after rows were inserted above.
  func scroll(to anchor: TableAnchor)
}

/// What a data source asks of the table it drives. The requirements keep UIKit's names and
/// semantics (register a cell class for a reuse identifier, dequeue a cell for a row, reload,
/// perform a batch update, select and deselect), with Catena's `ItemPath` in place of
/// `IndexPath` so the protocol needs no Foundation.
@MainActor
package protocol TableDriving: TableHosting {
  /// The type of the cells the table hands out.
  associatedtype Cell

  /// Registers a cell class for a reuse identifier; nil unregisters.
  func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)

  /// A configured-to-be cell for the row at `path`, reused when one is free.
  ///
  /// - Throws: ``DataSourceError`` when nothing is registered for `identifier`, where the
  ///   table can tell: `HeadlessTable` throws, while `UITableView` and `UICollectionView`
  ///   raise an Objective-C exception inside their own dequeue, which Swift cannot catch (a
  ///   crash in debug and release alike), so register every class the chain names.
  func dequeueReusableCell(
    withIdentifier identifier: String, for path: ItemPath
  ) throws(DataSourceError) -> Cell

  /// The type of the section header and footer views the table hands out.
  associatedtype HeaderFooterView

  /// Registers a header or footer view class for a reuse identifier; nil unregisters.
  func register(_ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String)

  /// A header or footer view for `section`, reused when one is free.
  ///
  /// - Throws: ``DataSourceError`` of kind `unregisteredView` when nothing is registered for
  ///   `identifier` or the table has no header and footer views.
  func dequeueReusableHeaderFooterView(
    withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
  ) throws(DataSourceError) -> HeaderFooterView

  /// Reloads every row and section from the data source.
  func reloadData()

  /// Performs `batch` as one batch update; `commit` changes the model inside it, after the
  /// table has read the counts before and before it reads them after. With `countsAfter`
  /// (the rows per section `commit` leads to), the batch is checked before anything changes;
  /// without, it is checked once `commit` has run.
  ///
  /// - Throws: ``DataSourceError`` when the batch breaks UIKit's rules.
  @discardableResult
  func performBatchUpdates(
    _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning]

  /// The cell showing the row at `path`, when it is on screen.
  func cellForRow(at path: ItemPath) -> Cell?

  /// Selects the row at `path` (nil clears the selection) without telling the data source.
  func selectRow(at path: ItemPath?, animated: Bool)

  /// Deselects the row at `path` without telling the data source.
  func deselectRow(at path: ItemPath, animated: Bool)

  /// Whether the table is in a window; batch updates off-window fall back to a reload.
  var isInWindow: Bool { get }

  /// Shows where a row sits in an outline on its cell: its indentation and disclosure (a
  /// `HeadlessTable` draws them from the data source when it renders).
  func show(_ outline: RowOutline, in cell: Cell)

  /// How much of each row on screen shows (0–1 of its area), after a pending reload has
  /// been laid out when `settle` (never inside the table's layout pass).
  func visibleFractions(settle: Bool) -> [ItemPath: Double]

  /// Scrolls so that the row at `path` rests at `position`; false when the table has not
  /// been laid out at a size yet (nothing scrolls: the caller tries again later).
  func scroll(toRowAt path: ItemPath, at position: RowPosition, animated: Bool) -> Bool

  /// Makes `provider` answer the table's data-source and delegate questions. The table holds
  /// the provider weakly; nil disconnects.
  func connect(_ provider: (any TableContentProviding)?)

  /// The data source bound to the table, which it keeps alive for as long as it lives.
  var retainedDataSource: AnyObject? { get set }

  /// Shows `text` in place of rows (the table has none), or removes it when nil. A bound data
  /// source calls it after every reload and batch update with its
  /// ``TableContentProviding/emptyStateText``.
  func showEmptyState(_ text: String?)

  /// Whether the user holds a row the table has not given back: a row lifted to reorder, a
  /// drag or a drop over the table, a drop the table still animates. A data source keeps its
  /// updates while it is true (UIKit allows none then) and looks again until it is false.
  /// `settling`: a dropped row the table still has to lay out is laid out first (never
  /// inside the table's layout pass).
  func isHoldingRows(settling: Bool) -> Bool

  /// Runs `changes` (batch updates) without animation: an apply with `animated: false` on a
  /// table in a window, which updates the rows in place rather than reloading them all (a
  /// reload would end the editing in a cell and re-measure every visible row).
  func performWithoutAnimation(_ changes: () -> Void)
}

extension TableDriving {
  /// Performs `batch` as one batch update, with `commit` changing the model inside it, checked
  /// once `commit` has run.
  @discardableResult
  package func performBatchUpdates(
    _ batch: BatchUpdate, commit: () -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning] {
    try performBatchUpdates(batch, countsAfter: nil, commit: commit)
  }

}
