#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// The findings of the device-behaviour review of the UIKit adapter, each reproduced through
  /// the fakes (which raise where UIKit raises) and checked fixed.
  @MainActor
  @Suite("UIKit review findings")
  struct ReviewFindingTests {
    @Test("#1 a reconfigure that changes the cell kind is a reload")
    func finding1ReconfigureThatChangesCellKindReloads() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      table.clearCalls()
      try dataSource.apply(try snapshot([Row(1), Row(2, "sale", isAd: true)]))
      #expect(table.exceptions.isEmpty)
      #expect(table.calls.contains("performBatchUpdates [Reload row (0 - 1)]"))
      #expect(table.shownTitles == ["r1", "AD sale"])
      // A content change that keeps the kind is still a reconfigure.
      try dataSource.apply(try snapshot([Row(1, "one"), Row(2, "sale!", isAd: true)]))
      #expect(
        table.calls.last { $0.hasPrefix("performBatchUpdates") }
          == "performBatchUpdates [Reconfigure row (0 - 0), Reconfigure row (0 - 1)]")
      #expect(table.exceptions.isEmpty)
      #expect(table.shownTitles == ["one", "AD sale!"])
      withExtendedLifetime(window) {}
    }

    @Test("#2 the collection fallback cell is dequeued")
    func finding2CollectionFallbackCellIsDequeued() throws {
      let (collection, window) = collectionInWindow()
      var dataSource: SectionedDataSource<String, Row>? =
        SectionedDataSource<String, Row>()
        .bind(collection).configureCell(TileCell.self, reuseIdentifier: "tile") { _, _ in }
      try dataSource?.apply(try snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      // The data source goes away while the collection view still has its counts.
      dataSource = nil
      collection.simulateScroll(toY: 0)
      collection.reloadData()
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#3 a batch against a model changed behind the table's back reloads and throws")
    func finding3StaleCountsReloadInsteadOfCrashing() throws {
      let (table, window) = tableInWindow()
      var rows = ["a", "b"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table)
        .sectionsNumber { 1 }
        .rowsNumber { _ in rows.count }
        .configureCell(TitleCell.self, reuseIdentifier: "title") { cell, path in
          cell.title = rows[path.item]
        }
      dataSource.reload()
      table.layoutIfNeeded()
      rows.insert("early", at: 0)  // the table is not told
      table.clearCalls()
      #expect(throws: DataSourceError.self) {
        try dataSource.performUpdates(BatchUpdate(itemInserts: [ItemPath(item: 0, section: 0)])) {
          rows.insert("new", at: 0)
        }
      }
      #expect(table.exceptions.isEmpty)
      #expect(table.calls.contains("reloadData"))
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") })
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["new", "early", "a", "b"])
      withExtendedLifetime(window) {}
    }

    @Test("#4 the table keeps the data source bound to it, and lets it go with it")
    func finding4TheTableKeepsItsDataSourceAlive() throws {
      weak var weakSource: SectionedDataSource<String, Row>?
      weak var weakTable: UITableView?
      do {
        let (table, window) = tableInWindow()
        weakTable = table
        let source = SectionedDataSource<String, Row>()
          .bind(table)
          .configureCell(UITableViewCell.self, reuseIdentifier: "title") { cell, _, row in
            cell.textLabel?.text = row.title
          }
        weakSource = source
        try source.apply(try snapshot([Row(1)]))
        table.removeFromSuperview()
        withExtendedLifetime(window) {}
      }
      #expect(weakTable == nil)
      #expect(weakSource == nil)
    }

    @Test("#4 a data source held only by the table stays; invalidated, the table stays consistent")
    func finding4ATableKeepsItsDataSourceUntilItIsInvalidated() throws {
      let (table, window) = tableInWindow()
      weak var weakSource: SectionedDataSource<String, Row>?
      do {
        let source = rowSource(table)
        weakSource = source
        try source.apply(try snapshot([Row(1)]))
      }
      table.reloadData()
      table.layoutIfNeeded()
      #expect(table.numberOfRows(inSection: 0) == 1, "the table keeps what it shows")
      weakSource?.invalidate()
      #expect(weakSource == nil)
      table.reloadData()
      table.layoutIfNeeded()
      #expect(table.numberOfRows(inSection: 0) == 0)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#6 with only onMove, rows can be reordered but not deleted")
    func finding6OnlyOnMoveOffersNoDelete() throws {
      let (table, window) = tableInWindow()
      var moved: [Int] = []
      let dataSource = rowSource(table).didMove { _, _, row in moved.append(row?.id ?? -1) }
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      #expect(!table.simulateSwipeToDelete(at: path(0)))
      #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 2, 3])
      #expect(table.simulateDrag(from: path(0), to: path(2)))
      #expect(moved == [1])
      #expect(dataSource.snapshot?.allItems.map(\.id) == [2, 3, 1])
      withExtendedLifetime(window) {}
    }

    @Test("#6 with only onDelete, rows can be deleted but not reordered")
    func finding6OnlyOnDeleteOffersNoReorder() throws {
      let (table, window) = tableInWindow()
      var deleted: [Int] = []
      let dataSource = rowSource(table).didDelete { _, row in deleted.append(row.id) }
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      #expect(!table.simulateDrag(from: path(0), to: path(2)))
      #expect(table.simulateSwipeToDelete(at: path(1)))
      #expect(deleted == [2])
      #expect(table.shownTitles == ["r1", "r3"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#13 in count mode, onMove gets the dragged item")
    func finding13CountModeOnMoveGetsTheDraggedItem() throws {
      let (table, window) = tableInWindow()
      var rows = [Row(1), Row(2), Row(3)]
      var reported: Row?
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table).configureCell(TitleCell.self, reuseIdentifier: "title") { _, _ in }
        .sectionsNumber { 1 }
        .rowsNumber { _ in rows.count }
        .item { rows[$0.item] }
        .didMove { source, destination, row in
          reported = row
          rows.insert(rows.remove(at: source.item), at: destination.item)
        }
      dataSource.reload()
      table.layoutIfNeeded()
      #expect(table.simulateDrag(from: path(0), to: path(2)))
      #expect(reported?.id == 1)
      #expect(rows.map(\.id) == [2, 3, 1])
      withExtendedLifetime(window) {}
    }
  }
#endif

#if os(Linux)
  @MainActor
  @Suite("Catena's side of a UIKit list view")
  struct CatenaNamespaceTests {
    @Test func tableViewCatenaIsOneObjectThatDoesNotKeepTheTableAlive() {
      weak var weakTable: UITableView?
      weak var weakHost: AnyObject?
      do {
        let table = UITableView(frame: .zero, style: .plain)
        #expect(table.catena === table.catena)
        weakTable = table
        weakHost = table.catena
      }
      #expect(weakTable == nil)
      #expect(weakHost == nil)
    }

    @Test func collectionViewCatenaIsOneObjectThatDoesNotKeepTheViewAlive() {
      weak var weakView: UICollectionView?
      weak var weakHost: AnyObject?
      do {
        let view = UICollectionView(
          frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        #expect(view.catena === view.catena)
        weakView = view
        weakHost = view.catena
      }
      #expect(weakView == nil)
      #expect(weakHost == nil)
    }
  }
#endif
