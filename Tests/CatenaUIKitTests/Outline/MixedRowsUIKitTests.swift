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
    @Test func eachSectionAnswersTheTableForItsOwnRows() async throws {
      let (table, window) = tableInWindow(height: 20 * 44)
      var selected: [String] = []
      let dataSource = SectionedDataSource<String, Shelf>()
        .bind(table)
        .configureCell { _, row in
          var content = UIListContentConfiguration.cell()
          content.text = row.title
          return content
        }
        .statusCell(PagerStatusCell.self)
        .didSelect { _, row in selected.append(row.title ?? "") }
      // The sections in their order, empty: each binding fills its own.
      var sections = Snapshot<String, Shelf>()
      try sections.appendSections(["recent", "files"])
      try dataSource.apply(sections, animated: false)
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
  }
#endif
