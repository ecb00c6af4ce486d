#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  /// A reorder is live from the lift until the view gives the row back, and a drop is over
  /// once the view has laid it out (R3-N1, R3-N2, R3-N4).
  @MainActor
  @Suite("Reorders end when the view says so (R3-N1, R3-N2, R3-N4)")
  struct ReorderFindingTests {
    /// A table in editing mode showing rows 1…4, its data source on a manual clock.
    func heldList() throws -> (UITableView, SectionedDataSource<String, Row>, ManualClock, UIWindow)
    {
      let (table, window) = tableInWindow()
      let clock = ManualClock()
      let dataSource = rowSource(table).didMove { _, _, _ in }
      dataSource.reorderClock = clock
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3), Row(4)]))
      table.isEditing = true
      table.layoutIfNeeded()
      return (table, dataSource, clock, window)
    }

    /// Moves `clock` on by one re-check interval once the timer sleeps, and waits for it to
    /// look.
    func tick(_ dataSource: SectionedDataSource<String, Row>, _ clock: ManualClock) async throws {
      try await turns("the re-check timer to sleep") { clock.sleeperCount > 0 }
      let looked = dataSource.reorderRecheckCount
      clock.advance(by: .milliseconds(100))
      try await turns("the re-check timer to look") {
        dataSource.reorderRecheckCount > looked
      }
    }

    @Test func r3n1AnApplyAfterTheLiftBeforeAnyHoverWaitsForTheDrop() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(0)))
      // No hover yet: UIKit has not asked where the row may go.
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3), Row(5)]))
      #expect(table.exceptions.isEmpty, "no batch lands on the held row")
      #expect(table.shownTitles == ["r1", "r2", "r3", "r4"])
      #expect(table.simulateDragOver(path(1)) == path(1))
      #expect(table.simulateDrop())
      #expect(table.simulateDropAnimationEnd())
      try await tickUntilReorderEnds(dataSource, clock)
      try await turns("the kept apply to show") {
        dataSource.snapshot?.allItems.map(\.id) == [1, 2, 3, 5]
      }
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["r1", "r2", "r3", "r5"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, clock)) {}
    }

    @Test func r3n4ACancelledMovementShowsTheHeldWorkWithinOneTick() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(0)))
      #expect(table.simulateDragOver(path(2)) == path(2))
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(4)]))
      #expect(table.simulateCancelReorder())
      try await tick(dataSource, clock)
      #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 2, 4])
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["r1", "r2", "r4"])
      // The list is not frozen: the next apply shows at once.
      try dataSource.apply(try snapshot([Row(1), Row(4)]))
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["r1", "r4"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func r3n4ARowHeldForTenSecondsLooksAtMost101TimesAndSendsNoBatch() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(3)))
      try dataSource.apply(try snapshot([Row(9), Row(1), Row(2), Row(3), Row(4)]))
      table.clearCalls()
      let asked = table.uncommittedUpdatesReads
      for _ in 0..<100 { try await tick(dataSource, clock) }
      #expect(dataSource.reorderRecheckCount <= 101)
      #expect(table.uncommittedUpdatesReads - asked <= 101, "the view itself was asked ≤ 101 times")
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") || $0 == "reloadData" })
      #expect(table.exceptions.isEmpty)
      #expect(table.simulateDrop() == false, "let go where it was lifted")
      try await tickUntilReorderEnds(dataSource, clock)
      try await turns("the kept apply to show") {
        dataSource.snapshot?.allItems.map(\.id) == [9, 1, 2, 3, 4]
      }
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func r3n4ADragSessionEndingWithoutADropShowsTheHeldWorkWithinOneTick() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateBeginDragSession(at: path(1)))
      #expect(table.simulateDragOver(path(3)) == path(3))
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      #expect(table.simulateEndDragSessionWithoutDrop())
      try await tick(dataSource, clock)
      #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 2, 3])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func r3n4ACollectionListWhoseEditingEndsMidReorderIsNotFrozen() async throws {
      let (collection, dataSource, clock, window) = try reorderableList([Row(1), Row(2), Row(3)])
      #expect(collection.simulateLift(at: path(2)))
      try dataSource.apply(snapshot([Row(3), Row(2)]))
      #expect(collection.exceptions.isEmpty, "held by the lifted cell's state alone")
      collection.isEditing = false
      try await tick(dataSource, clock)
      #expect(dataSource.snapshot?.allItems.map(\.id) == [3, 2])
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func r3n2TheKeptApplyRunsAfterTheDropIsLaidOutNotInsideItsAnimation() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(0)))
      #expect(table.simulateDragOver(path(3)) == path(3))
      // Meanwhile the server removed two rows.
      try dataSource.apply(try snapshot([Row(1), Row(4)]))
      #expect(table.simulateDrop())
      // The drop animates: the data source looks on every tick and keeps the apply.
      try await tick(dataSource, clock)
      try await tick(dataSource, clock)
      #expect(dataSource.snapshot?.allItems.map(\.id) == [2, 3, 4, 1], "the drop's order")
      #expect(table.exceptions.isEmpty)
      #expect(table.simulateDropAnimationEnd())
      try await tick(dataSource, clock)
      try await turns("the kept apply to show") {
        dataSource.snapshot?.allItems.map(\.id) == [1, 4]
      }
      #expect(table.calls.contains("reload moved 0 - 3"), "the drop was laid out first")
      let reload = table.calls.firstIndex(of: "reload moved 0 - 3") ?? .max
      let batch = table.calls.lastIndex { $0.hasPrefix("performBatchUpdates") } ?? -1
      #expect(reload < batch)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, clock)) {}
    }

    @Test func r3p4AScrollToAnItemOfAKeptApplyWaitsForItInsteadOfThrowing() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(0)))
      var rows = (1...4).map { Row($0) }
      rows += (5...30).map { Row($0) }
      try dataSource.apply(try snapshot(rows))  // kept: a row is held
      try dataSource.scroll(to: 15, at: .top, animated: false)
      #expect(table.contentOffset.y == 0, "nothing scrolls while the row is held")
      #expect(table.simulateCancelReorder())
      try await tick(dataSource, clock)
      table.layoutIfNeeded()
      #expect(table.indexPathsForVisibleRows?.first == path(14), "row 15 at the top")
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func item3LeavingTheWindowMidReorderShowsTheHeldWorkAtOnce() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(1)))
      #expect(table.simulateDragOver(path(3)) == path(3))
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.removeFromSuperview()  // the app switched tabs mid-drag
      try await turns("the held apply to show, without a tick") {
        dataSource.snapshot?.allItems.map(\.id) == [1, 2]
      }
      #expect(clock.now.offset == .zero)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, clock)) {}
    }

    @Test func item3TheTimerLooksEvery100MillisecondsNotSooner() async throws {
      let (table, dataSource, clock, window) = try heldList()
      #expect(table.simulateLift(at: path(0)))
      try dataSource.apply(try snapshot([Row(1)]))
      try await turns("the re-check timer to sleep") { clock.sleeperCount > 0 }
      for _ in 0..<99 {
        clock.advance(by: .milliseconds(1))
        await Task.yield()
      }
      for _ in 0..<100 { await Task.yield() }
      #expect(dataSource.reorderRecheckCount == 0, "not before 100 ms")
      clock.advance(by: .milliseconds(1))
      try await turns("the first look") { dataSource.reorderRecheckCount == 1 }
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }
  }
#endif
