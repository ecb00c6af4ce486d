package import CatenaDataSource
package import CatenaDiff

extension HeadlessTable {
  /// Performs the row and section operations that `updates` records as one animated batch,
  /// like `UITableView.performBatchUpdates(_:completion:)`.
  ///
  /// The table reads the row counts from its data source when the batch opens and again when it
  /// closes, so the data source must change its model exactly once, *inside* `updates` (the
  /// data source's `performUpdates(_:commit:)` does so, with the rows to insert, delete and
  /// move). The batch is then validated against UIKit's rules before anything moves on screen.
  ///
  /// - Throws: `DataSourceError` of kind `DataSourceError/Kind/invalidBatchUpdate` with
  ///   UIKit's message where UIKit would crash; the table then keeps showing the old rows until
  ///   ``reloadData()``. Errors thrown by `updates` propagate after the batch is abandoned.
  /// - Returns: warnings about operations UIKit drops silently.
  @discardableResult
  func performBatchUpdates(
    _ updates: () throws(DataSourceError) -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning] {
    try performBatchUpdates(countsBefore: nil, updates)
  }

  /// A batch whose counts before are `countsBefore`, or read from the data source when nil.
  @discardableResult
  func performBatchUpdates(
    countsBefore: [Int]?, _ updates: () throws(DataSourceError) -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning] {
    if batchDepth == 0 {
      if drag != nil {
        // UIKit moves the held row itself; a batch landing on it mid-drag corrupts the list.
        record(.rejectedBatch("performBatchUpdates during a live reorder"))
        throw DataSourceError(kind: .invalidBatchUpdate, id: "live reorder")
      }
      pendingBatch = BatchUpdate()
      countsAtOpen = countsBefore ?? readCounts()
      reloadedDuringBatch = false
    }
    batchDepth += 1
    do {
      try updates()
    } catch {
      batchDepth -= 1
      if batchDepth == 0 { pendingBatch = BatchUpdate() }
      throw error
    }
    batchDepth -= 1
    guard batchDepth == 0 else { return [] }
    let batch = pendingBatch
    pendingBatch = BatchUpdate()
    if reloadedDuringBatch {
      record(.rejectedBatch("reloadData() inside performBatchUpdates"))
      throw DataSourceError(kind: .reloadDuringBatch, id: "")
    }
    var validator = BatchValidator(update: batch, before: countsAtOpen, after: readCounts())
    do {
      try validator.run()
    } catch {
      record(.rejectedBatch(error.message))
      throw DataSourceError(kind: .invalidBatchUpdate, id: "", batchError: error)
    }
    commit(batch, validator: validator)
    return validator.warnings
  }

  /// Performs `batch` as one batch update (the operations a `StagedChangeset` stage holds),
  /// calling `commit` first, inside the batch, to change the model.
  @discardableResult
  package func performBatchUpdates(
    _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning] {
    try performBatchUpdates { () throws(DataSourceError) in
      commit()
      self.pendingBatch.merge(batch)
    }
  }

  /// Inserts rows at paths after the update.
  func insertRows(at paths: [ItemPath]) throws(DataSourceError) {
    try recordOperation { $0.itemInserts += paths }
  }

  /// Deletes rows at paths before the update.
  func deleteRows(at paths: [ItemPath]) throws(DataSourceError) {
    try recordOperation { $0.itemDeletes += paths }
  }

  /// Reloads rows (delete and insert again, with new cells) at paths before the update.
  func reloadRows(at paths: [ItemPath]) throws(DataSourceError) {
    try recordOperation { $0.itemReloads += paths }
  }

  /// Reconfigures the cells of rows at paths before the update, keeping the same cells.
  func reconfigureRows(at paths: [ItemPath]) throws(DataSourceError) {
    try recordOperation { $0.itemReconfigures += paths }
  }

  /// Moves a row from a path before the update to a path after it.
  func moveRow(at source: ItemPath, to destination: ItemPath) throws(DataSourceError) {
    try recordOperation { $0.itemMoves.append(ItemMove(from: source, to: destination)) }
  }

  /// Inserts sections at indexes after the update.
  func insertSections(_ sections: [Int]) throws(DataSourceError) {
    try recordOperation { $0.sectionInserts += sections }
  }

  /// Deletes sections at indexes before the update.
  func deleteSections(_ sections: [Int]) throws(DataSourceError) {
    try recordOperation { $0.sectionDeletes += sections }
  }

  /// Reloads sections at indexes before the update.
  func reloadSections(_ sections: [Int]) throws(DataSourceError) {
    try recordOperation { $0.sectionReloads += sections }
  }

  /// Moves a section from an index before the update to an index after it.
  func moveSection(_ section: Int, toSection newSection: Int) throws(DataSourceError) {
    try recordOperation { $0.sectionMoves.append(SectionMove(from: section, to: newSection)) }
  }

  /// Refreshes the header and footer of sections at indexes before the update.
  func reconfigureSections(_ sections: [Int]) throws(DataSourceError) {
    try recordOperation { $0.sectionUpdates += sections }
  }

  /// Adds an operation to the open batch, or performs it as a batch of its own, as UIKit does
  /// for a lone `insertRows` outside `performBatchUpdates`: then the counts before are the ones
  /// the table last knew, so the usual "change the model, then call `deleteRows`" works.
  func recordOperation(_ add: (inout BatchUpdate) -> Void) throws(DataSourceError) {
    if batchDepth > 0 {
      add(&pendingBatch)
    } else {
      try performBatchUpdates(countsBefore: rowCounts) { () throws(DataSourceError) in
        add(&self.pendingBatch)
      }
    }
  }

  /// Applies a validated batch to what is on screen: cells of deleted and reloaded rows go back
  /// to the pool, moved and staying rows keep their cells at their new paths, reconfigured
  /// rows are configured again in the same cell, and newly visible rows are configured.
  func commit(_ batch: BatchUpdate, validator: BatchValidator) {
    // Only rows on screen or selected need a new path; reconfigures of rows off screen have
    // nothing to refresh.
    let mapping = RowMapping(validator, batch).fates(
      of: Array(visibleCells.keys) + Array(selection.filter { visibleCells[$0] == nil })
        + Array(prefetchWindow.pending))
    prefetchWindow.follow(mapping)
    var moved: [ItemPath: any HeadlessCell] = [:]
    // Cells of deleted and reloaded rows animate out: they return to the pool only after the
    // batch, so a reloaded row gets a different cell, as on a device.
    var departing: [any HeadlessCell] = []
    for (path, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      switch mapping[path] ?? .gone {
      case .moved(let target), .stays(let target): moved[target] = cell
      case .gone, .reloaded:
        record(.endDisplay(path: path))
        departing.append(cell)
      }
    }
    defer {
      for cell in departing { reusePool[cell.reuseIdentifier, default: []].append(cell) }
    }
    visibleCells = moved
    selection = Set(
      selection.compactMap { path in
        switch mapping[path] ?? .gone {
        case .moved(let target), .stays(let target): target
        case .gone, .reloaded: nil
        }
      })
    highlighted = nil
    rowCounts = validator.after
    record(.batch(batch))
    followSectionViews(batch, sectionMap: validator.sectionMap)
    refreshTitles()
    // Reconfigure in place: the data source gets the same cell back from `dequeue`.
    for path in batch.itemReconfigures {
      guard case .stays(let target) = mapping[path] ?? .gone, let cell = visibleCells[target],
        let dataSource
      else { continue }
      reconfiguring = (target, cell)
      defer { reconfiguring = nil }
      do {
        let configured = try dataSource.table(self, cellForRowAt: target)
        record(.configure(path: target))
        if configured !== cell, layoutError == nil {
          // UIKit requires the row's own cell back; the row keeps it.
          layoutError = DataSourceError(
            kind: .reconfigureWithOtherCell, id: configured.reuseIdentifier, incoming: target)
        }
        cell.isSelected = selection.contains(target)
      } catch {
        if layoutError == nil { layoutError = error }
      }
    }
    layOut()
  }
}

extension BatchUpdate {
  /// Adds every operation of `other`.
  mutating func merge(_ other: BatchUpdate) {
    sectionDeletes += other.sectionDeletes
    sectionInserts += other.sectionInserts
    sectionReloads += other.sectionReloads
    sectionMoves += other.sectionMoves
    sectionUpdates += other.sectionUpdates
    itemDeletes += other.itemDeletes
    itemInserts += other.itemInserts
    itemReloads += other.itemReloads
    itemMoves += other.itemMoves
    itemReconfigures += other.itemReconfigures
  }
}
