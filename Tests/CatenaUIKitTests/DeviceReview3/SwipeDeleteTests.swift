#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  /// A table's own swipe Delete deletes the item that was swiped, wherever an apply made while
  /// its button showed has moved it (R3-N15).
  @MainActor
  @Suite("A table's swipe Delete after an apply (R3-N15)")
  struct SwipeDeleteTests {
    @Test func r3n15DeleteAfterRowsCameAboveDeletesTheSwipedItem() throws {
      let (table, window) = tableInWindow()
      var deleted: [Int] = []
      let dataSource = rowSource(table).didDelete { _, row in deleted.append(row.id) }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      #expect(table.simulateSwipe(at: path(1), leading: false) == nil, "UIKit's own Delete")
      // A page arrives while the button shows: two rows above the swiped one.
      try dataSource.apply(snapshot([Row(8), Row(9), Row(1), Row(2), Row(3)]))
      #expect(table.simulateTapDelete())
      #expect(deleted == [2], "the item swiped, not the one now at its old path")
      #expect(dataSource.snapshot?.allItems.map(\.id) == [8, 9, 1, 3])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func r3n15DeleteOfAnItemAnApplyRemovedDeletesNothing() throws {
      let (table, window) = tableInWindow()
      var deleted: [Int] = []
      let dataSource = rowSource(table).didDelete { _, row in deleted.append(row.id) }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      _ = table.simulateSwipe(at: path(1), leading: false)
      try dataSource.apply(snapshot([Row(1), Row(3)]))
      #expect(table.simulateTapDelete())
      #expect(deleted.isEmpty)
      #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 3])
      withExtendedLifetime(window) {}
    }

    @Test func theEditingModeMinusDeletesTheRowUIKitNames() throws {
      let (table, window) = tableInWindow()
      var deleted: [Int] = []
      let dataSource = rowSource(table).didDelete { _, row in deleted.append(row.id) }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3)]))
      table.isEditing = true
      table.layoutIfNeeded()
      table.dataSource?.tableView(table, commit: .delete, forRowAt: path(2))
      #expect(deleted == [3])
      withExtendedLifetime(window) {}
    }
  }
#endif
