extension BatchValidator {
  /// Item rules: bounds (B4, B5), duplicates (B12), conflicts (B6–B10, B16), absorption (B11)
  /// and the row count of every surviving section (B14).
  mutating func checkItems() throws(BatchUpdateError) {
    var rows = RowFlags(before: before, after: after)
    try markOldSide(&rows)
    try checkRowCounts(unique: false)
    try markNewSide(&rows)
    try checkReloadedItemTargets(rows)
    try checkReconfigures(&rows)
    warnAboutMovedSections()
    self.rows = rows
  }

  /// Bounds before the update and the marks of deletes, reloads and move sources.
  private mutating func markOldSide(_ rows: inout RowFlags) throws(BatchUpdateError) {
    for path in update.itemDeletes {
      try checkOldBounds(path, verb: "delete", preposition: "from")
      if sectionIsReplaced(path.section) {
        warn(.absorbedOperation, "delete of row (\(path)) inside a deleted or reloaded section")
        continue
      }
      guard rows.markOld(path, Mark.deleted) else {
        throw error(.duplicateOperation, "B12", "attempt to delete row (\(path)) more than once")
      }
    }
    for path in update.itemReloads {
      try checkOldBounds(path, verb: "reload", preposition: "from")
      if sectionIsReplaced(path.section) {
        warn(.absorbedOperation, "reload of row (\(path)) inside a deleted or reloaded section")
        continue
      }
      if rows.old(path) & Mark.deleted != 0 {
        throw error(
          .deleteAndReload, "B6", "attempt to delete and reload the same index path (\(path))")
      }
      guard rows.markOld(path, Mark.reloaded) else {
        throw error(.duplicateOperation, "B12", "attempt to reload row (\(path)) more than once")
      }
    }
    for move in update.itemMoves {
      let path = move.source
      guard path.section >= 0 && path.section < before.count else {
        throw error(
          .itemOutOfBounds, "B4",
          "attempt to move index path (\(path)) that does not exist - there are only "
            + "\(before.count) sections before the update")
      }
      guard path.item >= 0 && path.item < before[path.section] else {
        throw error(
          .itemOutOfBounds, "B4",
          "attempt to move index path (\(path)) that does not exist - there are only "
            + "\(before[path.section]) rows in section \(path.section) before the update")
      }
      if rows.old(path) & Mark.moveSource != 0 {
        // Repeated source: find the earlier move (rare, so a scan is fine).
        let earlier = update.itemMoves.first { $0.source == path }?.target ?? move.target
        guard earlier == move.target else {
          throw error(
            .conflictingMoves, "B9",
            "attempt to move row at index path (\(path)) to both (\(earlier)) and "
              + "(\(move.target))")
        }
        continue
      }
      if sectionIsReplaced(path.section) {
        throw error(.moveAcrossChangedSection, "B10", "cannot move an item from a deleted section")
      }
      if rows.old(path) & (Mark.deleted | Mark.reloaded) != 0 {
        throw error(
          .deleteAndMove, "B7",
          "attempt to perform a delete and a move from the same index path (\(path))")
      }
      _ = rows.markOld(path, Mark.moveSource)
    }
  }

  private func checkOldBounds(
    _ path: ItemPath, verb: String, preposition: String
  ) throws(BatchUpdateError) {
    guard path.section >= 0 && path.section < before.count else {
      throw error(
        .itemOutOfBounds, "B4",
        "attempt to \(verb) row \(path.item) \(preposition) section \(path.section), but there "
          + "are only \(before.count) sections before the update")
    }
    guard path.item >= 0 && path.item < before[path.section] else {
      throw error(
        .itemOutOfBounds, "B4",
        "attempt to \(verb) row \(path.item) \(preposition) section \(path.section) which only "
          + "contains \(before[path.section]) rows before the update")
    }
  }

  /// B14: rows after = rows before + inserted − deleted ± moved, for every surviving section.
  ///
  /// Valid batches name no operation twice, so the counts are first taken from the operation
  /// lists as they are; only when they do not add up are they taken again without duplicates,
  /// so that a repeated operation is reported as the duplicate it is.
  private func checkRowCounts(unique: Bool) throws(BatchUpdateError) {
    var deleted = Array(repeating: 0, count: before.count)
    var inserted = Array(repeating: 0, count: after.count)
    var movedOut = Array(repeating: 0, count: before.count)
    var movedIn = Array(repeating: 0, count: after.count)
    let deletes = unique ? Array(Set(update.itemDeletes)) : update.itemDeletes
    let inserts = unique ? Array(Set(update.itemInserts)) : update.itemInserts
    let moves = unique ? Array(Set(update.itemMoves)) : update.itemMoves
    for path in deletes where !sectionIsReplaced(path.section) {
      deleted[path.section] += 1
    }
    for path in inserts {
      guard path.section >= 0 && path.section < after.count else {
        throw error(
          .itemOutOfBounds, "B5",
          "attempt to insert row \(path.item) into section \(path.section), but there are only "
            + "\(after.count) sections after the update")
      }
      if !sectionIsFresh(path.section) { inserted[path.section] += 1 }
    }
    for move in moves {
      let target = move.target
      guard target.section >= 0 && target.section < after.count else {
        throw error(
          .itemOutOfBounds, "B5",
          "attempt to move index path (\(move.source)) to index path (\(target)), but there are "
            + "only \(after.count) sections after the update")
      }
      if sectionIsFresh(target.section) {
        throw error(
          .moveAcrossChangedSection, "B10", "cannot move an item into a newly inserted section")
      }
      if sectionMap[move.source.section] != target.section {
        movedOut[move.source.section] += 1
        movedIn[target.section] += 1
      }
    }
    for section in 0..<before.count {
      let new = sectionMap[section]
      guard new >= 0, !sectionIsReplaced(section) else { continue }
      let expected =
        before[section] + inserted[new] - deleted[section] + movedIn[new] - movedOut[section]
      if !unique && after[new] != expected {
        try checkRowCounts(unique: true)
        return
      }
      if expected < 0 {
        throw error(
          .invalidRowCount, "B14", "Attempt to delete more rows than exist in section \(section)")
      }
      guard after[new] == expected else {
        throw error(
          .invalidRowCount, "B14",
          "Invalid update: invalid number of rows in section \(new). The number of rows contained "
            + "in an existing section after the update (\(after[new])) must be equal to the "
            + "number of rows contained in that section before the update (\(before[section])), "
            + "plus or minus the number of rows inserted or deleted from that section "
            + "(\(inserted[new]) inserted, \(deleted[section]) deleted) and plus or minus the "
            + "number of rows moved into or out of that section (\(movedIn[new]) moved in, "
            + "\(movedOut[section]) moved out).")
      }
    }
  }

  /// Bounds after the update and the marks of inserts and move targets (B5, B8, B9, B11, B12).
  private mutating func markNewSide(_ rows: inout RowFlags) throws(BatchUpdateError) {
    for path in update.itemInserts {
      guard path.item >= 0 && path.item < after[path.section] else {
        throw error(
          .itemOutOfBounds, "B5",
          "attempt to insert row \(path.item) into section \(path.section), but there are only "
            + "\(after[path.section]) rows in section \(path.section) after the update")
      }
      if sectionIsFresh(path.section) {
        warn(.absorbedOperation, "insert of row (\(path)) inside an inserted or reloaded section")
        continue
      }
      guard rows.markNew(path, Mark.inserted) else {
        throw error(.duplicateOperation, "B12", "attempt to insert row (\(path)) more than once")
      }
    }
    for move in update.itemMoves {
      let path = move.target
      if path.section >= 0, path.section < after.count, path.item >= 0,
        path.item < after[path.section], rows.new(path) & Mark.moveTarget != 0
      {
        let earlier = update.itemMoves.first { $0.target == path }?.source ?? move.source
        guard earlier == move.source else {
          throw error(
            .conflictingMoves, "B9",
            "attempt to move both row at index path (\(earlier)) and (\(move.source)) to "
              + "(\(path))")
        }
        warn(.duplicateMove, "row move \(move) listed twice; UIKit drops the copy")
        continue
      }
      guard path.item >= 0 && path.item < after[path.section] else {
        throw error(
          .itemOutOfBounds, "B5",
          "attempt to move index path (\(move.source)) to index path (\(path)) that does not "
            + "exist - there are only \(after[path.section]) rows in section \(path.section) "
            + "after the update")
      }
      if rows.new(path) & Mark.inserted != 0 {
        throw error(
          .insertAndMove, "B8",
          "attempt to perform an insert and a move to the same index path (\(path))")
      }
      _ = rows.markNew(path, Mark.moveTarget)
    }
  }

  /// B8 for the insert half of an item reload (shifted by deletes and inserts, as UIKit does).
  private func checkReloadedItemTargets(_ rows: RowFlags) throws(BatchUpdateError) {
    guard !update.itemReloads.isEmpty, !update.itemMoves.isEmpty else { return }
    var deletes: [Int: [Int]] = [:]
    var inserts: [Int: [Int]] = [:]
    for path in update.itemDeletes { deletes[path.section, default: []].append(path.item) }
    for path in update.itemInserts { inserts[path.section, default: []].append(path.item) }
    for path in update.itemReloads where !sectionIsReplaced(path.section) {
      let section = sectionMap[path.section]
      guard section >= 0 else { continue }
      let item = shifted(
        path.item, deletes: (deletes[path.section] ?? []).sorted(),
        inserts: (inserts[section] ?? []).sorted())
      let target = ItemPath(item: item, section: section)
      if item < after[section] && rows.new(target) & Mark.moveTarget != 0 {
        throw error(
          .insertAndMove, "B8",
          "attempt to perform an insert and a move to the same index path (\(target))")
      }
    }
  }

  /// B16, conservative: a reconfigure names a row before the update that is neither deleted,
  /// reloaded nor moved, in a section that stays where it is.
  private func checkReconfigures(_ rows: inout RowFlags) throws(BatchUpdateError) {
    for path in update.itemReconfigures {
      try checkOldBounds(path, verb: "reconfigure", preposition: "in")
      guard rows.markOld(path, Mark.reconfigured) else {
        throw error(
          .duplicateOperation, "B12", "attempt to reconfigure row (\(path)) more than once")
      }
      let sectionFlags = oldSections[path.section]
      if sectionFlags & (Mark.deleted | Mark.reloaded | Mark.moveSource) != 0
        || rows.old(path) & (Mark.deleted | Mark.reloaded | Mark.moveSource) != 0
      {
        throw error(
          .conflictingReconfigure, "B16",
          "attempt to reconfigure index path (\(path)), which is also deleted, reloaded or moved")
      }
    }
  }

  /// B16 hazard: item changes inside a section that moves in the same batch.
  private mutating func warnAboutMovedSections() {
    guard !update.sectionMoves.isEmpty else { return }
    let touchedOld = Set(
      update.itemDeletes.map { $0.section } + update.itemReloads.map { $0.section }
        + update.itemMoves.map { $0.source.section })
    let touchedNew = Set(
      update.itemInserts.map { $0.section } + update.itemMoves.map { $0.target.section })
    for move in update.sectionMoves
    where touchedOld.contains(move.source) || touchedNew.contains(move.target) {
      warn(
        .sectionMoveWithItemChanges,
        "section \(move.source) moves to \(move.target) while its rows change in the same batch")
    }
  }
}

/// One flag byte per row before and per row after the update, addressed by path.
package struct RowFlags {
  private var oldStart: [Int]
  private var newStart: [Int]
  private var oldFlags: [UInt8]
  private var newFlags: [UInt8]

  init(before: [Int], after: [Int]) {
    oldStart = Self.starts(before)
    newStart = Self.starts(after)
    oldFlags = Array(repeating: 0, count: oldStart.last ?? 0)
    newFlags = Array(repeating: 0, count: newStart.last ?? 0)
  }

  private static func starts(_ counts: [Int]) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(counts.count + 1)
    for count in counts { starts.append((starts.last ?? 0) + max(count, 0)) }
    return starts
  }

  func old(_ path: ItemPath) -> UInt8 { oldFlags[oldStart[path.section] + path.item] }
  func new(_ path: ItemPath) -> UInt8 { newFlags[newStart[path.section] + path.item] }

  /// The flags of the rows of old section `section`.
  func oldRows(inSection section: Int) -> ArraySlice<UInt8> {
    oldFlags[oldStart[section]..<oldStart[section + 1]]
  }

  /// The flags of the rows of new section `section`.
  func newRows(inSection section: Int) -> ArraySlice<UInt8> {
    newFlags[newStart[section]..<newStart[section + 1]]
  }

  /// Sets `mark` on the old row; false when it was already set.
  mutating func markOld(_ path: ItemPath, _ mark: UInt8) -> Bool {
    let index = oldStart[path.section] + path.item
    defer { oldFlags[index] |= mark }
    return oldFlags[index] & mark == 0
  }

  /// Sets `mark` on the new row; false when it was already set.
  mutating func markNew(_ path: ItemPath, _ mark: UInt8) -> Bool {
    let index = newStart[path.section] + path.item
    defer { newFlags[index] |= mark }
    return newFlags[index] & mark == 0
  }
}
