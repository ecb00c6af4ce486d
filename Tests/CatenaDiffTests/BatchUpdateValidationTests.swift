import CatenaDiff
import Testing

@Suite("Batch-update rules B1–B16")
struct BatchUpdateValidationTests {
  /// The kind and rule of the error `update` raises for the given shapes.
  func failure(
    _ update: BatchUpdate, _ before: [Int], _ after: [Int]
  ) -> BatchUpdateError? {
    do {
      try update.validate(rowCountsBefore: before, rowCountsAfter: after)
      return nil
    } catch {
      return error
    }
  }

  @Test func b1OrderOfOperationsDoesNotMatter() throws {
    let forward = BatchUpdate(
      itemDeletes: [path(0, 0), path(0, 2)], itemInserts: [path(0, 0), path(0, 3)])
    var backward = forward
    backward.itemDeletes.reverse()
    backward.itemInserts.reverse()
    try forward.validate(rowCountsBefore: [4], rowCountsAfter: [4])
    try backward.validate(rowCountsBefore: [4], rowCountsAfter: [4])
  }

  @Test func b2DeletesAreOldIndexesAndInsertsNewIndexes() throws {
    // Delete the last old row (index 2) and insert at new index 2: valid only in these spaces.
    try BatchUpdate(itemDeletes: [path(0, 2)], itemInserts: [path(0, 2)])
      .validate(rowCountsBefore: [3], rowCountsAfter: [3])
    let error = failure(BatchUpdate(itemInserts: [path(0, 3)]), [3], [3])
    #expect(error?.kind == .invalidRowCount)
  }

  @Test func b3ReloadIsNetZeroForCounts() throws {
    try BatchUpdate(itemReloads: [path(0, 1)]).validate(rowCountsBefore: [2], rowCountsAfter: [2])
    try BatchUpdate(sectionReloads: [0]).validate(rowCountsBefore: [2], rowCountsAfter: [5])
  }

  @Test func b4BoundsBeforeTheUpdate() {
    #expect(
      failure(BatchUpdate(sectionDeletes: [2]), [1, 1], [1])?.message
        == "attempt to delete section 2, but there are only 2 sections before the update")
    #expect(
      failure(BatchUpdate(itemDeletes: [path(3, 0)]), [1], [0])?.message
        == "attempt to delete row 0 from section 3, but there are only 1 sections before the update"
    )
    #expect(
      failure(BatchUpdate(itemDeletes: [path(0, 5)]), [3], [2])?.message
        == "attempt to delete row 5 from section 0 which only contains 3 rows before the update")
    #expect(
      failure(BatchUpdate(itemMoves: [move(path(0, 4), path(0, 0))]), [2], [2])?.message
        == "attempt to move index path (0 - 4) that does not exist - there are only 2 rows in "
        + "section 0 before the update")
    #expect(
      failure(BatchUpdate(sectionMoves: [SectionMove(from: 3, to: 0)]), [1], [1])?.rule == "B4")
  }

  @Test func b5BoundsAfterTheUpdate() {
    #expect(
      failure(BatchUpdate(sectionInserts: [3]), [1], [1, 1])?.message
        == "attempt to insert section 3 but there are only 2 sections after the update")
    #expect(
      failure(BatchUpdate(itemInserts: [path(1, 0)]), [1], [2])?.message
        == "attempt to insert row 0 into section 1, but there are only 1 sections after the update")
    let error = failure(
      BatchUpdate(itemDeletes: [path(0, 0)], itemInserts: [path(0, 5)]), [3], [3])
    #expect(
      error?.message
        == "attempt to insert row 5 into section 0, but there are only 3 rows in section 0 after "
        + "the update")
  }

  @Test func b6DeleteAndReloadTheSameRow() {
    let error = failure(
      BatchUpdate(itemDeletes: [path(0, 1)], itemReloads: [path(0, 1)]), [2], [1])
    #expect(error?.message == "attempt to delete and reload the same index path (0 - 1)")
    #expect(failure(BatchUpdate(sectionDeletes: [0], sectionReloads: [0]), [1], [])?.rule == "B6")
  }

  @Test func b7DeleteOrReloadAndMoveFromTheSameRow() {
    let error = failure(
      BatchUpdate(itemDeletes: [path(0, 0)], itemMoves: [move(path(0, 0), path(0, 1))]), [2], [1])
    #expect(
      error?.message == "attempt to perform a delete and a move from the same index path (0 - 0)")
    let reload = failure(
      BatchUpdate(itemReloads: [path(0, 0)], itemMoves: [move(path(0, 0), path(0, 1))]), [2], [2])
    #expect(reload?.kind == .deleteAndMove)
    let section = failure(
      BatchUpdate(sectionDeletes: [0], sectionMoves: [SectionMove(from: 0, to: 0)]), [1, 1], [1])
    #expect(section?.message == "attempt to perform a delete and a move from the same section (0)")
  }

  @Test func b8InsertOrReloadAndMoveToTheSameRow() throws {
    let error = failure(
      BatchUpdate(itemInserts: [path(0, 0)], itemMoves: [move(path(0, 1), path(0, 0))]), [2], [3])
    #expect(
      error?.message == "attempt to perform an insert and a move to the same index path (0 - 0)")
    // The insert half of reloading row 0 lands on row 0, where the move also lands.
    let reload = failure(
      BatchUpdate(itemReloads: [path(0, 0)], itemMoves: [move(path(0, 2), path(0, 0))]), [3], [3])
    #expect(reload?.kind == .insertAndMove)
    try BatchUpdate(itemReloads: [path(0, 0)], itemMoves: [move(path(0, 2), path(0, 1))])
      .validate(rowCountsBefore: [3], rowCountsAfter: [3])
  }

  @Test func b9MovesFanningOutOrInAreRejectedAndExactCopiesDropped() throws {
    let out = failure(
      BatchUpdate(itemMoves: [move(path(0, 0), path(0, 1)), move(path(0, 0), path(0, 2))]), [3],
      [3])
    #expect(out?.message == "attempt to move row at index path (0 - 0) to both (0 - 1) and (0 - 2)")
    let into = failure(
      BatchUpdate(itemMoves: [move(path(0, 0), path(0, 2)), move(path(0, 1), path(0, 2))]), [3],
      [3])
    #expect(
      into?.message == "attempt to move both row at index path (0 - 0) and (0 - 1) to (0 - 2)")
    let sections = failure(
      BatchUpdate(sectionMoves: [SectionMove(from: 0, to: 1), SectionMove(from: 0, to: 2)]),
      [0, 0, 0], [0, 0, 0])
    #expect(sections?.message == "attempt to move section 0 to both section 1 and section 2")
    let warnings = try BatchUpdate(
      itemMoves: [move(path(0, 0), path(0, 1)), move(path(0, 0), path(0, 1))]
    ).validate(rowCountsBefore: [2], rowCountsAfter: [2])
    #expect(warnings.map(\.kind) == [.duplicateMove])
  }

  @Test func b10NoMovesOutOfDeletedOrIntoInsertedSections() {
    let out = failure(
      BatchUpdate(sectionDeletes: [0], itemMoves: [move(path(0, 0), path(0, 0))]), [1, 0], [1])
    #expect(out?.message == "cannot move an item from a deleted section")
    let into = failure(
      BatchUpdate(sectionInserts: [1], itemMoves: [move(path(0, 0), path(1, 0))]), [1], [0, 1])
    #expect(into?.message == "cannot move an item into a newly inserted section")
  }

  @Test func b11RowsInsideDeletedOrInsertedSectionsAreAbsorbedWithAWarning() throws {
    let warnings = try BatchUpdate(
      sectionDeletes: [0], sectionInserts: [0], itemDeletes: [path(0, 1)],
      itemInserts: [path(0, 0)]
    ).validate(rowCountsBefore: [2], rowCountsAfter: [3])
    #expect(warnings.map(\.kind) == [.absorbedOperation, .absorbedOperation])
  }

  @Test func b12DuplicateOperationsAreRejected() {
    #expect(
      failure(BatchUpdate(itemDeletes: [path(0, 0), path(0, 0)]), [2], [1])?.message
        == "attempt to delete row (0 - 0) more than once")
    #expect(
      failure(BatchUpdate(itemInserts: [path(0, 0), path(0, 0)]), [0], [1])?.kind
        == .duplicateOperation)
    #expect(failure(BatchUpdate(sectionInserts: [0, 0]), [], [1])?.rule == "B12")
  }

  @Test func b13SectionCountMustAddUp() throws {
    let error = failure(BatchUpdate(sectionInserts: [0]), [1], [1])
    #expect(
      error?.message
        == "Invalid update: invalid number of sections. The number of sections contained in the "
        + "table view after the update (1) must be equal to the number of sections contained in "
        + "the table view before the update (1), plus or minus the number of sections inserted "
        + "or deleted (1 inserted, 0 deleted).")
    try BatchUpdate(sectionDeletes: [0], sectionInserts: [0, 1])
      .validate(rowCountsBefore: [3], rowCountsAfter: [0, 0])
  }

  @Test func b14RowCountMustAddUpInEverySurvivingSection() throws {
    let error = failure(BatchUpdate(itemInserts: [path(0, 0)]), [1], [1])
    #expect(
      error?.message
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in "
        + "an existing section after the update (1) must be equal to the number of rows "
        + "contained in that section before the update (1), plus or minus the number of rows "
        + "inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the "
        + "number of rows moved into or out of that section (0 moved in, 0 moved out).")
    #expect(error?.description.hasPrefix("Invalid batch updates detected (B14)") == true)
    #expect(error?.description.contains("Data source before updates = {0: 1}") == true)
    // A cross-section move counts out of one section and into the other, through section moves.
    try BatchUpdate(
      sectionMoves: [SectionMove(from: 0, to: 1)], itemMoves: [move(path(0, 0), path(0, 0))]
    ).validate(rowCountsBefore: [2, 0], rowCountsAfter: [1, 1])
    let wrong = failure(BatchUpdate(itemMoves: [move(path(0, 0), path(1, 0))]), [2, 0], [2, 0])
    #expect(wrong?.kind == .invalidRowCount)
  }

  @Test func b15CountsAreReadBeforeAndAfterSoCommittingTwiceFails() {
    // The model already holds the insert when the batch opens: UIKit's classic crash.
    let error = failure(BatchUpdate(itemInserts: [path(0, 3)]), [4], [4])
    #expect(error?.rule == "B14")
  }

  @Test func b16ReconfigureNeverSharesARowWithDeleteOrMove() throws {
    let deleted = failure(
      BatchUpdate(itemDeletes: [path(0, 0)], itemReconfigures: [path(0, 0)]), [2], [1])
    #expect(deleted?.kind == .conflictingReconfigure)
    let moved = failure(
      BatchUpdate(itemMoves: [move(path(0, 0), path(0, 1))], itemReconfigures: [path(0, 0)]), [2],
      [2])
    #expect(moved?.rule == "B16")
    try BatchUpdate(itemMoves: [move(path(0, 0), path(0, 1))], itemReconfigures: [path(0, 2)])
      .validate(rowCountsBefore: [3], rowCountsAfter: [3])
  }

  @Test func b16SectionMoveWithRowChangesIsAHazardWarning() throws {
    let warnings = try BatchUpdate(
      sectionMoves: [SectionMove(from: 0, to: 1)], itemDeletes: [path(0, 0)]
    ).validate(rowCountsBefore: [1, 0], rowCountsAfter: [0, 0])
    #expect(warnings.map(\.kind) == [.sectionMoveWithItemChanges])
  }

  @Test func aValidBatchWithEveryOperationPasses() throws {
    let update = BatchUpdate(
      sectionDeletes: [1], sectionInserts: [0], sectionMoves: [SectionMove(from: 2, to: 1)],
      sectionUpdates: [3], itemDeletes: [path(0, 0)], itemInserts: [path(2, 1)],
      itemReloads: [path(0, 2)], itemMoves: [move(path(3, 0), path(2, 0))],
      itemReconfigures: [path(3, 1)])
    let warnings = try update.validate(
      rowCountsBefore: [3, 1, 0, 2], rowCountsAfter: [5, 0, 4, 1])
    #expect(warnings.isEmpty)
  }
}
