#if os(Linux)
  import CatenaDataSource
  import CatenaRequest
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N4: a row's spinner follows the row through cell reuse, not the cell object.
  @MainActor
  @Suite("N4 CellLoader follows the row")
  struct CellLoaderReuseTests {
    @Test("N4 a reused cell shows no spinner for another row, and never gets the row's accessory")
    func theSpinnerFollowsTheRowThroughReuse() throws {
      let (table, window) = tableInWindow()
      let badge = UIView(frame: .zero)
      let dataSource = rowSource(table).configureCell(TitleCell.self, reuseIdentifier: "title") {
        cell, _, row in
        cell.title = row.title
        cell.accessoryView = row.id == 0 ? badge : nil
      }
      try dataSource.apply(try snapshot((0..<40).map { Row($0) }))
      table.layoutIfNeeded()
      let first = try #require(table.cellForRow(at: path(0)))
      let loader = CellLoader(for: 0, in: dataSource)
      let request = RequestID()
      loader.begin(request)
      #expect(first.accessoryView === loader.spinner)
      // Row 0 scrolls away; its cell is reused for a row further down.
      table.simulateScroll(toY: 20 * 44)
      let reused = try #require(
        table.visibleCells.first { $0 === first }, "row 0's cell shows another row")
      #expect(reused.accessoryView !== loader.spinner)
      loader.end(request)
      #expect(reused.accessoryView !== badge, "row 0's accessory stays with row 0")
      #expect(table.visibleCells.allSatisfy { $0.accessoryView == nil })
      // Back at the top: row 0 shows its own accessory, no spinner.
      table.simulateScroll(toY: 0)
      #expect(table.cellForRow(at: path(0))?.accessoryView === badge)
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("N4 a row scrolled back on screen while loading spins in its new cell")
    func aRowBackOnScreenSpins() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot((0..<40).map { Row($0) }))
      table.layoutIfNeeded()
      let loader = CellLoader(for: 0, in: dataSource)
      let request = RequestID()
      loader.begin(request)
      table.simulateScroll(toY: 20 * 44)
      #expect(table.visibleCells.allSatisfy { $0.accessoryView !== loader.spinner })
      table.simulateScroll(toY: 0)
      #expect(table.cellForRow(at: path(0))?.accessoryView === loader.spinner)
      loader.end(request)
      #expect(table.cellForRow(at: path(0))?.accessoryView == nil)
      withExtendedLifetime(window) {}
    }
  }
#endif
