#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N10: a tapped status row does not stay selected.
  @MainActor
  @Suite("N10 tapped status rows")
  struct StatusRowSelectionTests {
    @Test("N10 a tapped failed row retries and is deselected; no status row stays selected")
    func aTappedFailedRowIsDeselected() async throws {
      let (table, window) = tableInWindow()
      let server = FixturePages(count: 30) { Row($0) }.failingNext()
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.title = row.item?.title ?? row.text
        }
      dataSource.statusCell(PagerStatusCell.self)
      pager.bind(dataSource, section: "rows")
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      let failed = path(0)
      let cell = try #require(table.cellForRow(at: failed) as? PagerStatusCell)
      #expect(cell.status?.isRetryable == true)
      #expect(cell.selectionStyle != .none)
      #expect(cell.textLabel?.numberOfLines == 0)
      #expect(cell.textLabel?.adjustsFontForContentSizeCategory == true)
      table.simulateTap(at: failed)
      #expect(table.indexPathsForSelectedRows == nil, "deselected at once")
      await settle(pager)
      table.layoutIfNeeded()
      #expect(pager.items.count == 30)
      #expect(table.indexPathsForSelectedRows == nil)
      table.simulateScroll(toY: CGFloat(table.numberOfRows(inSection: 0)) * 44 - 440)
      await settle(pager)
      let end = try #require(table.visibleCells.compactMap { $0 as? PagerStatusCell }.first)
      #expect(end.status == .end)
      #expect(end.selectionStyle == .none)
      #expect(!end.isSelected)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
