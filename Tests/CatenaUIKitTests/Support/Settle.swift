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

#if os(Linux)
  import CatenaTesting

  @testable import CatenaDataSource

  /// Moves `clock` (the data source's `reorderClock`) on one re-check at a time until the data
  /// source sees the reorder over (at most `limit` re-checks): how a test waits for a drop to
  /// settle or a cancelled reorder to be noticed.
  @MainActor
  func tickUntilReorderEnds<SectionID, Item>(
    _ dataSource: SectionedDataSource<SectionID, Item>, _ clock: ManualClock, limit: Int = 20
  ) async throws {
    for _ in 0..<limit {
      await Task.yield()
      guard dataSource.reorderRecheck != nil || dataSource.isReordering else { return }
      try await turns("the re-check timer to sleep") {
        clock.sleeperCount > 0 || dataSource.reorderRecheck == nil
      }
      let looked = dataSource.reorderRecheckCount
      clock.advance(by: .milliseconds(100))
      try await turns("the re-check timer to look") {
        dataSource.reorderRecheckCount > looked || dataSource.reorderRecheck == nil
      }
    }
    Issue.record("the reorder is still live after \(limit) re-checks")
  }
#endif
