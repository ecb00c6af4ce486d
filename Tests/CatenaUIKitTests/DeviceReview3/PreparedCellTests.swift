#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaOutline
  import CatenaPaging
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// UIKit (iOS 15) keeps cells that scrolled off and shows them again with `willDisplay`
  /// only; what an apply changes without reconfiguring the row reaches them there (R3-F2,
  /// R3-N6).
  @MainActor
  @Suite("Prepared cells shown again (R3-F2, R3-N6)")
  struct PreparedCellTests {
    @Test func aRowScrolledOffAndBackShowsItsPreparedCellWithoutAskingTheDataSource() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(snapshot((0..<40).map { Row($0) }))
      table.layoutIfNeeded()
      let first = try #require(table.cellForRow(at: path(0)))
      table.simulateScroll(toY: 88)  // rows 0 and 1 scroll off
      #expect(table.cellForRow(at: path(0)) === first, "a prepared cell is still the row's")
      #expect(!table.visibleCells.contains { $0 === first })
      table.clearCalls()
      table.simulateScroll(toY: 0)
      #expect(table.calls.contains("show prepared 0 - 0"))
      #expect(!table.calls.contains { $0.hasPrefix("dequeue(title, 0 - 0)") })
      #expect(table.visibleCells.first === first)
      withExtendedLifetime((window, dataSource)) {}
    }

    /// What the rows' tap behaviours say: the mode they were given in, and the taps heard.
    final class TapLog {
      var mode = "read"
      var taps: [String] = []
    }

    /// Rows of button cells whose behaviour taps record the mode of the apply that gave it.
    func tapList(_ table: UITableView) -> (SectionedDataSource<String, Row>, TapLog) {
      let log = TapLog()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(table)
        .configureCell(ButtonCell.self, reuseIdentifier: "button") { cell, _, row in
          cell.title = row.title
        } behaviors: { cell, _, row in
          let now = log.mode
          cell.onTap = { log.taps.append("\(now):\(row.id)") }
        }
      return (dataSource, log)
    }

    @Test func r3n6APreparedCellShownAgainCallsTheClosuresOfNow() throws {
      let (table, window) = tableInWindow()
      let (dataSource, log) = tapList(table)
      let rows = (0..<40).map { Row($0) }
      try dataSource.apply(snapshot(rows))
      table.layoutIfNeeded()
      table.simulateScroll(toY: 88)  // rows 0 and 1 are prepared cells now
      log.mode = "edit"
      try dataSource.apply(snapshot(rows))  // nothing changed on screen: no reconfigure
      table.simulateScroll(toY: 0)
      #expect(table.calls.contains("show prepared 0 - 0"))
      (table.cellForRow(at: path(0)) as? ButtonCell)?.onTap?()
      #expect(log.taps == ["edit:0"], "a cell never calls a closure an earlier apply gave it")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func theCellConfiguredLastKeptOffScreenAcrossAnUpdateCallsTheClosuresOfNow() throws {
      let (table, window) = tableInWindow()
      let (dataSource, log) = tapList(table)
      let rows = (0..<40).map { Row($0) }
      try dataSource.apply(snapshot(rows))
      table.layoutIfNeeded()
      table.simulateScroll(toY: 88)  // rows 10 and 11 are configured, 11 last
      table.simulateScroll(toY: 0)  // and kept off screen as prepared cells
      log.mode = "edit"
      try dataSource.apply(snapshot(rows))  // nothing changed on screen: no reconfigure
      table.simulateScroll(toY: 88)
      #expect(table.calls.contains("show prepared 0 - 11"))
      (table.cellForRow(at: path(11)) as? ButtonCell)?.onTap?()
      #expect(log.taps == ["edit:11"], "the cell configured last is not current after an update")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n6APreparedFolderRowShowsItIsOpenWhenItComesBack() throws {
      let (table, window) = tableInWindow()
      let files = Outline<Entry>()
      let dataSource = SectionedDataSource<String, OutlineRow<Entry>>()
        .bind(table)
        .configureCell { _, row in
          var content = UIListContentConfiguration.cell()
          content.text = row.item?.id
          return content
        }
      files.bind(dataSource, section: "files")
      let folders = (0..<30).map {
        OutlineNode(Entry(id: "folder \($0)"), children: [OutlineNode(Entry(id: "file \($0)"))])
      }
      try files.apply(folders, animated: false)
      table.layoutIfNeeded()
      table.simulateScroll(toY: 88)  // folders 0 and 1 are prepared cells now
      try files.expand("folder 0", animated: false)  // from a search hit, say
      table.simulateScroll(toY: 0)
      #expect(table.calls.contains("show prepared 0 - 0"))
      let chevron = table.cellForRow(at: path(0))?.outlineChevron
      #expect(chevron?.isExpanded == true)
      #expect(chevron?.accessibilityLabel == "Collapse")
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
