extension BatchValidator {
  /// Section rules: bounds (B4, B5), duplicates (B12), conflicts (B6–B9), the section count (B13),
  /// and the mapping of surviving sections used by the row checks.
  mutating func checkSections() throws(BatchUpdateError) {
    let oldCount = before.count
    let newCount = after.count
    func oldBounds(_ verb: String, _ section: Int) throws(BatchUpdateError) {
      guard section < 0 || section >= oldCount else { return }
      throw error(
        .sectionOutOfBounds, "B4",
        "attempt to \(verb) section \(section), but there are only \(oldCount) sections before "
          + "the update")
    }
    for section in update.sectionDeletes {
      try oldBounds("delete", section)
      guard oldSections[section] & Mark.deleted == 0 else {
        throw error(
          .duplicateOperation, "B12", "attempt to delete section \(section) more than once")
      }
      oldSections[section] |= Mark.deleted
    }
    for section in update.sectionReloads {
      try oldBounds("reload", section)
      if oldSections[section] & Mark.deleted != 0 {
        throw error(
          .deleteAndReload, "B6", "attempt to delete and reload the same section (\(section))")
      }
      guard oldSections[section] & Mark.reloaded == 0 else {
        throw error(
          .duplicateOperation, "B12", "attempt to reload section \(section) more than once")
      }
      oldSections[section] |= Mark.reloaded
    }
    var moves: [Int: Int] = [:]
    var uniqueMoves: [SectionMove] = []
    for move in update.sectionMoves {
      try oldBounds("move", move.source)
      if let earlier = moves[move.source] {
        guard earlier == move.target else {
          throw error(
            .conflictingMoves, "B9",
            "attempt to move section \(move.source) to both section \(earlier) and section "
              + "\(move.target)")
        }
        warn(.duplicateMove, "section move \(move) listed twice; UIKit drops the copy")
        continue
      }
      if sectionIsReplaced(move.source) {
        throw error(
          .deleteAndMove, "B7",
          "attempt to perform a delete and a move from the same section (\(move.source))")
      }
      moves[move.source] = move.target
      uniqueMoves.append(move)
      oldSections[move.source] |= Mark.moveSource
    }
    for section in update.sectionUpdates {
      try oldBounds("update", section)
      guard oldSections[section] & Mark.updated == 0 else {
        throw error(
          .duplicateOperation, "B12", "attempt to update section \(section) more than once")
      }
      guard oldSections[section] & (Mark.deleted | Mark.reloaded | Mark.moveSource) == 0 else {
        throw error(
          .conflictingReconfigure, "B16",
          "attempt to update section \(section), which is also deleted, reloaded or moved")
      }
      oldSections[section] |= Mark.updated
    }

    let inserted = Set(update.sectionInserts).count
    let expected = oldCount + inserted - update.sectionDeletes.count
    guard newCount == expected else {
      throw error(
        .invalidSectionCount, "B13",
        "Invalid update: invalid number of sections. The number of sections contained in the "
          + "table view after the update (\(newCount)) must be equal to the number of sections "
          + "contained in the table view before the update (\(oldCount)), plus or minus the "
          + "number of sections inserted or deleted (\(inserted) inserted, "
          + "\(update.sectionDeletes.count) deleted).")
    }

    for section in update.sectionInserts {
      guard section >= 0 && section < newCount else {
        throw error(
          .sectionOutOfBounds, "B5",
          "attempt to insert section \(section) but there are only \(newCount) sections after "
            + "the update")
      }
      guard newSections[section] & Mark.inserted == 0 else {
        throw error(
          .duplicateOperation, "B12", "attempt to insert section \(section) more than once")
      }
      newSections[section] |= Mark.inserted
    }
    var targets: [Int: Int] = [:]
    for move in uniqueMoves {
      guard move.target >= 0 && move.target < newCount else {
        throw error(
          .sectionOutOfBounds, "B5",
          "attempt to move section \(move.source) to section \(move.target), but there are only "
            + "\(newCount) sections after the update")
      }
      if let other = targets[move.target] {
        throw error(
          .conflictingMoves, "B9",
          "attempt to move both section \(other) and section \(move.source) to section "
            + "\(move.target)")
      }
      if newSections[move.target] & Mark.inserted != 0 {
        throw error(
          .insertAndMove, "B8",
          "attempt to perform an insert and a move to the same section (\(move.target))")
      }
      targets[move.target] = move.source
      newSections[move.target] |= Mark.moveTarget
      sectionMap[move.source] = move.target
    }
    try checkReloadedSectionTargets()
    mapStayingSections()
  }

  /// B8 for the insert half of a section reload: UIKit places it at the reloaded index shifted
  /// by the batch's deletes and inserts (not by its moves); a move may not land there.
  private func checkReloadedSectionTargets() throws(BatchUpdateError) {
    guard !update.sectionReloads.isEmpty else { return }
    let deletes = update.sectionDeletes.sorted()
    let inserts = Set(update.sectionInserts).sorted()
    for section in update.sectionReloads {
      let target = shifted(section, deletes: deletes, inserts: inserts)
      if target < after.count && newSections[target] & Mark.moveTarget != 0 {
        throw error(
          .insertAndMove, "B8",
          "attempt to perform an insert and a move to the same section (\(target))")
      }
    }
  }

  /// Maps the sections that neither move nor go away onto the free slots after the update,
  /// in order, as UIKit does; reloaded sections keep a slot and count as fresh there.
  private mutating func mapStayingSections() {
    var slot = 0
    for section in 0..<before.count
    where oldSections[section] & (Mark.deleted | Mark.moveSource) == 0 {
      while slot < after.count && newSections[slot] & (Mark.inserted | Mark.moveTarget) != 0 {
        slot += 1
      }
      guard slot < after.count else { return }
      sectionMap[section] = slot
      if oldSections[section] & Mark.reloaded != 0 { newSections[slot] |= Mark.reloadTarget }
      slot += 1
    }
  }
}

/// `index` after removing the sorted `deletes` below it and making room for the sorted `inserts`
/// at or below the result: where UIKit puts the insert half of a reload.
func shifted(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
  var result = index - lowerBound(of: index, in: deletes)
  for insert in inserts where insert <= result { result += 1 }
  return result
}

/// The number of elements of the sorted `values` below `value`.
func lowerBound(of value: Int, in values: [Int]) -> Int {
  var low = 0
  var high = values.count
  while low < high {
    let mid = (low + high) / 2
    if values[mid] < value { low = mid + 1 } else { high = mid }
  }
  return low
}
