#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// The fakes lay rows out as UIKit does: heights from the delegate, self-sizing rows at their
  /// estimate until shown, headers and footers taking room; so anchors are tested with them.
  @MainActor
  @Suite("Fake geometry: self-sizing rows, headers, and the anchor")
  struct GeometryTests {
    /// A data source of self-sizing rows (row `n` is 30 + 20 × (n % 3) points tall once shown)
    /// in sections with titled headers.
    func sizedSource(_ table: UITableView) -> SectionedDataSource<String, Row> {
      table.rowHeight = UITableView.automaticDimension
      table.estimatedRowHeight = 50
      return SectionedDataSource<String, Row>()
        .bind(table)
        .configureCell(SizedCell.self, reuseIdentifier: "sized") { cell, _, row in
          cell.title = row.title
          cell.height = CGFloat(30 + 20 * (row.id % 3))
        }
        .headerTitle { _, id in id == "older" ? "Older" : "Newer" }
    }

    /// Two sections with headers: "older" and "newer" rows.
    func sections(older: Range<Int>, newer: Range<Int>) throws -> Snapshot<String, Row> {
      var snapshot = Snapshot<String, Row>()
      try snapshot.appendSection("older")
      try snapshot.appendItems(older.map { Row($0) }, toSection: "older")
      try snapshot.appendSection("newer")
      try snapshot.appendItems(newer.map { Row($0) }, toSection: "newer")
      return snapshot
    }

    @Test("headers take room and shown self-sizing rows take their own height")
    func headersAndSelfSizing() throws {
      let (table, window) = tableInWindow()
      let dataSource = sizedSource(table)
      try dataSource.apply(try sections(older: 0..<3, newer: 3..<6))
      table.layoutIfNeeded()
      // Older: header 28, rows 30, 50, 70; newer: header 28, then row 3 (30).
      #expect(table.rectForRow(at: path(0, 0)).minY == 28)
      #expect(table.rectForRow(at: path(2, 0)).height == 70)
      #expect(Double(table.rectForRow(at: path(0, 1)).minY) == 206)
      withExtendedLifetime(window) {}
    }

    @Test("older rows above self-sizing rows and a header keep the row being read still")
    func theAnchorHoldsWithSelfSizingRows() throws {
      let (table, window) = tableInWindow()
      let dataSource = sizedSource(table)
      try dataSource.apply(try sections(older: 10..<20, newer: 20..<40))
      table.layoutIfNeeded()
      table.simulateScroll(toY: table.rectForRow(at: path(3, 1)).minY + 7)
      let read = try #require(table.cellForRow(at: path(3, 1)) as? SizedCell)
      #expect(read.title == "r23")
      let screenTop = table.rectForRow(at: path(3, 1)).minY - table.contentOffset.y
      try dataSource.applyKeepingPosition(try sections(older: 0..<20, newer: 20..<40))
      let now = try #require(dataSource.snapshot?.path(of: 23)).indexPath
      #expect(table.rectForRow(at: now).minY - table.contentOffset.y == screenTop)
      #expect((table.cellForRow(at: now) as? SizedCell)?.title == "r23")
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("a negative row height raises, as UIKit does")
    func aNegativeRowHeightRaises() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table).rowHeight { _, row in row?.id == 2 ? -10 : 44 }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      #expect(
        table.exceptions.contains {
          $0.hasPrefix("table view row height must not be negative")
        })
      withExtendedLifetime(window) {}
    }
  }

  /// A cell whose height depends on what it shows (self-sizing).
  final class SizedCell: UITableViewCell {
    var title = ""
    var height: CGFloat = 0
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      CGSize(width: targetSize.width, height: height)
    }
  }
#endif
