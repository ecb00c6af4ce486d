#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  @MainActor
  @Suite("A two-way pager on a UITableView")
  struct PagerTableTests {
    @Test func olderPagesLoadAboveWithoutMovingTheRowBeingRead() async throws {
      let (table, window) = tableInWindow()
      let (pager, dataSource) = boundPager(table)
      pager.refresh(at: .cursor(FixturePages<Row>.cursor(forOffset: 40)))
      await settle(pager)
      table.layoutIfNeeded()
      #expect(pager.items.first?.id == 0, "the pages above loaded as r40 came on screen")
      let first = try #require(table.indexPathsForVisibleRows?.first)
      #expect((table.cellForRow(at: first) as? TitleCell)?.title == "r40")
      #expect(table.catena.scrollAnchors.first?.offset == 0)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aTappedFailedRowRetries() async throws {
      let (table, window) = tableInWindow()
      let server = FixturePages(count: 30) { Row($0) }.failingNext()
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.title = row.item?.title ?? row.text
        }
      pager.bind(dataSource, section: "rows")
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      let row = IndexPath(row: 0, section: 0)
      #expect((table.cellForRow(at: row) as? TitleCell)?.title.hasPrefix("Couldn't load") == true)
      table.simulateTap(at: row)
      await settle(pager)
      #expect(pager.items.count == 30)
      _ = window
    }
  }
#endif
