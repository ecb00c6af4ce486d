/// Where the rows before a validated batch end up after it, with UIKit's semantics: deletes and
/// the sources of moves leave, inserts and move targets take their slots, and every other row
/// (reloaded ones included) fills the remaining slots of its section's new position in order.
package struct RowMapping {
  /// What happens to one row.
  package enum Fate: Equatable {
    /// Deleted, or its section deleted.
    case gone
    /// Reloaded (delete + insert): a new cell at this path.
    case reloaded(ItemPath)
    /// Moved to this path, keeping its cell.
    case moved(ItemPath)
    /// Kept its cell, at this path.
    case stays(ItemPath)
  }

  private let validator: BatchValidator
  private let deletes: Set<ItemPath>
  private let reloads: Set<ItemPath>
  private let moves: [ItemPath: ItemPath]
  private let removed: [Int: [Int]]
  private let taken: [Int: [Int]]

  /// Maps rows through `validator`'s batch; `validator` must have passed ``BatchValidator/run()``.
  package init(_ validator: BatchValidator, _ update: BatchUpdate) {
    self.validator = validator
    deletes = Set(update.itemDeletes)
    reloads = Set(update.itemReloads)
    var moves: [ItemPath: ItemPath] = [:]
    var removed: [Int: [Int]] = [:]
    var taken: [Int: [Int]] = [:]
    for move in update.itemMoves {
      moves[move.source] = move.target
    }
    for (source, target) in moves {
      removed[source.section, default: []].append(source.item)
      taken[target.section, default: []].append(target.item)
    }
    for path in update.itemDeletes where !validator.sectionIsReplaced(path.section) {
      removed[path.section, default: []].append(path.item)
    }
    for path in Set(update.itemInserts) where !validator.sectionIsFresh(path.section) {
      taken[path.section, default: []].append(path.item)
    }
    self.moves = moves
    self.removed = removed.mapValues { $0.sorted() }
    self.taken = taken.mapValues { $0.sorted() }
  }

  /// The fate of the row at `old`.
  package func fate(of old: ItemPath) -> Fate {
    guard old.section < validator.sectionMap.count else { return .gone }
    let section = validator.sectionMap[old.section]
    if section < 0 || validator.sectionIsReplaced(old.section) || deletes.contains(old) {
      return .gone
    }
    if let target = moves[old] { return .moved(target) }
    var item = old.item - lowerBound(of: old.item, in: removed[old.section] ?? [])
    for slot in taken[section] ?? [] {
      guard slot <= item else { break }
      item += 1
    }
    let path = ItemPath(item: item, section: section)
    return reloads.contains(old) ? .reloaded(path) : .stays(path)
  }
}
