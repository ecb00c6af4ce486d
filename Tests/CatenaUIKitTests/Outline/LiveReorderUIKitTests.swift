#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// An apply that arrives while the user holds a row waits for the drop; UIKit (and the
  /// fakes) raise on a batch update in a live reorder.
  @MainActor
  @Suite("Applies during a live reorder on UIKit lists")
  struct LiveReorderUIKitTests {

    @Test func aTableKeepsAnApplyMadeMidDragForTheTurnAfterTheDrop() async throws {
      let (table, window) = tableInWindow()
      var moves: [Int] = []
      let dataSource = rowSource(table).didMove { _, _, row in moves.append(row?.id ?? -1) }
      let clock = ManualClock()
      dataSource.reorderClock = clock
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3), Row(4)]))
      table.isEditing = true
      table.layoutIfNeeded()
      #expect(table.simulateLift(at: path(0)))
      #expect(table.simulateDragOver(path(2)) == path(2))
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(4), Row(5)]))
      #expect(table.simulateDrop())
      #expect(moves == [1])
      #expect(table.exceptions.isEmpty, "no batch during the drag, nor inside the drop")
      // The drop animates (opted in: the fakes animate a drop, as UIKit does).
      #expect(table.simulateDropAnimationEnd())
      try await tickUntilReorderEnds(dataSource, clock)
      try await turns("the kept apply to show") {
        dataSource.snapshot?.allItems.map(\.id) == [1, 2, 4, 5]
      }
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["r1", "r2", "r4", "r5"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func aCollectionListDroppedInPlaceStillLetsTheWaitingApplyThrough() async throws {
      let (collection, dataSource, clock, window) = try reorderableList([Row(1), Row(2), Row(3)])
      #expect(collection.simulateLift(at: path(1)))
      #expect(collection.simulateDragOver(path(0)) == path(0))
      try dataSource.apply(snapshot([Row(3), Row(2), Row(1)]))
      #expect(collection.simulateDragOver(path(1)) == path(1))
      #expect(!collection.simulateDrop())
      try await tickUntilReorderEnds(dataSource, clock)
      try await turns("the kept apply to show") {
        dataSource.snapshot?.allItems.map(\.id) == [3, 2, 1]
      }
      collection.layoutIfNeeded()
      let shown = collection.visibleCells.map {
        ($0.contentConfiguration as? UIListContentConfiguration)?.text ?? ""
      }
      #expect(shown == ["r3", "r2", "r1"])
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }
  }
#endif
