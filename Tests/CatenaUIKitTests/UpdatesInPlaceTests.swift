#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaHeadless
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// Review #11, #12, #14 and the smaller items of #16: updates that must land in place, on
  /// the right section, on the table's current owner.
  @MainActor
  @Suite("UIKit review findings: updates in place")
  struct UpdatesInPlaceTests {
    @Test("#14 a non-animated apply in a window is a batch without animation, not a reload")
    func finding14NonAnimatedApplyKeepsTheCells() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      let kept = try #require(table.cellForRow(at: path(2)))
      table.clearCalls()
      try dataSource.apply(try snapshot([Row(0), Row(1, "one"), Row(3)]), animated: false)
      table.layoutIfNeeded()
      #expect(!table.calls.contains("reloadData"))
      #expect(table.calls.contains { $0.hasPrefix("performBatchUpdates (no animation)") })
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates [") })
      // The cell of a row that stayed is the same object: its state (a first responder,
      // a selection) survives.
      #expect(table.cellForRow(at: path(2)) === kept)
      #expect(table.shownTitles == ["r0", "one", "r3"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#14 off-window and first applies still reload")
    func finding14OffWindowStillReloads() throws {
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1)]), animated: false)
      try dataSource.apply(try snapshot([Row(1), Row(2)]), animated: false)
      #expect(table.calls.filter { $0 == "reloadData" }.count >= 2)
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") })
    }

    @Test("#16 a second data source bound to the table takes it; the first stops driving it")
    func finding16SecondDataSourceTakesTheTable() throws {
      let (table, window) = tableInWindow()
      let first = rowSource(table)
      try first.apply(try snapshot([Row(1), Row(2)]))
      let second = rowSource(table)
      try second.apply(try snapshot([Row(7)]))
      table.layoutIfNeeded()
      table.clearCalls()
      // The first one's later applies do not touch the rows that are now the second's.
      try first.apply(try snapshot([Row(1), Row(2), Row(3)]))
      first.invalidate()
      table.layoutIfNeeded()
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") })
      #expect(table.exceptions.isEmpty)
      #expect(table.shownTitles == ["r7"])
      try second.apply(try snapshot([Row(7), Row(8)]))
      table.layoutIfNeeded()
      #expect(table.shownTitles == ["r7", "r8"])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#16 the headless table, too, belongs to the last data source bound to it")
    func finding16HeadlessSecondDataSource() throws {
      let table = HeadlessTable(viewportHeight: 440)
      let first = SectionedDataSource<String, Row>()
        .bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
      try first.apply(try snapshot([Row(1), Row(2)]))
      let second = SectionedDataSource<String, Row>()
        .bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
      try second.apply(try snapshot([Row(7)]))
      try first.apply(try snapshot([Row(1), Row(2), Row(3)]))
      first.invalidate()
      #expect(table.rowCounts == [1])
      try second.apply(try snapshot([Row(7), Row(8)]))
      #expect(table.rowCounts == [2])
    }

    @Test("#16 performUpdates returns what UIKit's check noticed but let through")
    func finding16WarningsAreReturned() throws {
      let (table, window) = tableInWindow()
      var rows = ["a", "b", "c"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table)
        .sectionsNumber { 1 }
        .rowsNumber { _ in rows.count }
        .configureCell(TitleCell.self, reuseIdentifier: "title") { cell, path in
          cell.title = rows[path.item]
        }
      dataSource.reload()
      table.layoutIfNeeded()
      let move = ItemMove(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 0))
      let warnings = try dataSource.performUpdates(BatchUpdate(itemMoves: [move, move])) {
        rows = ["b", "c", "a"]
      }
      #expect(warnings.map(\.kind) == [.duplicateMove])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#16 heights given after bind are used: the table reads them when reconnected")
    func finding16RowHeightsAfterBind() throws {
      let table = HeadlessTable(viewportHeight: 440)
      let dataSource = SectionedDataSource<String, Row>()
        .bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      #expect(table.contentHeight == 88)
      dataSource.rowHeight { _, _ in 60 }
      #expect(table.contentHeight == 120)
    }

    @Test("#11 a section update in a batch that inserts a section titles the right header")
    func finding11TitlesFollowTheirSections() throws {
      let (table, window) = tableInWindow()
      var headers = ["B"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table)
        .sectionsNumber { headers.count }
        .rowsNumber { _ in 1 }
        .headerTitle { section, _ in headers[section] }
        .configureCell(TitleCell.self, reuseIdentifier: "title") { cell, path in
          cell.title = "\(path.section)"
        }
      dataSource.reload()
      table.layoutIfNeeded()
      #expect(table.headerView(forSection: 0)?.textLabel?.text == "B")
      try dataSource.performUpdates(BatchUpdate(sectionInserts: [0], sectionUpdates: [0])) {
        headers = ["new", "B'"]
      }
      table.layoutIfNeeded()
      #expect(table.headerView(forSection: 1)?.textLabel?.text == "B'")
      #expect(table.headerView(forSection: 0)?.textLabel?.text == "new")
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#11 a header that appears is laid out by reloading its section")
    func finding11AppearingHeaderReloadsTheSection() throws {
      let (table, window) = tableInWindow()
      var title: String?
      let dataSource = rowSource(table).headerTitle { _, _ in title }
      try dataSource.apply(try snapshot([Row(1)]))
      table.layoutIfNeeded()
      #expect(table.headerView(forSection: 0) == nil)
      table.clearCalls()
      title = "Title"
      try dataSource.apply(try snapshot([Row(1)]))
      table.layoutIfNeeded()
      #expect(table.calls.contains { $0.contains("Reload section 0") })
      #expect(table.headerView(forSection: 0)?.textLabel?.text == "Title")
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("#12 a collection view's selection survives a reload (it lays out before selecting)")
    func finding12CollectionSelectionSurvivesAReload() throws {
      let (collection, window) = collectionInWindow()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection).configureCell(TileCell.self, reuseIdentifier: "tile") { _, _ in }
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      collection.layoutIfNeeded()
      collection.simulateTap(at: path(2))
      // The window goes away for a moment (a tab switch): the apply reloads.
      collection.removeFromSuperview()
      try dataSource.apply(try snapshot([Row(0), Row(1), Row(2), Row(3)]))
      window.addSubview(collection)
      collection.layoutIfNeeded()
      #expect(collection.indexPathsForSelectedItems == [path(3)])
      #expect(!collection.calls.contains("selectItem dropped: reload pending"))
      withExtendedLifetime(window) {}
    }
  }
#endif
