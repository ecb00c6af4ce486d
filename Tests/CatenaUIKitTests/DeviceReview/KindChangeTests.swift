#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N1: an apply that changes a row's cell kind and also inserts, deletes or moves rows
  /// reloads that row (UIKit refuses a reconfigure that dequeues another kind of cell).
  @MainActor
  @Suite("N1 a cell-kind change beside structural changes")
  struct KindChangeTests {
    /// A collection data source with tile cells and ad cells.
    func tileSource(
      _ collection: UICollectionView
    ) -> SectionedDataSource<String, Row> {
      SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { cell, _, row in
          cell.title = row.title
        }
        .configureCell(AdTile.self, reuseIdentifier: "ad", when: { $0.isAd }) { cell, _, row in
          cell.title = "AD \(row.title)"
        }
    }

    @Test("N1 table: a kind change with an insert is a reload")
    func kindChangeWithInsertOnTable() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      table.clearCalls()
      try dataSource.apply(try snapshot([Row(1), Row(2, "sale", isAd: true), Row(3)]))
      #expect(table.exceptions == [])
      #expect(table.calls.contains("performBatchUpdates [Reload row (0 - 1)]"))
      #expect(table.shownTitles == ["r1", "AD sale", "r3"])
      withExtendedLifetime(window) {}
    }

    @Test("N1 table: a kind change with a delete and a move is a reload")
    func kindChangeWithDeleteAndMoveOnTable() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3), Row(4)]))
      table.layoutIfNeeded()
      try dataSource.apply(
        try snapshot([Row(4), Row(2, isAd: true), Row(1, "one")]))
      #expect(table.exceptions == [])
      #expect(table.shownTitles == ["r4", "AD r2", "one"])
      // And back: an ad that becomes a row, while a row arrives.
      try dataSource.apply(try snapshot([Row(5), Row(4), Row(2), Row(1, "one")]))
      #expect(table.exceptions == [])
      #expect(table.shownTitles == ["r5", "r4", "r2", "one"])
      withExtendedLifetime(window) {}
    }

    @Test("N1 collection: a kind change with an insert is a reload")
    func kindChangeWithInsertOnCollection() throws {
      let (collection, window) = collectionInWindow()
      let dataSource = tileSource(collection)
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      try dataSource.apply(try snapshot([Row(0), Row(1), Row(2, isAd: true)]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions == [])
      #expect(collection.shownTiles == ["r0", "r1", "AD r2"])
      withExtendedLifetime(window) {}
    }

    @Test("N1 a content change that keeps the kind beside an insert stays a reconfigure")
    func contentChangeWithInsertStaysReconfigure() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2, isAd: true)]))
      table.layoutIfNeeded()
      table.clearCalls()
      try dataSource.apply(try snapshot([Row(0), Row(1, "one"), Row(2, "big", isAd: true)]))
      #expect(table.exceptions == [])
      #expect(
        table.calls.contains(
          "performBatchUpdates [Reconfigure row (0 - 1), Reconfigure row (0 - 2)]"))
      #expect(table.shownTitles == ["r0", "one", "AD big"])
      withExtendedLifetime(window) {}
    }
  }

  /// A collection cell for ads.
  final class AdTile: UICollectionViewCell {
    var title = ""
  }

  extension UICollectionView {
    /// The titles the visible cells show, in order.
    var shownTiles: [String] {
      indexPathsForVisibleItems.sorted().compactMap { path in
        let cell = cellForItem(at: path)
        return (cell as? TileCell)?.title ?? (cell as? AdTile)?.title
      }
    }
  }
#endif
