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
  /// - Throws: the first ``DataSourceError`` of `work` or of what closures asked for during it.
  func perform(_ work: PendingWork) throws(DataSourceError) {
    guard !isPerforming else {
      if case .apply = work {
        pendingWork = work
      } else if pendingWork == nil {
        pendingWork = work
      }
      return
    }
    pendingWork = work
    try performPending()
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
      do {
        switch work {
        case .apply(let target, let changes, let animated, let keepingPosition, let diff):
          let anchor = keepingPosition ? captureAnchor() : []
          defer { restore(anchor, in: target) }
          try show(target, changes: changes, animated: animated, diff: diff)
        case .reload:
          binding?.reloadData()
        }
      } catch {
        failure = failure ?? error
      }
      isPerforming = false
    }
    if let failure { throw failure }
  }
}
