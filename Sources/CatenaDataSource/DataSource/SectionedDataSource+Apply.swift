import CatenaDiff

extension SectionedDataSource {
  /// Shows `snapshot`: diffs it against the shown one and performs one batch update per stage,
  /// committing the model inside each batch, so the table animates inserts, deletes, moves
  /// and reconfigures. With `animated: false` the same batches run without animation, so cells
  /// that stay keep their state (a text field keeps the keyboard). The first snapshot and a
  /// table that is not in a window reload instead (keeping the selection by item id).
  ///
  /// ```swift
  /// var snapshot = Snapshot<String, Article>()
  /// try snapshot.appendSection("news")
  /// try snapshot.appendItems(articles)
  /// try dataSource.apply(snapshot)
  /// ```
  ///
  /// Called from a closure the table calls while an apply, reload or batch update is being
  /// performed (a `configureCell` that applies), it returns at once and the snapshot is applied
  /// right after that one finishes, the latest such call winning; the two never interleave.
  ///
  /// - Throws: ``DataSourceError`` if a stage is rejected by the table (the data source then
  ///   reloads, so the table shows `snapshot` all the same), or from an apply asked for during
  ///   this one.
  /// - Complexity: O(*n* + *m*) for the diff, plus the table's work per stage.
  @inlinable
  public func apply(
    _ snapshot: Snapshot<SectionID, Item>, animated: Bool = true
  ) throws(DataSourceError) {
    // The diff closure is written here so that it is specialised in the caller's module for
    // its concrete types; generic code would run several times slower.
    try apply(snapshot, animated: animated) { old, new throws(DiffError) in
      try old.changes(to: new)
    }
  }

  /// ``apply(_:animated:)`` with the diff to use, keeping the first row on screen in place
  /// when `keepingPosition`.
  @usableFromInline
  func apply(
    _ snapshot: Content, animated: Bool, keepingPosition: Bool = false, diff: @escaping Differ
  ) throws(DataSourceError) {
    guard !isInvalidated else { return }
    generation &+= 1
    try perform(
      .apply(
        snapshot, changes: nil, animated: animated, keepingPosition: keepingPosition,
        diff: diff))
  }

  /// Like ``apply(_:animated:)``, but computes the diff off the main actor.
  ///
  /// Calls are serialised with the latest winning: when another apply starts before this one's
  /// diff is ready, this one is dropped and returns false. A diff computed against a snapshot
  /// that is no longer shown is recomputed on the main actor.
  ///
  /// - Returns: whether this snapshot was applied (false when a later call superseded it or
  ///   the data source was invalidated).
  @inlinable
  @discardableResult
  public func applyDiffingInBackground(
    _ snapshot: Snapshot<SectionID, Item>, animated: Bool = true
  ) async throws(DataSourceError) -> Bool
  where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
    try await applyDiffingInBackground(snapshot, animated: animated) {
      old, new throws(DiffError) in try old.changes(to: new)
    }
  }

  /// ``applyDiffingInBackground(_:animated:)`` with the diff to use.
  @usableFromInline
  func applyDiffingInBackground(
    _ snapshot: Content, animated: Bool, diff: @escaping SendableDiffer
  ) async throws(DataSourceError) -> Bool
  where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
    guard !isInvalidated else { return false }
    generation &+= 1
    let mine = generation
    let shownVersion = version
    guard let base = shownSnapshot, binding?.isInWindow() == true else {
      try perform(
        .apply(snapshot, changes: nil, animated: animated, keepingPosition: false, diff: diff))
      return true
    }
    let result = await Task.detached(priority: .userInitiated) {
      Result { () throws(DiffError) in try diff(base, snapshot) }
    }.value
    await backgroundDiffFinished?(mine)
    guard mine == generation, !isInvalidated else { return false }
    try perform(
      .apply(
        snapshot, changes: shownVersion == version ? try? result.get() : nil,
        animated: animated, keepingPosition: false, diff: diff))
    return true
  }

  /// Updates the rows from what is shown to `target` with `changes` (computed here when nil),
  /// animated or inside the table's `performWithoutAnimation`; reloads when nothing was shown
  /// yet or the table is not in a window.
  func show(
    _ target: Content, changes: StagedChangeset<Sections>?, animated: Bool, diff: Differ
  ) throws(DataSourceError) {
    guard let binding, binding.isInWindow(), let current = shownSnapshot else {
      reload(with: target)
      return
    }
    let stages: StagedChangeset<Sections>
    if let changes {
      stages = changes
    } else {
      do {
        stages = try diff(current, target)
      } catch {
        reload(with: target)
        throw DataSourceError(kind: .duplicateItemID, id: error.id)
      }
    }
    func performStages() throws(DataSourceError) {
      for stage in stages {
        let batch = reloadingKindChanges(in: stage.batch, from: current, to: stage.data)
        _ = try binding.perform(batch, stage.data.map { $0.items.count }) {
          self.displayed = stage.data
        }
      }
    }
    var failure: DataSourceError?
    if animated {
      do { try performStages() } catch { failure = error }
    } else {
      binding.withoutAnimation {
        do throws(DataSourceError) { try performStages() } catch { failure = error }
      }
    }
    if let failure {
      reload(with: target)
      throw failure
    }
    snapshot = target
    displayed = target.sections
    version &+= 1
    try refreshChangedTitles(of: target)
  }

  /// Refreshes the header and footer of each section of `target` (shown now) whose title, as
  /// the chain gives it, changed since it was last shown: the rows stay.
  func refreshChangedTitles(of target: Content) throws(DataSourceError) {
    let titles = titles(of: target)
    defer { shownTitles = titles }
    guard let binding, !titles.isEmpty else { return }
    let changed = target.sections.indices.filter { index in
      let id = target.sections[index].model.id
      guard let before = shownTitles[id] else { return false }
      return before != titles[id]
    }
    guard !changed.isEmpty else { return }
    _ = try binding.perform(
      BatchUpdate(sectionUpdates: changed), target.sections.map { $0.items.count }
    ) {}
  }

  /// `batch` with every reconfigured row whose item now needs another cell kind reloaded
  /// instead: UIKit hands the existing cell back for a reconfigure and stops the app when the
  /// data source dequeues a cell with another reuse identifier for it.
  ///
  /// The kind before is the kind of the item with the same id in `old`, the snapshot shown
  /// before the whole apply: earlier stages of the same apply have already committed the
  /// target's items, so the rows shown at the reconfigure stage would compare equal.
  func reloadingKindChanges(
    in batch: BatchUpdate, from old: Content, to new: Sections
  ) -> BatchUpdate {
    guard !batch.itemReconfigures.isEmpty, cellKinds.contains(where: { $0.accepts != nil })
    else { return batch }
    var result = batch
    result.itemReconfigures = []
    for path in batch.itemReconfigures {
      let item =
        new.indices.contains(path.section) && new[path.section].items.indices.contains(path.item)
        ? new[path.section].items[path.item] : nil
      let before = item.flatMap { old.item(withID: $0.id) }.flatMap(kindIdentifier(for:))
      if let item, before != nil, before == kindIdentifier(for: item) {
        result.itemReconfigures.append(path)
      } else {
        result.itemReloads.append(path)
      }
    }
    return result
  }

  /// Shows `target` with a reload, then selects again the items that were selected.
  func reload(with target: Snapshot<SectionID, Item>) {
    let selectedIDs = binding?.selected().compactMap { item(at: $0)?.id } ?? []
    snapshot = target
    displayed = target.sections
    version &+= 1
    shownTitles = titles(of: target)
    binding?.reloadData()
    for id in selectedIDs {
      if let path = target.path(of: id) { binding?.select(path) }
    }
  }

  /// Re-reads everything from the count closures (or the snapshot) with a reload, the
  /// selected rows selected again; called while an apply, reload or batch update is being
  /// performed, right after it, and while the user holds a row, once the view gives it back.
  public func reload() {
    guard !isInvalidated else { return }
    try? perform(.reload)
  }
}

extension SectionedDataSource {
  /// ``apply(_:animated:)``, keeping the first row on screen where it was: rows inserted or
  /// removed above it do not move it (a list that loads older items above, a chat). When that
  /// row is gone, the next row on screen that stays is kept in place instead; when none stays,
  /// the table stays where it is scrolled.
  ///
  /// ```swift
  /// try dataSource.applyKeepingPosition(olderMessagesAbove)
  /// ```
  ///
  /// When the apply is kept to run after the one being performed (asked for from a closure
  /// the table calls), the position is taken and restored around that run.
  ///
  /// - Throws: what ``apply(_:animated:)`` throws.
  @inlinable
  public func applyKeepingPosition(
    _ snapshot: Snapshot<SectionID, Item>, animated: Bool = true
  ) throws(DataSourceError) {
    try apply(snapshot, animated: animated, keepingPosition: true) {
      old, new throws(DiffError) in try old.changes(to: new)
    }
  }

  /// The rows on screen, by their items' ids, each with how far the viewport is below it.
  func captureAnchor() -> [(id: Item.ID, offset: Double)] {
    (binding?.anchors() ?? []).compactMap { anchor in
      item(at: anchor.path).map { ($0.id, anchor.offset) }
    }
  }

  /// Whether the first of `anchors` that `target` still has sits at another path there: rows
  /// above it come, go or move.
  func movesRows(above anchors: [(id: Item.ID, offset: Double)], to target: Content) -> Bool {
    for anchor in anchors {
      guard let after = target.path(of: anchor.id) else { continue }
      return shownSnapshot?.path(of: anchor.id) != after
    }
    return false
  }

  /// Scrolls the first of `anchors` that `snapshot` still has back to where it was (a row
  /// that went, like a separator merged away, hands over to the next one on screen).
  func restore(_ anchors: [(id: Item.ID, offset: Double)], in snapshot: Content) {
    for anchor in anchors {
      guard let path = snapshot.path(of: anchor.id) else { continue }
      binding?.restore(TableAnchor(path: path, offset: anchor.offset))
      return
    }
  }
}
