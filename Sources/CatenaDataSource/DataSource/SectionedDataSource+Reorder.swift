package import CatenaDiff

extension SectionedDataSource {
  /// Where the row dragged from `source` may go when the user holds it over `proposed` (a
  /// bound outline's rule; anywhere otherwise). The first call makes the reorder live: applies
  /// and reloads wait until the drop ends.
  package func targetForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
    guard !isInvalidated else { return source }
    isReordering = true
    return rowMoveTarget?(source, proposed) ?? proposed
  }

  /// The user dropped the row, or let it go where it was: what was applied meanwhile shows
  /// now, diffed against the order the drop made. An error it meets reaches no caller (a
  /// rejected stage reloads, so the table shows the snapshot anyway).
  package func endReorder() {
    guard isReordering else { return }
    isReordering = false
    guard pendingWork != nil, !isInvalidated else { return }
    guard !isPerforming, layoutCallbackDepth == 0 else {
      if !isPerforming { schedulePendingWork() }
      return
    }
    try? performPending()
  }

  /// The snapshot that shows once the applies kept for later run: the latest one asked for,
  /// or the one shown.
  @usableFromInline package var latestSnapshot: Snapshot<SectionID, Item>? {
    if case .apply(let target, _, _, _, _) = pendingWork { return target }
    return snapshot
  }
}
