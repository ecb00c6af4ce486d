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

    @Test func aPageThatArrivesWhileARowIsHeldShowsWhenTheViewGivesItBack() async throws {
      let (table, window) = tableInWindow()
      let (pager, dataSource) = boundPager(table)
      let clock = ManualClock()
      dataSource.reorderClock = clock
      dataSource.didMove { _, _, _ in }
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      let shown = table.numberOfRows(inSection: 0)
      table.isEditing = true
      #expect(table.simulateLift(at: path(2)))
      table.simulateScroll(toY: CGFloat(shown) * 44 - 440)  // near the end: the next page loads
      await settle(pager)
      #expect(pager.items.count > 20, "the page came while the row was held")
      #expect(table.numberOfRows(inSection: 0) == shown, "and waits: no batch under the hold")
      #expect(table.exceptions.isEmpty)
      #expect(table.simulateCancelReorder())
      try await tickUntilReorderEnds(dataSource, clock)
      table.layoutIfNeeded()
      #expect(table.numberOfRows(inSection: 0) == dataSource.numberOfRows(inSection: 0))
      #expect(table.numberOfRows(inSection: 0) > shown, "the page shows once the row is back")
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
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
