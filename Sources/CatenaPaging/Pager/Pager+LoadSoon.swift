extension Pager {
  /// Loads past `end` on the next main-actor turn, once however often it is asked before
  /// then: for what a table asks while it lays out its rows (a row coming on screen, a
  /// prefetch), where UIKit allows no batch update, reload or read of the visible rows, and a
  /// load that starts shows its status row at once.
  @usableFromInline
  package func loadSoon(_ end: LoadDirection, cause: LoadCause) {
    let scheduled = !scheduledLoads.isEmpty
    if scheduledLoads[end] == nil { scheduledLoads[end] = cause }
    guard !scheduled else { return }
    Task { @MainActor [weak self] in
      guard let self else { return }
      let ends = self.scheduledLoads
      self.scheduledLoads = [:]
      for end in LoadDirection.allCases {
        guard let cause = ends[end], self.load(end, cause: cause) == nil else { continue }
        // A load whose page has landed and that waits for its source's last answer holds
        // this one back: it runs when that load ends.
        if self.running[.refresh]?.answered != nil || self.running[end]?.answered != nil {
          self.afterLastAnswer[end] = cause
        }
      }
    }
  }

  /// Whether loads wait for the next main-actor turn (see ``loadSoon(_:cause:)``).
  package var hasScheduledLoads: Bool { !scheduledLoads.isEmpty }
}
