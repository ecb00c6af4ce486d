#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A SwiftUI row as `UIHostingConfiguration` makes one: a content view as tall as its
  /// content, which asks to be measured again when the content changes size.
  struct HostedRow: UIContentConfiguration {
    var height: CGFloat
    @MainActor func makeContentView() -> any UIView & UIContentView { HostedRowView(self) }
    func updated(for state: any UIConfigurationState) -> HostedRow { self }
  }

  @MainActor
  final class HostedRowView: UIView, UIContentView {
    var configuration: any UIContentConfiguration
    /// The height the SwiftUI content takes now.
    var height: CGFloat {
      didSet { invalidateIntrinsicContentSize() }
    }
    init(_ configuration: HostedRow) {
      self.configuration = configuration
      height = configuration.height
      super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { CGSize(width: -1, height: height) }
  }

  /// Rows size themselves by default, as on a device, and a row whose content changes size is
  /// measured again (R3-F7, R3-F11).
  @MainActor
  @Suite("Self-sizing rows by default, and SwiftUI rows that resize (R3-F7, R3-F11)")
  struct SelfSizingRowTests {
    /// 30 rows bound to `list`, row 2 a hosted row 100 points tall, the others one line of
    /// text.
    func boundRows(_ list: UIScrollView) throws -> SectionedDataSource<String, Row> {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell { _, row -> any UIContentConfiguration in
          if row.id == 2 { return HostedRow(height: 100) }
          var content = UIListContentConfiguration.cell()
          content.text = row.title
          return content
        }
      if let table = list as? UITableView { dataSource.bind(table) }
      if let collection = list as? UICollectionView { dataSource.bind(collection) }
      try dataSource.apply(snapshot((0..<30).map { Row($0) }))
      return dataSource
    }

    @Test func r3f7ATableSizesItsRowsUnlessTheAppSetsAHeight() throws {
      let (table, window) = tableInWindow()
      #expect(table.rowHeight == UITableView.automaticDimension)
      #expect(table.estimatedRowHeight == UITableView.automaticDimension)
      let dataSource = try boundRows(table)
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: path(0)).height == 40, "one line of text: 22 + 18")
      #expect(table.rectForRow(at: path(2)).height == 100, "the hosted row's content")
      #expect(table.rectForRow(at: path(20)).height == 44, "not shown yet: the estimate")
      table.rowHeight = 44  // the app opts out of self-sizing
      table.reloadData()
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: path(2)).height == 44)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3f7ACellThatAsksForNoHeightTakesTheStandardOneNotTheEstimate() throws {
      let (table, window) = tableInWindow()
      table.estimatedRowHeight = 100
      let dataSource = rowSource(table)
      try dataSource.apply(snapshot((0..<20).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: path(0)).height == 44, "UIKit: 'using standard height'")
      #expect(table.visibleCells.count == 10, "rows measured smaller leave room for more")
      #expect(table.rectForRow(at: path(15)).height == 100, "not shown: the estimate")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test(arguments: ["table", "collection"])
    func r3f11AHostedRowIsMeasuredAgainWhenItsContentChangesSize(_ kind: String) throws {
      let (table, tableWindow) = tableInWindow()
      let (collection, listWindow) = listInWindow()
      let list: UIScrollView = kind == "table" ? table : collection
      let dataSource = try boundRows(list)
      list.layoutIfNeeded()
      let rowFrame = { (item: Int) in
        kind == "table"
          ? table.rectForRow(at: path(item))
          : collection.layoutAttributesForItem(at: path(item))?.frame ?? .zero
      }
      let below = rowFrame(3).minY
      #expect(rowFrame(2).height == 100)
      let shown =
        kind == "table"
        ? table.cellForRow(at: path(2))?.contentView
        : collection.cellForItem(at: path(2))?.contentView
      let hosted = try #require(shown as? HostedRowView)
      hosted.height = 160  // the SwiftUI content grew
      list.layoutIfNeeded()
      #expect(rowFrame(2).height == 160)
      #expect(rowFrame(3).minY == below + 60, "the rows below moved down")
      withExtendedLifetime((tableWindow, listWindow, dataSource)) {}
    }

    @Test func r3f11WithInvalidationDisabledTheRowKeepsItsHeight() throws {
      let (table, window) = tableInWindow()
      table.selfSizingInvalidation = .disabled
      let dataSource = try boundRows(table)
      table.layoutIfNeeded()
      let hosted = try #require(table.cellForRow(at: path(2))?.contentView as? HostedRowView)
      hosted.height = 160
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: path(2)).height == 100)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3f11ARowPartlyAboveTheScreenThatGrowsKeepsWhatShowsInPlace() throws {
      let (table, window) = tableInWindow()
      let dataSource = try boundRows(table)
      table.layoutIfNeeded()
      let hosted = try #require(table.cellForRow(at: path(2))?.contentView as? HostedRowView)
      table.simulateScroll(toY: 120)  // row 2 (80–180) starts above the top
      let top = table.rectForRow(at: path(8)).minY - table.contentOffset.y
      table.clearCalls()
      hosted.height = 150
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: path(8)).minY - table.contentOffset.y == top)
      #expect(table.calls.contains("offset corrected by 50.0 during layout"))
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3f11RowsAHostedRowPushesOffScreenDisappearAndRowsItPullsOnAppear() async throws {
      let (table, window) = tableInWindow()
      let list = ImpressionList()
      list.dataSource.bind(table)
        .configureCell { _, row -> any UIContentConfiguration in
          if row.id == 2 { return HostedRow(height: 44) }
          var content = UIListContentConfiguration.cell()
          content.text = row.title
          return content
        }
      try list.dataSource.apply(snapshot((0..<30).map { Row($0) }))
      await list.advance(milliseconds: 300)
      let first = await list.take()
      #expect(first.count == 11, "rows 0–10 (40 points each, row 2 44) at least half show")
      let hosted = try #require(table.cellForRow(at: path(2))?.contentView as? HostedRowView)
      hosted.height = 244  // grows by 200: rows 6–10 go below the bottom
      table.layoutIfNeeded()
      #expect(await list.take() == (6...10).map { .disappeared($0) })
      hosted.height = 44  // back: they show again
      table.layoutIfNeeded()
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (6...10).map { .appeared($0) })
      withExtendedLifetime(window) {}
    }
  }
#endif
