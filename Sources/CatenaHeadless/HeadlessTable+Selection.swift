import CatenaDataSource
public import CatenaDiff

extension HeadlessTable {
  /// The paths of the selected rows, in order.
  var indexPathsForSelectedRows: [ItemPath] { selection.sorted() }

  /// Selects the row at `path` in code, as `selectRow(at:animated:scrollPosition:)` does: the
  /// data source is not told. Without multiple selection, the previous selection is cleared.
  /// Nil clears the selection.
  public func selectRow(at path: ItemPath?, animated: Bool = false) {
    guard let path else {
      for selected in selection.sorted() { deselectRow(at: selected, animated: animated) }
      return
    }
    guard exists(path) else { return }
    if !allowsMultipleSelection {
      for selected in selection.sorted() where selected != path {
        deselectRow(at: selected, animated: animated)
      }
    }
    if selection.insert(path).inserted { record(.select(path: path)) }
    visibleCells[path]?.isSelected = true
  }

  /// Deselects the row at `path` in code; the data source is not told.
  public func deselectRow(at path: ItemPath, animated: Bool = false) {
    guard selection.remove(path) != nil else { return }
    record(.deselect(path: path))
    visibleCells[path]?.isSelected = false
  }

  /// Simulates a user's tap on the row at `path`: highlight on and off, then selection (or, for
  /// a selected row with multiple selection, deselection), with the data source told.
  public func tapRow(at path: ItemPath) {
    guard exists(path) else { return }
    highlighted = path
    record(.highlight(path: path, on: true))
    visibleCells[path]?.isHighlighted = true
    highlighted = nil
    record(.highlight(path: path, on: false))
    visibleCells[path]?.isHighlighted = false
    if allowsMultipleSelection && selection.contains(path) {
      deselectRow(at: path)
      dataSource?.table(self, didDeselectRowAt: path)
      return
    }
    if !allowsMultipleSelection {
      for selected in selection.sorted() where selected != path {
        deselectRow(at: selected)
        dataSource?.table(self, didDeselectRowAt: selected)
      }
    }
    if selection.insert(path).inserted { record(.select(path: path)) }
    visibleCells[path]?.isSelected = true
    dataSource?.table(self, didSelectRowAt: path)
  }

  /// Simulates a user's swipe-to-delete on the row at `path`: the data source, if it allows
  /// deleting the row and gives no trailing swipe actions of its own (which replace Delete,
  /// as in UIKit), deletes it from its model and from the table.
  ///
  /// - Throws: whatever the data source's commit throws (such as an invalid batch update).
  public func swipeToDeleteRow(at path: ItemPath) throws {
    guard exists(path), let dataSource, dataSource.table(self, canDeleteRowAt: path),
      dataSource.table(self, swipeActions: .trailing, forRowAt: path) == nil
    else { return }
    record(.commitDelete(path: path))
    try dataSource.table(self, commitDeleteAt: path)
  }

  func exists(_ path: ItemPath) -> Bool {
    rowCounts.indices.contains(path.section) && path.item >= 0
      && path.item < rowCounts[path.section]
  }
}
