#if os(Linux)
  import CatenaPaging
  import Testing

  /// Lets the main actor run until `pager` has no load running or waiting for the next turn,
  /// at most `limit` turns (no clock); records an issue when it is still loading then.
  @MainActor
  func settle<Item>(
    _ pager: Pager<Item>, limit: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for _ in 0..<limit {
      guard pager.loadStates.isLoading || pager.hasScheduledLoads else { return }
      await Task.yield()
    }
    Issue.record(
      "the pager still loads after \(limit) turns: \(pager.loadStates)",
      sourceLocation: sourceLocation)
  }
#endif
