#if os(Linux)
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaDataSource
  @testable import CatenaUIKit

  /// A list view of 30 rows with impressions on a manual clock, and what it heard.
  @MainActor
  final class ImpressionList {
    let clock = ManualClock()
    let dataSource = SectionedDataSource<String, Row>()
    var heard: [Impression<Int>] = []

    init() {
      dataSource.impressions(after: .milliseconds(300), clock: clock) { [weak self] in
        self?.heard.append($0)
      }
    }

    /// Lets the look a scroll asked for run, moves the clock on, and waits for the impressions'
    /// timer when it comes due.
    func advance(milliseconds: Int) async {
      // What the last scroll showed is looked at on the next turn, at the time of the scroll.
      await dataSource.impressionsDelivered()
      let timer = dataSource.impressionTimer(dueBy: clock.now.offset + .milliseconds(milliseconds))
      clock.advance(by: .milliseconds(milliseconds))
      await timer?.value
    }

    /// What was heard since the last call, once events kept for the next turn have come.
    /// Binds to `table` and shows rows 0–29 for as long as an impression takes: what
    /// appeared.
    func showRows(on table: UITableView) async throws -> [Impression<Int>] {
      dataSource.bind(table)
        .configureCell(TitleCell.self) { cell, _, row in cell.title = row.title }
      try dataSource.apply(snapshot((0..<30).map { Row($0) }))
      await advance(milliseconds: 300)
      return await take()
    }

    func take() async -> [Impression<Int>] {
      await dataSource.impressionsDelivered()
      defer { heard = [] }
      return heard
    }
  }

  @MainActor
  @Suite("Impressions and scrolling to an item on UIKit lists")
  struct ImpressionUIKitTests {
    @Test func aTableTellsImpressionsAsItScrollsAndNotAgainOnReloadOrReuse() async throws {
      let (table, window) = tableInWindow()
      let list = ImpressionList()
      #expect(try await list.showRows(on: table) == (0..<10).map { .appeared($0) })
      table.contentOffset = CGPoint(x: 0, y: 23)  // the user scrolls: row 0 under half
      #expect(await list.take() == [.disappeared(0)])
      list.dataSource.reload()
      try list.dataSource.apply(snapshot((0..<30).map { Row($0, "changed") }))
      await list.advance(milliseconds: 300)
      #expect(
        await list.take() == [.appeared(10)], "row 10 showed half since the scroll; no repeats")
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test func aHorizontalCollectionMeasuresWhatShowsAcross() async throws {
      let layout = UICollectionViewFlowLayout()
      layout.scrollDirection = .horizontal
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 440, height: 120))
      let collection = UICollectionView(frame: window.frame, collectionViewLayout: layout)
      window.addSubview(collection)
      let list = ImpressionList()
      list.dataSource.bind(collection)
        .configureCell(TileCell.self) { cell, _, row in cell.title = row.title }
      try list.dataSource.apply(snapshot((0..<30).map { Row($0) }))
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (0..<10).map { .appeared($0) })
      try list.dataSource.scroll(to: 20, at: .middle, animated: false)
      #expect(collection.contentOffset.x == 682, "row 20 (880–924) mid-way across 440 points")
      #expect(await list.take() == (0..<10).map { .disappeared($0) })
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (15...25).map { .appeared($0) }, "rows 15 and 25 show half")
      #expect(collection.exceptions == [])
    }

    @Test func aScrollAskedForBeforeTheFirstLayoutIsMadeAtIt() async throws {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.title
          cell.contentConfiguration = content
        }
      // As in viewDidLoad: bound and filled, not yet in a window.
      let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440),
        collectionViewLayout: dataSource.listLayout(appearance: .plain))
      dataSource.bind(collection)
      try dataSource.apply(snapshot((0..<40).map { Row($0) }))
      try dataSource.scroll(to: 25, at: .top, animated: false)
      #expect(collection.contentOffset.y == 0, "nothing to scroll yet")
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      window.addSubview(collection)
      collection.layoutIfNeeded()  // the first layout
      await dataSource.pendingScrollTask?.value
      #expect(
        collection.catena.scrollAnchors.first
          == TableAnchor(path: ItemPath(item: 25, section: 0), offset: 0))
      #expect(collection.exceptions == [], "no scroll inside the layout pass")
    }

    @Test(arguments: [RowPosition.top, .middle, .bottom, .nearest])
    func aTableRestsTheRowWhereAsked(_ position: RowPosition) throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
      try dataSource.apply(snapshot((0..<40).map { Row($0) }))
      try dataSource.scroll(to: 20, at: position, animated: true)
      table.finishScrollAnimation()  // the frames of the animation show
      let frame = table.rectForRow(at: path(20))
      let top = table.contentOffset.y
      switch position {
      case .top: #expect(frame.minY == top)
      case .middle: #expect(frame.midY == top + 220)
      case .bottom, .nearest: #expect(frame.maxY == top + 440)
      }
      #expect(table.contentOffsetCalls.count == 1)
      withExtendedLifetime(window) {}
    }
  }
#endif
