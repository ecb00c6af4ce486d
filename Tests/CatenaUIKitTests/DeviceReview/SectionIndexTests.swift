#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N3: the section index follows animated applies, and a tap finds its section by title.
  @MainActor
  @Suite("N3 the section index after animated applies")
  struct SectionIndexTests {
    /// Sections named `names`, each with one row.
    func sections(_ names: [String]) throws -> Snapshot<String, Row> {
      var snapshot = Snapshot<String, Row>()
      for (index, name) in names.enumerated() {
        try snapshot.appendSection(name)
        try snapshot.appendItems([Row(index * 100 + name.count)], toSection: name)
      }
      return snapshot
    }

    @Test("N3 an apply that inserts and deletes sections refreshes the index; a tap goes by title")
    func theIndexFollowsSectionChanges() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table).sectionIndexTitle { _, id in id }
      try dataSource.apply(try sections(["A", "B", "C"]))
      table.layoutIfNeeded()
      #expect(table.shownSectionIndexTitles == ["A", "B", "C"])
      try dataSource.apply(try sections(["A", "C", "D"]))
      #expect(table.shownSectionIndexTitles == ["A", "C", "D"])
      table.clearCalls()
      table.simulateSectionIndexTap(at: 1)
      #expect(table.calls.first == "sectionIndex C -> section 1")
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("N3 a tap on an index read before every section went stays in bounds")
    func aStaleIndexWithNoSectionsLeftDoesNotRaise() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table).sectionIndexTitle { _, id in id }
      try dataSource.apply(try sections(["A", "B", "C"]))
      table.layoutIfNeeded()
      // The stale title of a section that went maps by title, else into the sections there are.
      try dataSource.apply(try sections(["B"]))
      #expect(
        table.dataSource?.tableView(table, sectionForSectionIndexTitle: "C", at: 2) == 0)
      #expect(
        table.dataSource?.tableView(table, sectionForSectionIndexTitle: "B", at: 1) == 0)
      try dataSource.apply(Snapshot<String, Row>())
      #expect(table.shownSectionIndexTitles == [])
      #expect(table.dataSource?.sectionIndexTitles(for: table) == nil)
      #expect(
        table.dataSource?.tableView(table, sectionForSectionIndexTitle: "A", at: 0) == 0)
      withExtendedLifetime(window) {}
    }

    @Test("the fake keeps the index it read until reloadData or reloadSectionIndexTitles")
    func theFakeCachesTheIndex() throws {
      let (table, window) = tableInWindow()
      var titles = ["A", "B"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table).configureCell(TitleCell.self, reuseIdentifier: "title") { _, _ in }
        .sectionsNumber { titles.count }
        .rowsNumber { _ in 1 }
        .sectionIndexTitle { section, _ in titles[section] }
      dataSource.reload()
      #expect(table.shownSectionIndexTitles == ["A", "B"])
      titles = ["A", "B", "C"]
      #expect(table.shownSectionIndexTitles == ["A", "B"])
      table.reloadSectionIndexTitles()
      #expect(table.shownSectionIndexTitles == ["A", "B", "C"])
      titles = []
      table.reloadData()
      table.simulateSectionIndexTap(at: 0)
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }
  }
#endif
