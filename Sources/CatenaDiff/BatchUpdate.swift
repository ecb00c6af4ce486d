/// One batch of table operations, with UIKit's `performBatchUpdates` semantics.
///
/// Index spaces follow UIKit (rule B2): deletes, reloads, reconfigures, section updates and the
/// sources of moves are indexes *before* the batch; inserts and the targets of moves are indexes
/// *after* it. The order of operations inside a batch does not matter.
///
/// A `BatchUpdate` is plain data. ``validate(rowCountsBefore:rowCountsAfter:)`` checks it against
/// UIKit's consistency rules, and a table applies it in one `performBatchUpdates` call.
///
/// ```swift
/// var update = BatchUpdate()
/// update.itemDeletes = [ItemPath(item: 0, section: 0)]
/// update.itemInserts = [ItemPath(item: 2, section: 0)]
/// try update.validate(rowCountsBefore: [3], rowCountsAfter: [3])
/// ```
public struct BatchUpdate: Hashable, Sendable {
  /// Sections to delete, as indexes before the batch.
  public var sectionDeletes: [Int]
  /// Sections to insert, as indexes after the batch.
  public var sectionInserts: [Int]
  /// Sections to reload (delete and insert again), as indexes before the batch.
  public var sectionReloads: [Int]
  /// Sections to move, from an index before the batch to an index after it.
  public var sectionMoves: [SectionMove]
  /// Sections whose own content (header, footer) changed, as indexes before the batch.
  ///
  /// A table refreshes the section's supplementary views in place; rows are untouched.
  public var sectionUpdates: [Int]
  /// Items to delete, as paths before the batch.
  public var itemDeletes: [ItemPath]
  /// Items to insert, as paths after the batch.
  public var itemInserts: [ItemPath]
  /// Items to reload (delete and insert again), as paths before the batch.
  public var itemReloads: [ItemPath]
  /// Items to move, from a path before the batch to a path after it.
  public var itemMoves: [ItemMove]
  /// Items whose content changed, as paths before the batch; a table reconfigures their cells in
  /// place (`reconfigureRows(at:)`), keeping the same cell instance.
  public var itemReconfigures: [ItemPath]

  /// Creates a batch; every operation list defaults to empty.
  public init(
    sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionReloads: [Int] = [],
    sectionMoves: [SectionMove] = [], sectionUpdates: [Int] = [],
    itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [], itemReloads: [ItemPath] = [],
    itemMoves: [ItemMove] = [], itemReconfigures: [ItemPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionReloads = sectionReloads
    self.sectionMoves = sectionMoves
    self.sectionUpdates = sectionUpdates
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemReloads = itemReloads
    self.itemMoves = itemMoves
    self.itemReconfigures = itemReconfigures
  }

  /// Whether the batch holds no operation at all.
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionReloads.isEmpty
      && sectionMoves.isEmpty && sectionUpdates.isEmpty && itemDeletes.isEmpty
      && itemInserts.isEmpty && itemReloads.isEmpty && itemMoves.isEmpty
      && itemReconfigures.isEmpty
  }

  /// The total number of operations in the batch.
  public var operationCount: Int {
    sectionDeletes.count + sectionInserts.count + sectionReloads.count + sectionMoves.count
      + sectionUpdates.count + itemDeletes.count + itemInserts.count + itemReloads.count
      + itemMoves.count + itemReconfigures.count
  }

  /// Whether the batch changes the table's structure (anything but reconfigures and section
  /// updates).
  public var changesStructure: Bool {
    !(sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionReloads.isEmpty
      && sectionMoves.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
      && itemReloads.isEmpty && itemMoves.isEmpty)
  }
}

extension BatchUpdate: CustomStringConvertible {
  /// The operations in UIKit's `Updates = [...]` style, for error messages and logs.
  public var description: String {
    var parts: [String] = []
    parts += sectionDeletes.sorted().map { "Delete section \($0)" }
    parts += sectionInserts.sorted().map { "Insert section \($0)" }
    parts += sectionReloads.sorted().map { "Reload section \($0)" }
    parts += sectionMoves.map { "Move section \($0.source) to \($0.target)" }
    parts += sectionUpdates.sorted().map { "Update section \($0)" }
    parts += itemDeletes.sorted().map { "Delete row (\($0))" }
    parts += itemInserts.sorted().map { "Insert row (\($0))" }
    parts += itemReloads.sorted().map { "Reload row (\($0))" }
    parts += itemMoves.map { "Move row (\($0.source)) to (\($0.target))" }
    parts += itemReconfigures.sorted().map { "Reconfigure row (\($0))" }
    return "[" + parts.joined(separator: ", ") + "]"
  }
}
