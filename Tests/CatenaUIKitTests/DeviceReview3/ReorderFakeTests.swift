#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  /// The fakes end a reorder as UIKit does: cancelled without telling the data source, a drop
  /// still animating after the data source hears of it, drags and drops that hold rows, a
  /// lifted cell that says it is reordering (R3-F1, R3-F13).
  @MainActor
  @Suite("Fakes: how a reorder ends (R3-F1, R3-F13)")
  struct ReorderFakeTests {
    /// A table data source that records moves and lets every row move.
    final class Moves: NSObject, UITableViewDataSource, UITableViewDragDelegate {
      var rows = ["a", "b", "c"]
      var moves: [String] = []
      var dragEnds = 0
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
      }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
      {
        tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
      }
      var movable = true
      func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        movable
      }
      func tableView(
        _ tableView: UITableView, moveRowAt source: IndexPath, to destination: IndexPath
      ) {
        moves.append("\(source.row)->\(destination.row)")
        rows.insert(rows.remove(at: source.row), at: destination.row)
      }
      func tableView(_ tableView: UITableView, dragSessionDidEnd session: any UIDragSession) {
        dragEnds += 1
      }
    }

    func table() -> (UITableView, Moves, UIWindow) {
      let (table, window) = tableInWindow()
      let moves = Moves()
      table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
      table.dataSource = moves
      table.dragDelegate = moves
      table.isEditing = true
      table.layoutIfNeeded()
      return (table, moves, window)
    }

    @Test func aCancelledReorderTellsTheDataSourceNothingAndGivesTheRowBack() {
      let (table, moves, window) = table()
      #expect(!table.hasUncommittedUpdates)
      #expect(table.simulateLift(at: path(0)))
      // Apple: true with placeholder cells or while handling a drop; a row held by its
      // reorder control says so through its cell alone.
      #expect(!table.hasUncommittedUpdates, "no drop, no placeholder")
      #expect(table.cellForRow(at: path(0))?.configurationState.isReordering == true)
      _ = table.simulateDragOver(path(2))
      #expect(table.simulateCancelReorder())
      #expect(moves.moves.isEmpty, "cancelInteractiveMovement() calls no moveRowAt")
      #expect(!table.hasUncommittedUpdates)
      #expect(table.cellForRow(at: path(0))?.configurationState.isReordering == false)
      table.reloadData()
      #expect(table.exceptions.isEmpty, "the list takes updates again")
      withExtendedLifetime(window) {}
    }

    @Test func editingEndingWhileARowIsHeldCancelsTheReorder() {
      let (table, moves, window) = table()
      #expect(table.simulateLift(at: path(1)))
      table.isEditing = false
      #expect(!table.hasUncommittedUpdates)
      #expect(!table.simulateDrop(), "nothing is held any more")
      #expect(moves.moves.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func anUpdateWhileTheDropStillAnimatesRaisesUntilTheNextLayoutPass() {
      let (table, moves, window) = table()
      #expect(table.simulateDrag(from: path(0), to: path(2)))
      #expect(moves.moves == ["0->2"])
      #expect(!table.hasUncommittedUpdates, "the data source has the drop")
      #expect(table.cellForRow(at: path(2))?.layer.animationKeys() == ["position"])
      table.performBatchUpdates({})
      #expect(
        table.exceptions.count == 1, "UIKit still reloads the moved cell after the animation")
      table.layoutIfNeeded()
      #expect(!table.calls.contains("reload moved 0 - 2"), "not while the drop animates")
      #expect(table.simulateDropAnimationEnd())
      table.layoutIfNeeded()
      #expect(table.calls.contains("reload moved 0 - 2"))
      table.performBatchUpdates({})
      #expect(table.exceptions.count == 1, "after that layout pass the list takes updates")
      withExtendedLifetime(window) {}
    }

    @Test func aDragSessionHoldsTheRowUntilItEndsAndTellsTheDragDelegate() {
      let (table, moves, window) = table()
      #expect(table.simulateBeginDragSession(at: path(1)))
      #expect(table.hasActiveDrag && table.hasActiveDrop && table.hasUncommittedUpdates)
      _ = table.simulateDragOver(path(0))
      table.reloadData()
      #expect(table.exceptions.count == 1, "a reload during the drag raises")
      #expect(table.simulateEndDragSessionWithoutDrop())
      #expect(moves.dragEnds == 1)
      #expect(moves.moves.isEmpty)
      #expect(!table.hasActiveDrag && !table.hasActiveDrop && !table.hasUncommittedUpdates)
      withExtendedLifetime(window) {}
    }

    @Test func aCollectionListSaysItHoldsAnItemOnlyThroughTheLiftedCell() throws {
      let (collection, dataSource, _, window) = try reorderableList([Row(1), Row(2), Row(3)])
      #expect(collection.simulateLift(at: path(1)))
      #expect(
        !collection.hasUncommittedUpdates,
        "a collection view's flag covers drops, not the reorder accessory")
      #expect(collection.cellForItem(at: path(1))?.configurationState.isReordering == true)
      #expect(collection.simulateCancelReorder())
      #expect(collection.cellForItem(at: path(1))?.configurationState.isReordering == false)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
