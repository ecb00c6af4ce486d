package import CatenaDiff

/// The questions a table asks about its content, independent of the kind of table: what a
/// ``SectionedDataSource`` answers (its `answers`), and what a table Catena drives forwards its
/// own data-source and delegate calls to. The one protocol for what a table asks; it is
/// Catena's business, kept out of the app's autocomplete.
@MainActor
package protocol TableContentProviding: AnyObject {
  /// The number of sections.
  func numberOfSections() -> Int
  /// The number of rows in `section`.
  func numberOfRows(inSection section: Int) -> Int
  /// The configured cell for the row at `path`, dequeued from the table the provider drives.
  func cell(forRowAt path: ItemPath) throws -> Any
  /// The header text of `section`, if any.
  func titleForHeader(inSection section: Int) -> String?
  /// The footer text of `section`, if any.
  func titleForFooter(inSection section: Int) -> String?
  /// Whether the provider gives header or footer views at all (read when it is connected,
  /// as UIKit reads what its delegate implements).
  var providesSectionViews: Bool { get }
  /// Whether `section` has a header or footer view (else its title, if any, shows).
  func hasView(_ kind: SectionViewKind, inSection section: Int) -> Bool
  /// The configured header or footer view of `section`, dequeued from the table the provider
  /// drives, or nil when the section has none.
  func view(_ kind: SectionViewKind, inSection section: Int) throws -> Any?
  /// Configures `view`, the header or footer view the table shows for `section`, for the
  /// section as it is now; false when it cannot (the section has no view of that kind now, or
  /// one of another class), and the table must ask for a new one.
  func configure(_ view: Any, as kind: SectionViewKind, inSection section: Int) -> Bool
  /// The height of the header or footer view of `section`, or nil for the table's default
  /// (`UITableView.automaticDimension`: self-sizing).
  func height(of kind: SectionViewKind, inSection section: Int) -> Double?
  /// Whether rows have heights of their own (``heightForRow(at:)``); when false a table lays
  /// out with its default row height, in time independent of the number of rows.
  var providesRowHeights: Bool { get }
  /// The height of the row at `path`, or nil for the table's default.
  func heightForRow(at path: ItemPath) -> Double?
  /// Whether the row at `path` can be deleted or moved by the user.
  func canEditRow(at path: ItemPath) -> Bool
  /// Whether the user can delete the row at `path` (swipe to delete, the editing-mode minus).
  func canDeleteRow(at path: ItemPath) -> Bool
  /// Whether the user can move the row at `path` (the editing-mode reorder control).
  func canMoveRow(at path: ItemPath) -> Bool
  /// The identity of the row at `path` (its item's id), to find it again after updates; nil
  /// when rows have none (count closures: the row is its path).
  func identity(ofRowAt path: ItemPath) -> AnyHashable?
  /// Where the row with `identity` is now; nil when it is gone.
  func row(withIdentity identity: AnyHashable) -> ItemPath?
  /// The user deleted the row at `path`.
  func commitDelete(at path: ItemPath) throws
  /// Where the row the user drags from `source` may go when held over `proposed`; the first
  /// call starts a live reorder, in which updates of the table wait.
  func targetForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath
  /// The user moved a row; the table has already moved it on screen.
  func moveRow(at source: ItemPath, to destination: ItemPath)
  /// The live reorder ended (the row dropped, or let go where it was): updates that waited
  /// run now. Called after ``moveRow(at:to:)``, once the table is done with the drop.
  func endReorder()
  /// Whether the row at `path` highlights when touched (a row that stands for state does not,
  /// unless a tap on it does something).
  func highlightsRow(at path: ItemPath) -> Bool
  /// The row at `path` was selected by the user.
  func didSelectRow(at path: ItemPath)
  /// The row at `path` was deselected by the user.
  func didDeselectRow(at path: ItemPath)
  /// The text to show instead of rows when there are none, if any.
  var emptyStateText: String? { get }
  /// The row at `path` came on screen in `cell`, which the table may have kept from an
  /// earlier showing without asking for it again (iOS 15 prepared cells): the provider shows
  /// on it what changed since (behaviours, outline place).
  func willDisplayRow(at path: ItemPath, cell: Any?)
  /// The table scrolled (by the user, or in code), or rows left the screen without a scroll
  /// (the table got smaller); UIKit may say so from inside its layout pass.
  func didScroll()
  /// The table entered or left a window, or the app went to the background or came back:
  /// what the user sees changed without a scroll (never from inside a layout pass).
  func visibilityChanged()
  /// Whether ``didScroll()`` is wanted (impressions), read when the provider is connected: a
  /// UIKit list otherwise skips its scroll callbacks.
  var watchesScrolling: Bool { get }
  /// Whether the list's section headers pin to the top while their section scrolls under
  /// them (a plain list layout the data source made; a plain table's always do).
  var pinsSectionHeaders: Bool { get }
  /// Reloads the table through the provider's own gates: now, or after the work being
  /// performed, the layout pass, or the reorder that holds a row (the section index of a
  /// collection view is read only at a reload).
  func reload()
  /// The titles of the section index down the table's edge, or nil for none.
  func sectionIndexTitles() -> [String]?
  /// The section the section-index title `title`, at `index` in the index the table shows,
  /// scrolls to (the table may show an index read before the latest changes).
  func section(forSectionIndexTitle title: String, at index: Int) -> Int
  /// The buttons a swipe on `edge` of the row at `path` reveals, or nil for the table's
  /// default (on the trailing edge: Delete when ``canDeleteRow(at:)``). Actions on the
  /// trailing edge replace that Delete; an empty array reveals nothing.
  func swipeActions(_ edge: SwipeEdge, forRowAt path: ItemPath) -> [SwipeAction]?
  /// Where the row at `path` sits in an outline (its indentation and disclosure), or nil.
  func outline(forRowAt path: ItemPath) -> RowOutline?
  /// The context menu a long press on the row at `path` shows, or nil for none.
  func contextMenu(forRowAt path: ItemPath) -> ContextMenu?
  /// The table expects to show the rows at `paths` soon (nearest first): start loading what
  /// they need (`UITableViewDataSourcePrefetching`).
  func prefetchRows(at paths: [ItemPath])
  /// Rows told to prefetch are no longer expected soon (the user scrolled the other way):
  /// cancel what was started for them. Rows that came on screen are not cancelled.
  func cancelPrefetchingForRows(at paths: [ItemPath])
  /// The table stopped asking this provider: another provider was connected to it, or none.
  /// A provider that drives the table stops doing so, since the table's rows are no longer
  /// its own.
  func tableDidDisconnect()
}
