public import CatenaDiff

extension Snapshot {
  /// The staged changes that turn this snapshot into `target`.
  ///
  /// ```swift
  /// let changes = try shown.changes(to: next)
  /// for stage in changes { /* one performBatchUpdates per stage */ }
  /// ```
  ///
  /// - Throws: never for snapshots built through their API (ids are unique by construction);
  ///   `DiffError` is part of the signature because the diff checks it anyway.
  /// - Complexity: O(*n* + *m*) expected; see `StagedChangeset`.
  @inlinable
  public func changes(
    to target: Snapshot
  ) throws(DiffError) -> StagedChangeset<[DiffSection<SnapshotSection<SectionID>, Item>]> {
    try StagedChangeset(source: sections, target: target.sections)
  }
}
