import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

@MainActor
@Suite("Scrolling to an item by its id")
struct ScrollToItemTests {
  func screen(_ count: Int = 30) throws -> ImpressionScreen {
    let screen = ImpressionScreen()
    try screen.show(Array(0..<count))
    return screen
  }

  // Row 20 spans 880–924 in a 440-point viewport.
  @Test(arguments: [(RowPosition.top, 880.0), (.middle, 682.0), (.bottom, 484.0)])
  func anItemRestsWhereAsked(_ position: RowPosition, _ offset: Double) throws {
    let screen = try screen()
    try screen.dataSource.scroll(to: 20, at: position, animated: false)
    #expect(screen.table.contentOffset == offset)
    #expect(screen.table.visibleItemPaths.contains(ItemPath(item: 20, section: 0)))
  }

  @Test func nearestScrollsTheLeastThatShowsTheWholeRow() throws {
    let screen = try screen()
    try screen.dataSource.scroll(to: 5, at: .nearest)
    #expect(screen.table.contentOffset == 0, "row 5 shows whole: no scroll")
    try screen.dataSource.scroll(to: 12, at: .nearest)
    #expect(screen.table.contentOffset == 13 * 44 - 440, "below: its bottom at the bottom")
    try screen.dataSource.scroll(to: 1, at: .nearest)
    #expect(screen.table.contentOffset == 44, "above: its top at the top")
  }

  @Test func anOffsetStaysWithinTheContent() throws {
    let screen = try screen()
    try screen.dataSource.scroll(to: 29, at: .top)
    #expect(screen.table.contentOffset == 30 * 44 - 440)
    try screen.dataSource.scroll(to: 0, at: .bottom)
    #expect(screen.table.contentOffset == 0)
  }

  @Test func anUnknownIdThrowsAndLeavesTheListAlone() throws {
    let screen = try screen()
    try screen.dataSource.scroll(to: 10)
    #expect(throws: DataSourceError.self) { try screen.dataSource.scroll(to: 99) }
    do {
      try screen.dataSource.scroll(to: 99)
    } catch {
      #expect(error.kind == .unknownItem)
      #expect("\(error)".contains("99"))
    }
    #expect(screen.table.contentOffset == 440)
  }

  @Test func aScrollAskedForBeforeBindingIsMadeOnBinding() throws {
    let dataSource = SectionedDataSource<String, Tile>()
      .configureCell(ArticleCell.self) { cell, _, tile in cell.title = "\(tile.id)" }
    var snapshot = Snapshot<String, Tile>()
    try snapshot.appendSection("tiles")
    try snapshot.appendItems((0..<30).map { Tile(id: $0) }, toSection: "tiles")
    try dataSource.apply(snapshot)
    try dataSource.scroll(to: 15, at: .top)
    let table = HeadlessTable()
    dataSource.bind(table)
    #expect(table.contentOffset == 15 * 44)
    #expect(dataSource.pendingScroll == nil)
  }

  @Test func aScrollAskedForDuringAnApplyIsMadeAfterIt() async throws {
    let screen = try screen()
    var asked = false
    screen.dataSource.willDisplay { _, tile in
      guard tile?.id == 99, !asked else { return }
      asked = true
      try? screen.dataSource.scroll(to: 25, at: .top)
    }
    try screen.show([99] + Array(0..<60))
    await screen.dataSource.afterLayoutDone()  // `willDisplay` hears after the layout pass
    #expect(asked)
    #expect(screen.table.contentOffset == 26 * 44, "made once the apply was done")
  }

  @Test func aWaitingScrollWhoseItemAnApplyRemovedIsDropped() throws {
    let screen = try screen()
    screen.table.isInWindow = false
    try screen.dataSource.scroll(to: 20)
    #expect(screen.dataSource.pendingScroll?.id == 20)
    try screen.show(Array(0..<10))
    #expect(screen.dataSource.pendingScroll == nil)
    #expect(screen.table.contentOffset == 0)
  }
}
