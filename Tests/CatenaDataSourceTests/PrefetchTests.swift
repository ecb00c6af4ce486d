import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// Prefetching as `UITableView` does it: the rows past the viewport in the direction of the
/// scroll are announced once, rows the user turns away from are cancelled, rows that come on
/// screen are neither, and the window follows batch updates and reloads. The handlers hear
/// after the layout pass that asked, on the next main-actor turn: the tests await it.
@MainActor
@Suite("Prefetching")
struct PrefetchTests {
  /// What a data source heard, by article id.
  @MainActor final class Heard {
    enum Call { case prefetch, cancel, display }
    /// Every call in order, with the ids.
    var log: [(call: Call, ids: [Int])] = []
    var prefetched: [[Int]] { log.filter { $0.call == .prefetch }.map(\.ids) }
    var cancelled: [[Int]] { log.filter { $0.call == .cancel }.map(\.ids) }
  }

  /// A 5-row table (44-point rows, no headers) prefetching `distance` rows ahead.
  func screen(
    distance: Int = 4
  ) -> (HeadlessTable, SectionedDataSource<String, Article>, Heard) {
    let table = HeadlessTable(viewportHeight: 5 * 44)
    table.prefetchDistance = distance
    let heard = Heard()
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .prefetch { _, articles in heard.log.append((.prefetch, articles.map(\.id))) }
      .cancelPrefetching { _, articles in heard.log.append((.cancel, articles.map(\.id))) }
      .willDisplay { _, article in heard.log.append((.display, article.map { [$0.id] } ?? [])) }
    return (table, dataSource, heard)
  }

  @Test func scrollingDownAnnouncesEachRowOnceAndScrollingUpCancels() async throws {
    let (table, dataSource, heard) = screen()
    try dataSource.apply(try snapshot([("s", Array(0..<30))]))
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[5, 6, 7, 8]])
    // Rows 2-6 on screen: 9 and 10 are new ahead; 5 and 6 shown.
    table.scroll(toOffset: table.contentOffset + 2 * 44)
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[5, 6, 7, 8], [9, 10]])
    #expect(heard.cancelled.isEmpty, "rows that came on screen are not cancelled")
    #expect(table.prefetchingRows.map(\.item) == [7, 8, 9, 10])
    // Upwards: rows below are cancelled, row 0 (above) is ahead.
    table.scroll(toOffset: table.contentOffset - 44)
    await dataSource.afterLayoutDone()
    #expect(heard.cancelled == [[7, 8, 9, 10]])
    #expect(heard.prefetched.last == [0])
    #expect(table.events.contains(.cancelPrefetch((7...10).map { ItemPath(item: $0, section: 0) })))
  }

  @Test func theWindowCrossesSectionsAndSkipsEmptyOnes() async throws {
    let (table, dataSource, heard) = screen(distance: 3)
    try dataSource.apply(
      try snapshot([("a", [0, 1, 2, 3, 4]), ("b", []), ("c", [7, 8])]))
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[7, 8]])
    #expect(
      table.prefetchingRows == [ItemPath(item: 0, section: 2), ItemPath(item: 1, section: 2)])
  }

  @Test func aBatchMovesTheWindowWithItsRowsWithoutAnnouncingThemAgain() async throws {
    let (table, dataSource, heard) = screen()
    try dataSource.apply(try snapshot([("s", Array(0..<30))]))
    await dataSource.afterLayoutDone()
    // Two rows inserted at the top: the prefetched rows move down by two and are not
    // announced again; the rows now just past the screen (3 and 4) are, and the two pushed
    // beyond the distance (7 and 8) are cancelled.
    try dataSource.apply(try snapshot([("s", [100, 101] + Array(0..<30))]))
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[5, 6, 7, 8], [3, 4]])
    #expect(heard.cancelled == [[7, 8]])
    #expect(table.prefetchingRows.map(\.item) == [5, 6, 7, 8])
    // A prefetched row deleted leaves the window without a cancel; the next row comes in.
    try dataSource.apply(
      try snapshot([("s", [100, 101] + Array(0..<30).filter { $0 != 5 })]))
    await dataSource.afterLayoutDone()
    #expect(heard.cancelled == [[7, 8]])
    #expect(heard.prefetched.last == [7])
    #expect(table.prefetchingRows.map(\.item) == [5, 6, 7, 8])
  }

  @Test func aReloadStartsTheWindowAgainAndNoDistanceMeansNoPrefetching() async throws {
    let (table, dataSource, heard) = screen()
    try dataSource.apply(try snapshot([("s", Array(0..<30))]))
    table.reloadData()
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[5, 6, 7, 8], [5, 6, 7, 8]])
    let (quiet, quietSource, nothing) = screen(distance: 0)
    try quietSource.apply(try snapshot([("s", Array(0..<30))]))
    quiet.scroll(toOffset: quiet.contentOffset + 300)
    await quietSource.afterLayoutDone()
    #expect(nothing.prefetched.isEmpty && nothing.cancelled.isEmpty)
    #expect(quiet.prefetchingRows.isEmpty)
  }

  @Test func afterInvalidateNothingIsAnnounced() async throws {
    let (table, dataSource, heard) = screen()
    try dataSource.apply(try snapshot([("s", Array(0..<30))]))
    await dataSource.afterLayoutDone()
    dataSource.invalidate()
    table.scroll(toOffset: table.contentOffset + 300)
    await dataSource.afterLayoutDone()
    #expect(heard.prefetched == [[5, 6, 7, 8]])
  }

  /// Random scrolls, inserts, deletes, moves and reloads, against a model of what the data
  /// source was told: a row is never announced again while it is still expected (until it
  /// came on screen, was cancelled, or the table reloaded), only expected rows are
  /// cancelled, and the table's window is within the model's.
  @Test(arguments: Array(UInt64(1)...12))
  func randomInterleavingsKeepEveryAnnouncementConsistent(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let (table, dataSource, heard) = screen(distance: 1 + random.below(6))
    var ids = Array(0..<40)
    var nextID = 1_000
    var expected: Set<Int> = []
    /// Replays what the data source heard, in order, against the model.
    func replay() {
      for (call, batch) in heard.log {
        switch call {
        case .cancel:
          #expect(Set(batch).isSubset(of: expected), "only expected rows are cancelled")
          expected.subtract(batch)
        case .prefetch:
          #expect(expected.isDisjoint(with: batch), "a row is announced once while expected")
          expected.formUnion(batch)
        case .display:
          expected.subtract(batch)  // on screen: no longer expected, and not cancelled
        }
      }
      heard.log = []
    }
    try dataSource.apply(try snapshot([("s", ids)]))
    for _ in 0..<120 {
      switch random.below(5) {
      case 0: table.scroll(toOffset: table.contentOffset + Double(random.below(400)) - 200)
      case 1:
        ids.insert(nextID, at: random.below(ids.count + 1))
        nextID += 1
      case 2 where ids.count > 1: ids.remove(at: random.below(ids.count))
      case 3 where ids.count > 1: ids.swapAt(random.below(ids.count), random.below(ids.count))
      default:
        await dataSource.afterLayoutDone()
        replay()
        expected = []  // a reload starts the window again
        table.reloadData()
      }
      if random.chance(60) { try dataSource.apply(try snapshot([("s", ids)])) }
      await dataSource.afterLayoutDone()
      let shown = Set(
        table.indexPathsForVisibleRows.compactMap { dataSource.item(at: $0)?.id })
      replay()
      // Rows shown, deleted or reloaded leave the window without a word.
      let window = Set(table.prefetchingRows.compactMap { dataSource.item(at: $0)?.id })
      #expect(window.isDisjoint(with: shown))
      #expect(window.isSubset(of: expected))
      expected = window
    }
  }
}
