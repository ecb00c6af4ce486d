#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaOutline
  import CatenaPaging
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A table outline opens and closes while the table edits, and a folder row says its state
  /// to VoiceOver on both lists (R3-N7, R3-F5, R3-P1, R3-F6).
  @MainActor
  @Suite("Outline rows while editing and to VoiceOver (R3-N7, R3-P1)")
  struct OutlineRowTests {
    func outline(on list: some UIScrollView) throws -> (
      Outline<Entry>, SectionedDataSource<String, OutlineRow<Entry>>
    ) {
      try OutlineUIKitTests().outline(on: list)
    }

    @Test func fakeTablesHideTheAccessoryViewAndSelectNothingWhileEditing() {
      let (table, window) = tableInWindow()
      let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
      #expect(cell.isAccessibilityElement, "a table cell reads as one row")
      let source = ReorderFakeTests.Moves()
      table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
      table.dataSource = source
      table.layoutIfNeeded()
      let shown = table.cellForRow(at: path(0))
      #expect(shown != nil)
      shown?.accessoryView = UIView()
      #expect(shown?.shownAccessoryView === shown?.accessoryView)
      shown?.editingAccessoryView = UIView()
      table.isEditing = true
      #expect(
        shown?.shownAccessoryView == nil,
        "accessoryView shows in the normal state only; the reorder control replaces the other")
      source.movable = false
      #expect(shown?.shownAccessoryView === shown?.editingAccessoryView, "a row that cannot move")
      source.movable = true
      table.simulateTap(at: path(1))
      #expect(table.indexPathsForSelectedRows == nil, "no selection while editing by default")
      table.allowsSelectionDuringEditing = true
      table.simulateTap(at: path(1))
      #expect(table.indexPathsForSelectedRows == [path(1)])
      withExtendedLifetime((window, source)) {}
    }

    @Test func r3n7ATableFolderOpensFromItsChevronWhileTheTableEditsBesideTheReorderControl()
      throws
    {
      let (table, window) = tableInWindow()
      let (files, dataSource) = try outline(on: table)
      files.canPlace { _, parent in parent == nil || parent?.id == "Documents" }
      table.isEditing = true
      table.layoutIfNeeded()
      let folder = try #require(table.cellForRow(at: path(0)))
      #expect(table.showsReorderControl(on: folder), "folders move too")
      #expect(folder.shownAccessoryView == nil, "the reorder control replaces the accessories")
      let chevron = try #require(folder.outlineChevron, "the chevron shows leading in the row")
      #expect(chevron.frame.minX >= 0 && chevron.frame.maxX <= 30, "in the gutter of depth 0")
      #expect(folder.indentationLevel == OutlineChevron.gutterLevels)
      chevron.sendActions(for: .touchUpInside)
      #expect(files.expandedIDs == ["Documents"])
      table.layoutIfNeeded()
      #expect(table.visibleCells.count == 3, "Documents, CV.pdf, notes.txt")
      #expect(table.cellForRow(at: path(0))?.outlineChevron?.isExpanded == true)
      #expect(table.cellForRow(at: path(1))?.outlineChevron == nil, "a file has none")
      #expect(table.cellForRow(at: path(1))?.indentationLevel == 1 + OutlineChevron.gutterLevels)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    /// The row's state and action as VoiceOver gets them.
    func voiceOver(_ cell: UIView?) -> (value: String?, actions: [String]) {
      (cell?.accessibilityValue, cell?.accessibilityCustomActions?.map(\.name) ?? [])
    }

    @Test(arguments: [false, true])
    func r3p1AFolderRowSaysItsStateAndOpensFromItsAction(collectionList: Bool) throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let list: UIScrollView =
        collectionList
        ? UICollectionView(
          frame: window.frame,
          collectionViewLayout: UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain)))
        : UITableView(frame: window.frame, style: .plain)
      window.addSubview(list)
      let (files, dataSource) = try outline(on: list)
      list.layoutIfNeeded()
      func cell(_ item: Int) -> UIView? {
        (list as? UITableView)?.cellForRow(at: path(item))
          ?? (list as? UICollectionView)?.cellForItem(at: path(item))
      }
      let folder = cell(0)
      #expect(folder?.isAccessibilityElement == true)
      #expect(voiceOver(folder).value == "collapsed")
      #expect(voiceOver(folder).actions == ["Expand"])
      #expect(voiceOver(cell(1)).value == nil && voiceOver(cell(1)).actions.isEmpty, "a file")
      let posted = UIAccessibility.posted.count
      #expect(
        folder?.accessibilityCustomActions?.first?.actionHandler?(
          try #require(folder?.accessibilityCustomActions?.first)) == true)
      #expect(files.expandedIDs == ["Documents"])
      list.layoutIfNeeded()
      #expect(voiceOver(cell(0)).value == "expanded")
      #expect(voiceOver(cell(0)).actions == ["Collapse"])
      #expect(
        UIAccessibility.posted.dropFirst(posted).contains { $0.0 == .layoutChanged },
        "VoiceOver reads the row again")
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
