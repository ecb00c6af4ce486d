package import CatenaDiff

/// How often a data source looks whether the table still holds a row while work waits.
let reorderRecheckInterval = Duration.milliseconds(100)

extension SectionedDataSource {
  /// Where the row dragged from `source` may go when the user holds it over `proposed` (a
  /// bound outline's rule; within its section for a bound section; anywhere otherwise). A reorder is live from the lift, as the table
  /// says (``TableDriving/isHoldingRows(settling:)``); this question makes it live too, for a
  /// table that cannot tell.
  package func targetForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
    guard !isInvalidated else { return source }
    isReordering = true
    startReorderRecheck()
    let rolesThere = roles(at: source)
    // A row of a bound section (a pager's, an outline's) stays in it, and no other row goes
    // into one: the binding's next rows would take it back, or drop it.
    if source.section != proposed.section, rolesThere != nil || roles(at: proposed) != nil {
      return source
    }
    return rolesThere?.moveTarget?(source, proposed) ?? proposed
  }

  /// Whether a reorder is live: the table holds a row (lifted, dragged, or a drop it still
  /// animates), or it asked where a held row may go since the reorder was last seen over.
  var isReorderLive: Bool {
    isReordering || (binding?.isHoldingRows(false) ?? false)
  }

  /// The table says the reorder may be over (the row dropped, or let go where it was): the
  /// data source looks at once whether the table still holds a row, and when not, what was
  /// applied meanwhile shows now, diffed against the order the drop made. An error it meets
  /// reaches no caller (a rejected stage reloads, so the table shows the snapshot anyway).
  package func endReorder() {
    recheckReorder()
  }

  /// Looks whether the table still holds a row. When it does, work kept for the drop keeps
  /// waiting (the timer looks again); when not, the reorder is over and that work runs.
  func recheckReorder() {
    guard !isInvalidated else {
      stopReorderRecheck()
      return
    }
    if binding?.isHoldingRows(true) == true {
      startReorderRecheck()
      return
    }
    isReordering = false
    stopReorderRecheck()
    runKeptWork()
  }

  /// Runs the work kept for the drop now, or on the next turn from inside a layout callback
  /// (or after the work being performed).
  func runKeptWork() {
    guard pendingWork != nil, !isInvalidated else { return }
    guard !isPerforming, layoutCallbackDepth == 0 else {
      if !isPerforming { schedulePendingWork() }
      return
    }
    try? performPending()
  }

  /// Looks again every ``reorderRecheckInterval`` on ``reorderClock`` while a reorder is
  /// live: a reorder UIKit ends without telling the data source (a cancelled gesture, a drag
  /// dropped elsewhere, editing ending) never freezes the list for longer. A sleeping timer,
  /// never a loop of yields; it stops once the table holds no row.
  func startReorderRecheck() {
    guard reorderRecheck == nil, !isInvalidated else { return }
    let tick = reorderTick(reorderClock)
    reorderRecheck = Task { @MainActor [weak self] in
      while true {
        do { try await tick() } catch { return }
        guard let self, !Task.isCancelled else { return }
        self.reorderRecheckCount += 1
        let holding = self.binding?.isHoldingRows(true) ?? false
        if holding, !self.isInvalidated { continue }
        self.reorderRecheck = nil
        guard !holding else { return }
        self.isReordering = false
        self.runKeptWork()
        return
      }
    }
  }

  /// Stops the timer.
  func stopReorderRecheck() {
    reorderRecheck?.cancel()
    reorderRecheck = nil
  }

  /// The snapshot that shows once the applies kept for later run: the latest one asked for,
  /// or the one shown.
  @usableFromInline package var latestSnapshot: Snapshot<SectionID, Item>? {
    if case .apply(let target, _, _, _, _) = pendingWork { return target }
    return snapshot
  }
}

/// One sleep of the re-check interval on `clock`.
private func reorderTick<C: Clock<Duration>>(_ clock: C) -> @Sendable () async throws -> Void {
  { try await clock.sleep(for: reorderRecheckInterval) }
}
