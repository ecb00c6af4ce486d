#if canImport(UIKit) && !os(watchOS)
  import CatenaDiff

  extension BatchUpdate {
    /// Whether batches are checked: debug builds only. (A constant rather than an `#if`
    /// around the check, so that both configurations compile every line.)
    static var isChecked: Bool {
      #if DEBUG
        true
      #else
        false
      #endif
    }

    /// Commits the model with `commit` and, in debug builds, checks the batch against the
    /// counts `counts` reports before and after; a violation stops with UIKit's message before
    /// UIKit sees the batch. Release builds trust the batch (CatenaDiff's are valid by
    /// construction).
    @MainActor
    func commitChecked(counts: () -> [Int], commit: () -> Void) -> [BatchUpdateWarning] {
      guard Self.isChecked else {
        commit()
        return []
      }
      let before = counts()
      commit()
      do {
        return try validate(rowCountsBefore: before, rowCountsAfter: counts())
      } catch {
        assertionFailure(error.description)
        return []
      }
    }
  }
#endif
