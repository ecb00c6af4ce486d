#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaOutline
  import CatenaPaging
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// The rows of a screen with a pager's recent entries above an outline of folders.
  enum Shelf: Identifiable, Equatable, StatusRow {
    case recent(PagerRow<Entry>)
    case file(OutlineRow<Entry>)

    enum ID: Hashable {
      case recent(PagerRow<Entry>.ID), file(OutlineRow<Entry>.ID)
    }

    var id: ID {
      switch self {
      case .recent(let row): .recent(row.id)
      case .file(let row): .file(row.id)
      }
    }

    var status: PagerStatus? {
      switch self {
      case .recent(let row): row.status
      case .file(let row): row.status
      }
    }

    var title: String? {
      switch self {
      case .recent(let row): row.item?.id
      case .file(let row): row.item?.id
      }
    }

    static let recents = RowCase(Shelf.recent) {
      if case .recent(let row) = $0 { row } else { nil }
    }
    static let files = RowCase(Shelf.file) { if case .file(let row) = $0 { row } else { nil } }
  }

  @MainActor
  @Suite("A pager and an outline in one UIKit table")
  struct MixedRowsUIKitTests {
    /// A data source of shelf rows on `table`, its cells showing content configurations and
    /// status cells, with `sections` in their order, empty: each binding fills its own.
    func shelf(on table: UITableView, sections: [String]) throws -> SectionedDataSource<
      String, Shelf
    > {
      let dataSource = SectionedDataSource<String, Shelf>()
        .bind(table)
        .configureCell { _, row in
          var content = UIListContentConfiguration.cell()
          content.text = row.title
          return content
        }
        .statusCell(PagerStatusCell.self)
      var snapshot = Snapshot<String, Shelf>()
      try snapshot.appendSections(sections)
      try dataSource.apply(snapshot, animated: false)
      return dataSource
    }

    @Test func eachSectionAnswersTheTableForItsOwnRows() async throws {
      let (table, window) = tableInWindow(height: 20 * 44)
      var selected: [String] = []
      let dataSource = try shelf(on: table, sections: ["recent", "files"])
        .didSelect { _, row in selected.append(row.title ?? "") }
      let recents = Pager(
        PagerConfiguration(pageSize: 5),
        source: FixturePages(count: 2) { Entry(id: "recent \($0)") }.source)
      let files = Outline<Entry>()
      recents.bind(dataSource, section: "recent", as: Shelf.recents)
      files.bind(dataSource, section: "files", as: Shelf.files)
      try files.apply(entries, animated: false)
      await recents.refresh().ended()
      await settle(recents)
      // The entries came above the folders, which stayed where the user saw them: scroll up.
      table.contentOffset = .zero
      table.layoutIfNeeded()
      #expect(table.numberOfRows(inSection: 0) == 3, "two entries and the end of the list")
      #expect(table.numberOfRows(inSection: 1) == 2)
      // The pager's rows have no indent; its end row is its own: a tap on it selects nothing.
      #expect(table.cellForRow(at: path(0, 0))?.indentationLevel == 0)
      #expect(table.cellForRow(at: path(0, 1))?.indentationLevel == OutlineChevron.gutterLevels)
      table.simulateTap(at: path(2, 0))
      #expect(selected.isEmpty && (table.indexPathsForSelectedRows ?? []).isEmpty)
      // A tap on the folder opens it, in the outline's section only, in one batch UIKit takes.
      table.simulateTap(at: path(0, 1))
      table.layoutIfNeeded()
      #expect(files.expandedIDs == ["Documents"])
      #expect(table.numberOfRows(inSection: 1) == 3)
      #expect(table.numberOfRows(inSection: 0) == 3)
      #expect(table.cellForRow(at: path(1, 1))?.indentationLevel == 1 + OutlineChevron.gutterLevels)
      // A tap on a recent entry is the app's.
      table.simulateTap(at: path(1, 0))
      #expect(selected == ["Documents", "recent 1"])
      #expect(table.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func rowsComingOnScreenLoadTheNextPagesOfTheirOwnSectionOnly() async throws {
      let (table, window) = tableInWindow(height: 20 * 44)
      let dataSource = try shelf(on: table, sections: ["files", "recent"])
      let files = Outline<Entry>()
      files.bind(dataSource, section: "files", as: Shelf.files)
      try files.apply(entries, animated: false)
      let recents = Pager(
        PagerConfiguration(pageSize: 5, prefetchDistance: 2),
        source: FixturePages(count: 100) { Entry(id: "recent \($0)") }.source)
      recents.bind(dataSource, section: "recent", as: Shelf.recents)
      await recents.refresh().ended()
      await settle(recents)
      table.layoutIfNeeded()
      await settle(recents)
      // The screen shows 20 rows: the first page's rows near its end asked for the next ones,
      // through UIKit's display and prefetch calls, until the screen was full.
      let filled = recents.loadedPageCount
      #expect(filled > 1)
      #expect(filled < 20, "not the whole list: only what nears the screen")
      // The user scrolls to the end: the rows coming on screen (the pager's section's, told by
      // the table's display calls) load the next page; nothing else would.
      table.contentOffset = CGPoint(x: 0, y: table.contentSize.height - 20 * 44)
      table.layoutIfNeeded()
      await settle(recents)
      #expect(recents.loadedPageCount > filled)
      #expect(table.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
