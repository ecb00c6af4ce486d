#if os(Linux)
  import CatenaDataSource
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Testing
  import UIKitFakes

  @MainActor
  @Suite("The ready-made status cell")
  struct PagerStatusCellTests {
    @Test func aFailedLoadIsAButtonThatRetriesAndALoadASpinner() async throws {
      let (table, window) = tableInWindow()
      let server = FixturePages(count: 30) { Row($0) }.failingNext()
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.title = row.item?.title ?? ""
        }
      dataSource.statusCell(PagerStatusCell.self)
      pager.bind(dataSource, section: "rows")
      pager.refresh()
      table.layoutIfNeeded()
      let first = IndexPath(row: 0, section: 0)
      let loading = try #require(table.cellForRow(at: first) as? PagerStatusCell)
      #expect(loading.status == .firstLoad)
      #expect(loading.spinner.isAnimating && loading.accessoryView === loading.spinner)
      await settle(pager)
      table.layoutIfNeeded()
      let failed = try #require(table.cellForRow(at: first) as? PagerStatusCell)
      #expect(failed.textLabel?.text?.hasSuffix("Tap to retry.") == true)
      #expect(failed.accessibilityTraits == .button && !failed.spinner.isAnimating)
      table.simulateTap(at: first)
      await settle(pager)
      table.layoutIfNeeded()
      #expect((table.cellForRow(at: first) as? TitleCell)?.title == "r0")
      _ = window
    }
  }
#endif
