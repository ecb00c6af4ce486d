#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N8: rows that load above the row being read do not animate: the batch and the offset
  /// change in one transaction, so the row stays still.
  @MainActor
  @Suite("N8 prepends keep the row being read still")
  struct PrependStillTests {
    @Test("N8 rows inserted above the first row on screen go in without animation")
    func rowsAboveGoInWithoutAnimation() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot((20..<40).map { Row($0) }))
      table.layoutIfNeeded()
      table.simulateScroll(toY: 2 * 44 + 10)  // r22 on top, 10 points above the viewport
      let before = try #require(table.catena.scrollAnchors.first)
      table.clearCalls()
      try dataSource.applyKeepingPosition(try snapshot((0..<40).map { Row($0) }))
      let batches = table.calls.filter { $0.hasPrefix("performBatchUpdates") }
      #expect(batches.count == 1)
      #expect(batches.allSatisfy { $0.hasPrefix("performBatchUpdates (no animation)") })
      let after = try #require(table.catena.scrollAnchors.first)
      #expect(
        table.cellForRow(at: path(after.path.item)).map { ($0 as? TitleCell)?.title } == "r22")
      #expect(after.offset == before.offset)
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("N8 rows added below the rows on screen still animate")
    func rowsBelowAnimate() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot((0..<20).map { Row($0) }))
      table.layoutIfNeeded()
      table.clearCalls()
      try dataSource.applyKeepingPosition(try snapshot((0..<30).map { Row($0) }))
      let batches = table.calls.filter { $0.hasPrefix("performBatchUpdates") }
      #expect(
        batches == [
          "performBatchUpdates ["
            + (20..<30).map { "Insert row (0 - \($0))" }.joined(separator: ", ") + "]"
        ])
      withExtendedLifetime(window) {}
    }
  }
#endif
