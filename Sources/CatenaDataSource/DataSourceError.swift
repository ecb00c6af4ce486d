public import CatenaDiff

/// Why a snapshot, a table or a data source refused something, with the context to fix it.
///
/// ```swift
/// do {
///   try snapshot.appendItems(articles)
/// } catch {
///   print(error)  // duplicate item id 7: already at (0 - 2), added again at (0 - 5)
/// }
/// ```
public struct DataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// An item with this id is already in the snapshot, the outline, or the pages a pager
    /// loaded (under ``DuplicatePolicy/fail``; a pager names no position).
    case duplicateItemID
    /// A section with this id is already in the snapshot.
    case duplicateSectionID
    /// No section has this id.
    case unknownSection
    /// No item has this id.
    case unknownItem
    /// Items were appended to a snapshot that has no section yet.
    case noSection
    /// A cell was dequeued for a reuse identifier nothing was registered for.
    case unregisteredCell
    /// A header or footer view was dequeued for a reuse identifier nothing was registered for,
    /// or from a table that has no such views.
    case unregisteredView
    /// The registered class cannot serve as a cell of this table.
    case unexpectedCellType
    /// A batch update broke UIKit's rules; ``batchError`` says which.
    case invalidBatchUpdate
    /// `reloadData()` was called inside a batch update.
    case reloadDuringBatch
    /// While a row was reconfigured, the data source dequeued a cell with another reuse
    /// identifier (``id``) than the row's cell, or returned another cell: UIKit stops the app
    /// there. A row whose cell kind changes must be reloaded.
    case reconfigureWithOtherCell
    /// A closure the table called during an apply, reload or batch update asked for a batch
    /// update, or one was asked for while the user held a row (``id`` is `performUpdates`),
    /// or applies kept asking for more applies
    /// (``id`` is `apply`).
    case reentrantUpdate
  }

  /// What went wrong.
  public var kind: Kind
  /// The offending id or reuse identifier, as `String(describing:)` prints it.
  public var id: String
  /// Where the id already is (duplicates only).
  public var existing: ItemPath?
  /// Where the change tried to put it (duplicates and dequeues).
  public var incoming: ItemPath?
  /// The rule a batch update broke (``Kind/invalidBatchUpdate`` only).
  public var batchError: BatchUpdateError?

  /// Creates an error.
  @usableFromInline package init(
    kind: Kind, id: String, existing: ItemPath? = nil, incoming: ItemPath? = nil,
    batchError: BatchUpdateError? = nil
  ) {
    self.kind = kind
    self.id = id
    self.existing = existing
    self.incoming = incoming
    self.batchError = batchError
  }

  /// A sentence naming the id and the positions, in UIKit's words where UIKit has some.
  public var description: String {
    let at = { (path: ItemPath?) in path.map(String.init(describing:)) ?? "?" }
    switch kind {
    case .duplicateItemID where existing == nil && incoming == nil:
      return "duplicate item id \(id): already loaded, and in the page again"
    case .duplicateItemID:
      return "duplicate item id \(id): already at (\(at(existing))), added again at "
        + "(\(at(incoming)))"
    case .duplicateSectionID:
      return "duplicate section id \(id): already section \(existing?.section ?? -1), added "
        + "again as section \(incoming?.section ?? -1)"
    case .unknownSection: return "no section with id \(id)"
    case .unknownItem: return "no item with id \(id)"
    case .noSection: return "cannot append item \(id): the snapshot has no section yet"
    case .unregisteredCell:
      return "unable to dequeue a cell with identifier \(id) - must register a nib or a class "
        + "for the identifier or connect a prototype cell in a storyboard"
    case .unregisteredView:
      return "unable to dequeue a header or footer view with identifier \(id) for section "
        + "\(incoming?.section ?? -1): register a class for it (`headerView`/`footerView` on "
        + "the chain do), on a table that has header and footer views"
    case .unexpectedCellType:
      return "the class registered for identifier \(id) is not a cell this table can create"
    case .invalidBatchUpdate: return batchError.map(String.init(describing:)) ?? "invalid update"
    case .reentrantUpdate where id == "performUpdates":
      return "performUpdates(_:commit:) was called from a closure the table called while an "
        + "apply, reload or batch update was being performed, or while the user held a row; "
        + "call it after that one returns or the row is let go"
    case .reentrantUpdate:
      return "\(reentranceLimit) applies in a row were each asked for by "
        + "a closure during the one before (a closure that always applies?); the last one shown "
        + "is the data source's snapshot"
    case .reloadDuringBatch:
      return "reloadData() must not be called inside performBatchUpdates (it breaks the row "
        + "counts UIKit checks when the batch closes)"
    case .reconfigureWithOtherCell:
      return "reconfiguring row \(at(incoming)) dequeued a cell with identifier \(id), not the "
        + "row's own cell; UIKit stops the app here (\"Attempted to dequeue a cell for a "
        + "different registration or reuse identifier than the existing cell when reconfiguring "
        + "an item\"): reload a row whose cell kind changes"
    }
  }
}

/// What to do when an item's id is already present: in a ``Snapshot`` (`appendItems`, where
/// the default is ``fail``: a repeated id there is a bug to see) or in a pager's pages
/// (`PagerConfiguration.duplicates`, where the default is ``keepFirst``: a server's pages
/// shift while they are read).
public enum DuplicatePolicy: Hashable, Sendable {
  /// Throw ``DataSourceError`` (``DataSourceError/Kind/duplicateItemID``), naming the
  /// positions where a snapshot has them.
  case fail
  /// Keep the item already present, drop the new one, and record it in
  /// ``Snapshot/droppedDuplicates``.
  case keepFirst
  /// Remove the item already present, add the new one, and record the removed one in
  /// ``Snapshot/droppedDuplicates``.
  case keepLast
}
