import CatenaDataSource
import CatenaDiff

/// What a ``HeadlessTable`` asks inside: `UITableViewDataSource` and the parts of
/// `UITableViewDelegate` a list needs, under the same names. The table's own seam, not API:
/// a table's content comes from a ``TableContentProviding`` (``HeadlessTable/connect(_:)``),
/// which an adapter answers this protocol for; tests give UIKit-style models directly.
///
/// Only the counts and ``table(_:cellForRowAt:)`` are required; the rest have defaults.
@MainActor
protocol HeadlessTableDataSource: AnyObject {
  /// The number of sections.
  func numberOfSections(in table: HeadlessTable) -> Int
  /// The number of rows in `section`.
  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int
  /// The configured cell for the row at `path`; dequeue it from `table`.
  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell
  /// The header text of `section`, or nil for none.
  func table(_ table: HeadlessTable, titleForHeaderInSection section: Int) -> String?
  /// The footer text of `section`, or nil for none.
  func table(_ table: HeadlessTable, titleForFooterInSection section: Int) -> String?
  /// The configured header or footer view of `section` (dequeue it from `table`), or nil
  /// for none; asked when the section comes on screen.
  func table(
    _ table: HeadlessTable, viewFor kind: SectionViewKind, inSection section: Int
  ) throws -> (any HeadlessHeaderFooterView)?
  /// The height of the header or footer of `section`, or nil for the table's default
  /// (`sectionHeaderHeight` or `sectionFooterHeight` when the section has a title, else 0):
  /// give one for a section that has a view.
  func table(
    _ table: HeadlessTable, heightFor kind: SectionViewKind, inSection section: Int
  ) -> Double?
  /// The height of the row at `path`, or nil for the table's `rowHeight`.
  func table(_ table: HeadlessTable, heightForRowAt path: ItemPath) -> Double?
  /// Whether the row at `path` can be deleted or moved by the user.
  func table(_ table: HeadlessTable, canEditRowAt path: ItemPath) -> Bool
  /// Whether the user can delete the row at `path` (UIKit: the editing style is `.delete`).
  func table(_ table: HeadlessTable, canDeleteRowAt path: ItemPath) -> Bool
  /// Whether the user can move the row at `path` (UIKit: `canMoveRowAt`).
  func table(_ table: HeadlessTable, canMoveRowAt path: ItemPath) -> Bool
  /// The user deleted the row at `path`: update the model and the table.
  func table(_ table: HeadlessTable, commitDeleteAt path: ItemPath) throws
  /// Where the row dragged from `source` may go when held over `proposed` (UIKit:
  /// `targetIndexPathForMoveFromRowAt`).
  func table(
    _ table: HeadlessTable, targetForMoveFrom source: ItemPath, proposed: ItemPath
  ) -> ItemPath
  /// The user moved a row: update the model (the table has already moved the row).
  func table(_ table: HeadlessTable, moveRowAt source: ItemPath, to destination: ItemPath)
  /// The drag of a row ended, dropped or let go where it was.
  func tableDidEndReorder(_ table: HeadlessTable)
  /// The row at `path` was selected.
  func table(_ table: HeadlessTable, didSelectRowAt path: ItemPath)
  /// The row at `path` was deselected.
  func table(_ table: HeadlessTable, didDeselectRowAt path: ItemPath)

  /// A row's cell came on screen (after it was configured).
  func table(_ table: HeadlessTable, willDisplayRowAt path: ItemPath)
  /// The table scrolled.
  func tableDidScroll(_ table: HeadlessTable)
  /// The titles of the section index, or nil for none.
  func sectionIndexTitles(for table: HeadlessTable) -> [String]?
  /// The section the section-index title `title`, at `index` in the index, scrolls to.
  func table(
    _ table: HeadlessTable, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int
  /// The buttons a swipe on `edge` of the row at `path` reveals, or nil for the default (on
  /// the trailing edge, delete when the row can be deleted).
  func table(
    _ table: HeadlessTable, swipeActions edge: SwipeEdge, forRowAt path: ItemPath
  ) -> [SwipeAction]?
  /// The table expects to show the rows at `paths` soon (nearest first): start loading what
  /// they need.
  func table(_ table: HeadlessTable, prefetchRowsAt paths: [ItemPath])
  /// Rows told to prefetch are no longer expected soon: cancel what was started for them.
  func table(_ table: HeadlessTable, cancelPrefetchingForRowsAt paths: [ItemPath])
}

extension HeadlessTableDataSource {
  /// No header by default.
  func table(_ table: HeadlessTable, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No footer by default.
  func table(_ table: HeadlessTable, titleForFooterInSection section: Int) -> String? {
    nil
  }
  /// No view by default.
  func table(
    _ table: HeadlessTable, viewFor kind: SectionViewKind, inSection section: Int
  ) throws -> (any HeadlessHeaderFooterView)? { nil }
  /// The table's default by default.
  func table(
    _ table: HeadlessTable, heightFor kind: SectionViewKind, inSection section: Int
  ) -> Double? { nil }
  /// The table's `rowHeight` by default.
  func table(_ table: HeadlessTable, heightForRowAt path: ItemPath) -> Double? { nil }
  /// Rows are not editable by default.
  func table(_ table: HeadlessTable, canEditRowAt path: ItemPath) -> Bool { false }
  /// ``table(_:canEditRowAt:)`` by default.
  func table(_ table: HeadlessTable, canDeleteRowAt path: ItemPath) -> Bool {
    self.table(table, canEditRowAt: path)
  }
  /// ``table(_:canEditRowAt:)`` by default.
  func table(_ table: HeadlessTable, canMoveRowAt path: ItemPath) -> Bool {
    self.table(table, canEditRowAt: path)
  }
  /// Does nothing by default.
  func table(_ table: HeadlessTable, commitDeleteAt path: ItemPath) throws {}
  /// `proposed` by default: a row may go anywhere.
  func table(
    _ table: HeadlessTable, targetForMoveFrom source: ItemPath, proposed: ItemPath
  ) -> ItemPath { proposed }
  /// Does nothing by default.
  func table(
    _ table: HeadlessTable, moveRowAt source: ItemPath, to destination: ItemPath
  ) {}
  /// Does nothing by default.
  func tableDidEndReorder(_ table: HeadlessTable) {}
  /// Does nothing by default.
  func table(_ table: HeadlessTable, didSelectRowAt path: ItemPath) {}
  /// Does nothing by default.
  func table(_ table: HeadlessTable, didDeselectRowAt path: ItemPath) {}
  /// Does nothing.
  func table(_ table: HeadlessTable, willDisplayRowAt path: ItemPath) {}

  func tableDidScroll(_ table: HeadlessTable) {}
  /// No section index by default.
  func sectionIndexTitles(for table: HeadlessTable) -> [String]? { nil }
  /// The section at `index` by default.
  func table(
    _ table: HeadlessTable, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int {
    index
  }
  /// The default swipe by default.
  func table(
    _ table: HeadlessTable, swipeActions edge: SwipeEdge, forRowAt path: ItemPath
  ) -> [SwipeAction]? { nil }
  /// Does nothing by default.
  func table(_ table: HeadlessTable, prefetchRowsAt paths: [ItemPath]) {}
  /// Does nothing by default.
  func table(_ table: HeadlessTable, cancelPrefetchingForRowsAt paths: [ItemPath]) {}
}
