#if os(Linux)
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  /// The fakes behave as UIKit does where the adapter depends on it, so that a test through
  /// them fails where a device would crash.
  @MainActor
  @Suite("UIKit fakes")
  struct FakeUIKitTests {
    /// A plain data source over an array, written against UIKit's protocol.
    final class ArrayDataSource: NSObject, UITableViewDataSource {
      var rows: [String]
      var identifier = "cell"
      init(_ rows: [String]) { self.rows = rows }
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
      }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
      {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        (cell as? TitleCell)?.title = rows[indexPath.row]
        return cell
      }
    }

    func loadedTable(_ rows: [String]) -> (UITableView, ArrayDataSource, UIWindow) {
      let (table, window) = tableInWindow()
      let source = ArrayDataSource(rows)
      table.register(TitleCell.self, forCellReuseIdentifier: "cell")
      table.register(AdCell.self, forCellReuseIdentifier: "ad")
      table.dataSource = source
      table.reloadData()
      table.layoutIfNeeded()
      return (table, source, window)
    }

    @Test func aBatchIsCheckedAgainstTheTablesOwnCountsAsUIKitDoes() {
      let (table, source, _) = loadedTable(["a", "b"])
      // The model changed earlier without telling the table: the table still has 2 rows.
      source.rows = ["x", "a", "b"]
      table.performBatchUpdates {
        source.rows.insert("y", at: 0)
        table.insertRows(at: [path(0)], with: .automatic)
      }
      #expect(table.exceptions.count == 1)
      #expect(table.exceptions.first?.contains("invalid number of rows in section 0") == true)
    }

    @Test func aValidBatchMovesCellsAndAsksOnlyForNewRows() {
      let (table, source, _) = loadedTable(["a", "b"])
      let first = table.cellForRow(at: path(0))
      table.performBatchUpdates {
        source.rows.insert("n", at: 0)
        table.insertRows(at: [path(0)], with: .automatic)
      }
      #expect(table.exceptions.isEmpty)
      #expect(table.cellForRow(at: path(1)) === first)
      #expect(table.shownTitles == ["n", "a", "b"])
    }

    @Test func reconfiguringWithAnotherIdentifierRaisesAsUIKitDoes() {
      let (table, source, _) = loadedTable(["a", "b"])
      source.identifier = "ad"
      table.reconfigureRows(at: [path(1)])
      #expect(table.exceptions.count == 1)
      #expect(
        table.exceptions.first?.hasPrefix("Attempted to dequeue a cell for a different") == true)
    }

    @Test func reconfiguringWithTheSameIdentifierKeepsTheCell() {
      let (table, source, _) = loadedTable(["a", "b"])
      let cell = table.cellForRow(at: path(1))
      source.rows[1] = "B"
      table.reconfigureRows(at: [path(1)])
      #expect(table.exceptions.isEmpty)
      #expect(table.cellForRow(at: path(1)) === cell)
      #expect((cell as? TitleCell)?.title == "B")
    }

    @Test func dequeuingAnUnregisteredIdentifierRaises() {
      let (table, source, _) = loadedTable(["a"])
      source.identifier = "nothing"
      table.reloadData()
      table.layoutIfNeeded()
      #expect(
        table.exceptions.first?.hasPrefix("unable to dequeue a cell with identifier nothing")
          == true)
    }

    @Test func offScreenCellsGoBackToThePoolAndAreReused() {
      // The table holds its data source weakly: the test keeps it.
      let (table, source, _) = loadedTable((0..<30).map { "r\($0)" })
      defer { withExtendedLifetime(source) {} }
      #expect(table.indexPathsForVisibleRows?.count == 10)
      table.simulateScroll(toY: 44 * 20)
      #expect(table.indexPathsForVisibleRows?.first == path(20))
      #expect(table.visibleCells.allSatisfy { ($0 as? TitleCell)?.reuseCount == 1 })
      #expect(table.shownTitles.first == "r20")
    }

    @Test func aViewIsInAWindowOnlyThroughItsSuperviews() {
      let table = UITableView(frame: .zero, style: .plain)
      #expect(table.window == nil)
      let window = UIWindow(frame: .zero)
      let container = UIView(frame: .zero)
      window.addSubview(container)
      container.addSubview(table)
      #expect(table.window === window)
      container.removeFromSuperview()
      #expect(table.window == nil)
    }

    /// A collection data source that returns a cell it made itself.
    final class UndequeuedSource: NSObject, UICollectionViewDataSource {
      func collectionView(
        _ collectionView: UICollectionView, numberOfItemsInSection section: Int
      ) -> Int { 1 }
      func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
      ) -> UICollectionViewCell { UICollectionViewCell(frame: .zero) }
    }

    @Test func aCollectionCellThatWasNotDequeuedRaises() {
      let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440),
        collectionViewLayout: UICollectionViewFlowLayout())
      let source = UndequeuedSource()
      collection.dataSource = source
      collection.reloadData()
      collection.layoutIfNeeded()
      #expect(collection.exceptions.first?.contains("does not have a reuseIdentifier") == true)
    }

    @Test func aCollectionSelectionBeforeTheReloadIsLaidOutIsDropped() {
      let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440),
        collectionViewLayout: UICollectionViewFlowLayout())
      collection.reloadData()
      collection.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
      #expect(collection.indexPathsForSelectedItems == [])
    }

    @Test func theRefreshControlRecordsBeginAndEnd() {
      let control = UIRefreshControl()
      var pulls = 0
      control.addAction(UIAction { _ in pulls += 1 }, for: .valueChanged)
      control.simulatePull()
      #expect(control.isRefreshing && pulls == 1)
      control.endRefreshing()
      control.endRefreshing()
      #expect(control.calls == ["endRefreshing", "endRefreshing (not refreshing)"])
    }
  }
#endif
