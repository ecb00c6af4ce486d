/// Where the rows before a validated batch end up after it, with UIKit's semantics: deletes and
/// the sources of moves leave, inserts and move targets take their slots, and every other row
/// (reloaded ones included) fills the remaining slots of its section's new position in order.
///
/// Built on the validator's per-row flags, so mapping the few rows a table shows costs one
/// linear sweep over the flag bytes of their sections, however many operations the batch has.
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
  private let update: BatchUpdate

  /// Maps rows through `validator`'s batch; `validator` must have passed ``BatchValidator/run()``.
  package init(_ validator: BatchValidator, _ update: BatchUpdate) {
    self.validator = validator
    self.update = update
  }

  /// The fate of every row in `paths` (paths before the batch).
  package func fates(of paths: [ItemPath]) -> [ItemPath: Fate] {
    var result: [ItemPath: Fate] = [:]
    guard let rows = validator.rows else { return result }
    var bySection: [Int: [Int]] = [:]
    for path in paths { bySection[path.section, default: []].append(path.item) }
    for (section, items) in bySection {
      let target = section < validator.sectionMap.count ? validator.sectionMap[section] : -1
      guard target >= 0, !validator.sectionIsReplaced(section) else {
        for item in items { result[ItemPath(item: item, section: section)] = .gone }
        continue
      }
      // Sweep the old rows: how many rows before each queried one leave the section.
      let old = rows.oldRows(inSection: section)
      var staying: [(path: ItemPath, rank: Int, reloaded: Bool)] = []
      var removed = 0
      var offset = 0
      for item in items.sorted() where item >= 0 && item < old.count {
        while offset < item {
          if old[old.startIndex + offset] & (Mark.deleted | Mark.moveSource) != 0 { removed += 1 }
          offset += 1
        }
        let path = ItemPath(item: item, section: section)
        let flags = old[old.startIndex + item]
        if flags & Mark.deleted != 0 {
          result[path] = .gone
        } else if flags & Mark.moveSource != 0 {
          let move = update.itemMoves.first { $0.source == path }
          result[path] = move.map { .moved($0.target) } ?? .gone
        } else {
          staying.append((path, item - removed, flags & Mark.reloaded != 0))
        }
      }
      // Sweep the new rows: the rank-th slot no insert or move took.
      let new = rows.newRows(inSection: target)
      var free = 0
      var slot = 0
      for entry in staying {
        while slot < new.count {
          if new[new.startIndex + slot] & (Mark.inserted | Mark.moveTarget) == 0 {
            if free == entry.rank { break }
            free += 1
          }
          slot += 1
        }
        let destination = ItemPath(item: slot, section: target)
        result[entry.path] = entry.reloaded ? .reloaded(destination) : .stays(destination)
      }
    }
    return result
  }
}
