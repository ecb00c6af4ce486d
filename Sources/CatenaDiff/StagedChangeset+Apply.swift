extension StagedChangeset {
  /// Applies every stage, in order, to `source`, the way a table performs them; the result equals
  /// the diff's target.
  ///
  /// ```swift
  /// let changes = try StagedChangeset(source: old, target: new)
  /// let applied = try changes.apply(to: old)  // == new
  /// ```
  ///
  /// Each stage is validated first (``BatchUpdate/validate(rowCountsBefore:rowCountsAfter:)``),
  /// against the data before it and the stage's ``Changeset/data``. Rows that stay take their
  /// value from the data before the stage; inserted, reloaded and reconfigured rows take theirs
  /// from the stage's data.
  ///
  /// - Throws: ``BatchUpdateError`` when a stage breaks a batch-update rule for this data.
  /// - Complexity: O(*n* + *o*) per stage for *n* rows and *o* operations.
  public func apply<Element: Identifiable & Equatable>(
    to source: [Element]
  ) throws(BatchUpdateError) -> [Element] where Data == [Element] {
    var current = source
    for stage in stages { current = try stage.apply(to: current) }
    return current
  }

  /// Applies every stage, in order, to sectioned `source`; the result equals the diff's target.
  ///
  /// - Throws: ``BatchUpdateError`` when a stage breaks a batch-update rule for this data.
  /// - Complexity: O(*n* + *o*) per stage for *n* rows and *o* operations.
  public func apply<Model, Item>(
    to source: [DiffSection<Model, Item>]
  ) throws(BatchUpdateError) -> [DiffSection<Model, Item>]
  where Data == [DiffSection<Model, Item>] {
    var current = source
    for stage in stages { current = try stage.apply(to: current) }
    return current
  }
}

extension Changeset {
  /// Applies this stage's batch to flat `source` (section 0).
  ///
  /// - Throws: ``BatchUpdateError`` when the batch breaks a rule for this data.
  public func apply<Element: Identifiable & Equatable>(
    to source: [Element]
  ) throws(BatchUpdateError) -> [Element] where Data == [Element] {
    let wrap = { (items: [Element]) in [DiffSection(model: FlatSection(), items: items)] }
    let result = try applyBatch(batch, to: wrap(source), data: wrap(data))
    return result.first?.items ?? []
  }

  /// Applies this stage's batch to sectioned `source`.
  ///
  /// - Throws: ``BatchUpdateError`` when the batch breaks a rule for this data.
  public func apply<Model, Item>(
    to source: [DiffSection<Model, Item>]
  ) throws(BatchUpdateError) -> [DiffSection<Model, Item>]
  where Data == [DiffSection<Model, Item>] {
    try applyBatch(batch, to: source, data: data)
  }
}

/// The single section of flat data.
struct FlatSection: Identifiable, Equatable {
  var id: Int { 0 }
}

/// Performs `batch` on `old` with UIKit's semantics; `data` is what the data source reports
/// after the batch and supplies inserted, reloaded and reconfigured values.
func applyBatch<Model, Item>(
  _ batch: BatchUpdate, to old: [DiffSection<Model, Item>], data: [DiffSection<Model, Item>]
) throws(BatchUpdateError) -> [DiffSection<Model, Item>] {
  var validator = BatchValidator(
    update: batch, before: old.map { $0.items.count }, after: data.map { $0.items.count })
  try validator.checkSections()
  try validator.checkItems()
  let deletes = Set(batch.itemDeletes)
  let fresh = Set(batch.itemReloads).union(batch.itemReconfigures)
  let moves = Set(batch.itemMoves)
  let moveSources = Set(moves.map { $0.source })
  let updatedSections = Set(batch.sectionUpdates)
  var result = data
  var movedInto: [Int: [ItemMove]] = [:]
  for move in moves { movedInto[move.target.section, default: []].append(move) }
  var insertedInto: [Int: [Int]] = [:]
  for path in batch.itemInserts { insertedInto[path.section, default: []].append(path.item) }
  for section in old.indices {
    let target = validator.sectionMap[section]
    guard target >= 0, !validator.sectionIsReplaced(section) else { continue }
    var slots = [Item?](repeating: nil, count: data[target].items.count)
    var taken = [Bool](repeating: false, count: slots.count)
    for item in insertedInto[target] ?? [] {
      slots[item] = data[target].items[item]
      taken[item] = true
    }
    for move in movedInto[target] ?? [] {
      slots[move.target.item] = old[move.source.section].items[move.source.item]
      taken[move.target.item] = true
    }
    var slot = 0
    for item in old[section].items.indices {
      let path = ItemPath(item: item, section: section)
      if deletes.contains(path) || moveSources.contains(path) { continue }
      while slot < taken.count && taken[slot] { slot += 1 }
      guard slot < taken.count else { break }
      slots[slot] = fresh.contains(path) ? data[target].items[slot] : old[section].items[item]
      slot += 1
    }
    let items = slots.compactMap { $0 }
    precondition(items.count == slots.count, "the validator passed a batch that leaves a gap")
    result[target] = DiffSection(
      model: updatedSections.contains(section) ? data[target].model : old[section].model,
      items: items)
  }
  return result
}
