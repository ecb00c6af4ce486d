#if os(Linux)
  import CatenaDataSource
  import Testing
  import UIKitFakes

  /// `reload()` selects again the items that were selected: a collection's section-index
  /// refresh goes through it, and UIKit's `reloadData()` clears the selection.
  @MainActor
  @Suite("A reload keeps the selection by item")
  struct ReloadSelectionTests {
    @Test func aReloadSelectsTheSameItemsAgain() throws {
      let (table, window) = tableInWindow()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(table)
        .configureCell(UITableViewCell.self) { _, _, _ in }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      table.selectRow(at: path(2), animated: false, scrollPosition: .none)
      dataSource.reload()
      table.layoutIfNeeded()
      #expect(table.indexPathsForSelectedRows == [path(2)])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func rowsReadFromCountClosuresAreNotSelectedByTheirOldPlace() {
      let (table, window) = tableInWindow()
      var rows = ["x", "y"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table)
        .sectionsNumber { 1 }
        .rowsNumber { _ in rows.count }
        .configureCell(UITableViewCell.self) { _, _ in }
      dataSource.reload()
      table.layoutIfNeeded()
      table.selectRow(at: path(1), animated: false, scrollPosition: .none)  // "y"
      rows.insert("w", at: 0)
      dataSource.reload()
      table.layoutIfNeeded()
      #expect(table.indexPathsForSelectedRows == nil, "row 1 is \"x\" now: no id to follow")
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
