import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// An item of an impression test: an id and a content that applies may change.
struct Tile: Identifiable, Equatable {
  let id: Int
  var title = ""
}

/// A headless list of tiles with impressions on a manual clock, and what it heard.
@MainActor
final class ImpressionScreen {
  let clock = ManualClock()
  let table = HeadlessTable()
  let dataSource = SectionedDataSource<String, Tile>()
  var heard: [Impression<Int>] = []

  init(after duration: Duration = .milliseconds(500), fraction: Double = 0.5) {
    dataSource.bind(table)
      .configureCell(ArticleCell.self) { cell, _, tile in cell.title = "\(tile.id)\(tile.title)" }
      .impressions(after: duration, visibleFraction: fraction, clock: clock) { [weak self] in
        self?.heard.append($0)
      }
  }

  func show(_ ids: [Int], title: String = "") throws {
    var snapshot = Snapshot<String, Tile>()
    try snapshot.appendSection("tiles")
    try snapshot.appendItems(ids.map { Tile(id: $0, title: title) }, toSection: "tiles")
    try dataSource.apply(snapshot)
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

  /// What was heard since the last call, once events kept for the next turn (a scroll's)
  /// have come.
  func take() async -> [Impression<Int>] {
    await dataSource.impressionsDelivered()
    defer { heard = [] }
    return heard
  }
}

@MainActor
@Suite("Impressions: an item appears after showing long enough, once per stretch")
struct ImpressionTests {
  @Test func itemsAppearAfterTheirTimeAndDisappearWhenLessThanHalfShows() async throws {
    let screen = ImpressionScreen()
    try screen.show(Array(0..<30))
    #expect(await screen.take() == [], "nothing appears at once")
    await screen.advance(milliseconds: 499)
    #expect(await screen.take() == [])
    await screen.advance(milliseconds: 1)
    #expect(await screen.take() == (0..<10).map { .appeared($0) }, "rows 0–9 fill the 440 points")
    screen.table.scroll(toOffset: 22)  // row 0 and row 10 half on screen: both count
    await screen.advance(milliseconds: 500)
    #expect(await screen.take() == [.appeared(10)])
    screen.table.scroll(toOffset: 23)
    #expect(await screen.take() == [.disappeared(0)])
    screen.table.scroll(toOffset: 23)
    #expect(await screen.take() == [], "a scroll that changes nothing says nothing")
  }

  @Test func anItemThatLeavesBeforeItsTimeNeverAppears() async throws {
    let screen = ImpressionScreen()
    try screen.show(Array(0..<30))
    await screen.advance(milliseconds: 500)
    _ = await screen.take()
    screen.table.scroll(toOffset: 440)  // rows 10–19
    await screen.advance(milliseconds: 300)
    screen.table.scroll(toOffset: 0)
    #expect(await screen.take() == (10..<20).map { .disappeared($0 - 10) })
    await screen.advance(milliseconds: 300)
    #expect(await screen.take() == [], "rows 10–19 showed 300 ms, and rows 0–9 only 300 ms again")
    await screen.advance(milliseconds: 200)
    #expect(await screen.take() == (0..<10).map { .appeared($0) }, "a new stretch, a new event")
  }

  @Test func reuseAppliesAndReloadsOfItemsOnScreenRepeatNothing() async throws {
    let screen = ImpressionScreen()
    try screen.show(Array(0..<30))
    await screen.advance(milliseconds: 500)
    _ = await screen.take()
    try screen.show(Array((0..<10).reversed()) + Array(10..<30), title: "!")  // moved, changed
    screen.dataSource.reload()
    try screen.show(Array(0..<30))
    for offset in stride(from: 0.0, through: 440, by: 44) {  // reuse every cell, then back
      screen.table.scroll(toOffset: offset)
    }
    #expect(await screen.take().contains(.disappeared(0)))
    screen.table.scroll(toOffset: 0)
    await screen.advance(milliseconds: 500)
    let back = await screen.take()
    #expect(back.filter { $0 == .appeared(0) }.count == 1)
  }

  @Test func anItemAnApplyRemovesDisappearsAndOneItBringsWaitsItsTime() async throws {
    let screen = ImpressionScreen()
    try screen.show([1, 2, 3])
    await screen.advance(milliseconds: 500)
    #expect(await screen.take() == [.appeared(1), .appeared(2), .appeared(3)])
    try screen.show([1, 4, 3])
    #expect(await screen.take() == [.disappeared(2)])
    await screen.advance(milliseconds: 500)
    #expect(await screen.take() == [.appeared(4)])
  }

  @Test func aListOutOfTheWindowShowsNothing() async throws {
    let screen = ImpressionScreen(after: .zero)
    try screen.show([1, 2])
    #expect(await screen.take() == [.appeared(1), .appeared(2)], "zero: at once")
    screen.table.isInWindow = false
    screen.table.scroll(toOffset: 0)
    #expect(await screen.take() == [.disappeared(1), .disappeared(2)])
  }

  @Test func aFractionOfOneNeedsTheWholeCell() async throws {
    let screen = ImpressionScreen(after: .zero, fraction: 1)
    try screen.show(Array(0..<30))
    #expect(await screen.take() == (0..<10).map { .appeared($0) })
    screen.table.scroll(toOffset: 1)
    #expect(await screen.take() == [.disappeared(0)])
  }

  @Test func anInvalidatedDataSourceStopsItsTimer() async throws {
    let screen = ImpressionScreen()
    try screen.show([1])
    let timer = try #require(screen.dataSource.impressionTracker?.timer)
    screen.dataSource.invalidate()
    await timer.value
    screen.clock.advance(by: .seconds(1))
    #expect(await screen.take() == [])
    #expect(screen.clock.sleeperCount == 0)
  }
}

/// Events reach the handler in order, also when the handler's own work makes new ones.
@MainActor
@Suite("Impression events a handler causes")
struct KeptImpressionTests {
  @Test func eventsAHandlerCausesWaitBehindTheRestOfTheBatch() {
    var heard: [Impression<Int>] = []
    var tracker: ImpressionTracker<Int>?
    tracker = ImpressionTracker(threshold: 0.5, minimum: .zero, clock: ManualClock()) { event in
      heard.append(event)
      // The handler for 5 removes item 12 from the list: the list is looked at again.
      if event == .disappeared(5) { tracker?.update([]) }
    }
    tracker?.update([(5, 1)])
    heard = []
    tracker?.update([(12, 1)])  // from a scroll: disappeared 5, appeared 12
    #expect(heard == [.disappeared(5), .appeared(12), .disappeared(12)])
  }
}
