#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Testing
  import UIKitFakes

  /// A table cell with a tap handler.
  final class ButtonCell: UITableViewCell {
    var title = ""
    var onTap: (() -> Void)?
  }

  /// A collection cell with a tap handler.
  final class ButtonTile: UICollectionViewCell {
    var onTap: (() -> Void)?
  }

  @MainActor
  @Suite("Behaviour set again after every update, through UIKit")
  struct CellBehaviorUIKitTests {
    @Test func aTableViewCellWhoseRowIsEqualGetsTheClosuresOfNow() throws {
      let (table, window) = tableInWindow()
      var generation = 1
      var taps: [String] = []
      var configures = 0
      let dataSource = SectionedDataSource<String, Row>()
        .bind(table)
        .configureCell(ButtonCell.self, reuseIdentifier: "button") { cell, _, row in
          cell.title = row.title
          configures += 1
        } behaviors: { cell, _, row in
          let now = generation
          cell.onTap = { taps.append("\(now):\(row.id)") }
        }
      let rows = [Row(1), Row(2), Row(3)]
      try dataSource.apply(try snapshot(rows))
      table.layoutIfNeeded()
      let shown = configures
      generation = 2
      try dataSource.apply(try snapshot(rows))
      table.layoutIfNeeded()
      #expect(configures == shown, "nothing visible changed: no reconfigure")
      (table.cellForRow(at: path(1)) as? ButtonCell)?.onTap?()
      #expect(taps == ["2:2"])
      withExtendedLifetime(window) {}
    }

    @Test func aCollectionViewCellGetsTheClosuresOfNowToo() throws {
      let (collection, window) = collectionInWindow()
      var generation = 1
      var taps: [String] = []
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(ButtonTile.self, reuseIdentifier: "tile") { _, _, _ in
        } behaviors: { cell, _, row in
          let now = generation
          cell.onTap = { taps.append("\(now):\(row.id)") }
        }
      let rows = [Row(1), Row(2)]
      try dataSource.apply(try snapshot(rows))
      collection.layoutIfNeeded()
      generation = 2
      try dataSource.apply(try snapshot(rows))
      collection.layoutIfNeeded()
      (collection.cellForItem(at: path(0)) as? ButtonTile)?.onTap?()
      #expect(taps == ["2:1"])
      withExtendedLifetime(window) {}
    }
  }
#endif
