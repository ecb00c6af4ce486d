import CatenaDiff

/// How many applies or reloads may follow one another, each asked for by a closure during the
/// one before, before the chain is cut with an error (a closure that always applies).
let reentranceLimit = 64

extension SectionedDataSource {
  /// An apply or a reload, run now or after the one being performed.
  enum PendingWork {
    case apply(
      Content, changes: StagedChangeset<Sections>?, animated: Bool, keepingPosition: Bool,
      diff: Differ)
    case reload
  }

  /// Runs `work` now; called from a closure the table calls while an apply, reload or batch
  /// update is being performed, keeps it to run right after that one instead (an apply
  /// replaces anything kept before it; a reload never replaces a kept apply, which shows
  /// everything anew anyway).
  ///
  /// Asked for from a row callback of the table's layout pass (``willDisplay(_:)``,
  /// ``prefetch(_:)``), where UIKit allows no batch update, reload or read of the visible rows,
  /// it is kept the same way and runs on the next main-actor turn; an error it meets then
  /// reaches no caller (a rejected stage reloads, so the table shows the snapshot anyway).
  ///
  /// - Throws: the first ``DataSourceError`` of `work` or of what closures asked for during it.
  ///
  /// Asked for while the user holds a row to reorder it (the table says so, or asked where it
  /// may go), it is kept the same way and runs once the table gives the row back
  /// (``endReorder()``, or the timer that looks again every 100 ms): UIKit allows no update
  /// of a list in a live reorder.
  func perform(_ work: PendingWork) throws(DataSourceError) {
    let reorderLive = !isPerforming && layoutCallbackDepth == 0 && isReorderLive
    guard !isPerforming, layoutCallbackDepth == 0, !reorderLive else {
      if case .apply = work {
        pendingWork = work
      } else if pendingWork == nil {
        pendingWork = work
      }
      if reorderLive {
        startReorderRecheck()
      } else if !isPerforming {
        schedulePendingWork()
      }
      return
    }
    pendingWork = work
    try performPending()
  }

  /// Runs the kept work on the next main-actor turn (once, however often asked).
  func schedulePendingWork() {
    guard !isPendingWorkScheduled else { return }
    isPendingWorkScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      self.isPendingWorkScheduled = false
      guard !self.isPerforming, self.layoutCallbackDepth == 0 else { return }
      guard !self.isReorderLive else {
        self.startReorderRecheck()
        return
      }
      try? self.performPending()
    }
  }

  /// Runs `callback`, a row callback of the table's layout pass: what it asks of the table
  /// waits for the next main-actor turn.
  func duringLayout(_ callback: () -> Void) {
    layoutCallbackDepth += 1
    defer { layoutCallbackDepth -= 1 }
    callback()
  }

  /// Runs `work` — app code a callback UIKit may send during its layout pass asked for (a
  /// display, a prefetch, a cancelled prefetch, a scroll's impressions) — on the next
  /// main-actor turn, after the pass, in the order the callbacks came. The one way such a
  /// callback reaches the app.
  func afterLayout(_ work: @escaping () -> Void) {
    guard !isInvalidated else { return }
    afterLayoutWork.append(work)
    guard afterLayoutTask == nil else { return }
    afterLayoutTask = Task { @MainActor [weak self] in
      guard let self else { return }
      // One at a time: work a closure's own callbacks add runs after what came before.
      while !self.afterLayoutWork.isEmpty, !Task.isCancelled, !self.isInvalidated {
        self.afterLayoutWork.removeFirst()()
      }
      self.afterLayoutWork = []
      self.afterLayoutTask = nil
    }
  }

  /// Waits until the app code layout callbacks asked for has run: what a test awaits after
  /// a scroll or a layout.
  package func afterLayoutDone() async {
    while let task = afterLayoutTask { await task.value }
  }

  /// Runs what was kept, and what closures ask for while it runs, one at a time.
  func performPending() throws(DataSourceError) {
    var failure: DataSourceError?
    var rounds = 0
    while let work = pendingWork {
      pendingWork = nil
      guard !isInvalidated else { break }
      rounds += 1
      guard rounds <= reentranceLimit else {
        failure = failure ?? DataSourceError(kind: .reentrantUpdate, id: "apply")
        break
      }
      isPerforming = true
      do throws(DataSourceError) {
        switch work {
        case .apply(let target, var changes, let animated, let keepingPosition, let diff):
          let adopted = adoptRenames(for: target)
          if !adopted.isEmpty { changes = nil }  // computed against the rows before the renames
          let anchor = keepingPosition ? captureAnchor() : []
          if movesRows(above: anchor, to: target), let binding {
            // Rows come or go above the row being read: animated, the rows on screen would
            // slide while the offset jumps back. Without animation, in one transaction with
            // the offset, the row stays still.
            var stageFailure: DataSourceError?
            binding.withoutAnimation {
              defer { self.restore(anchor, in: target) }
              do throws(DataSourceError) {
                try self.show(target, changes: changes, animated: false, diff: diff)
              } catch { stageFailure = error }
            }
            if let stageFailure { throw stageFailure }
          } else {
            defer { restore(anchor, in: target) }
            try show(target, changes: changes, animated: animated, diff: diff)
          }
          try refresh(adopted, in: target)
        case .reload:
          // A reload clears the view's selection: the same items are selected again, where
          // they are now (rows read from count closures have no ids to follow).
          let selectedIDs = binding?.selected().compactMap { item(at: $0)?.id } ?? []
          binding?.reloadData()
          for id in selectedIDs {
            if let path = snapshot?.path(of: id) { binding?.select(path) }
          }
        }
      } catch {
        failure = failure ?? error
      }
      // Cells whose content did not change still get the behaviours of now.
      didUpdate()
      isPerforming = false
    }
    if let failure { throw failure }
  }
}
