import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Foundation
import Testing

/// A list on a source that answers twice (the kept page, then the server's), bound to a
/// headless table.
@MainActor
final class InstantList {
  let answers = AnsweringSource()
  let pager: Pager<Row>
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource: SectionedDataSource<String, PagerRow<Row>>
  let harness: PagerHarness<Row, String>
  /// Every batch and reload the table saw.
  var changes: [TableEvent] {
    table.events.filter {
      switch $0 {
      case .batch, .reloadData: true
      default: false
      }
    }
  }

  init(pageSize: Int = 20) {
    pager = Pager(PagerConfiguration(pageSize: pageSize), source: answers.source)
    (dataSource, harness) = bindRows(pager, on: table)
  }

  /// What the list shows: each row's title, a status in brackets.
  var rows: [String] { harness.rows.map { $0.item?.title ?? "[\($0.text)]" } }

  /// Waits until the source was asked for `count` pages.
  func asked(_ count: Int) async throws {
    try await turns("\(count) page requests") { answers.requests.count >= count }
  }

  /// Refreshes; the source answers page 1 with `rows` and ends.
  func loaded(_ shown: [Row] = CatenaPagingTests.rows(0..<20, version: 1)) async throws {
    let refresh = pager.refresh()
    try await asked(answers.requests.count + 1)
    answers.answer(1, shown)
    answers.end(1)
    await refresh.ended()
  }

  /// Loads page 1, then page 2, whose kept rows (20–39) show while its load waits for the
  /// server's answer.
  func keptSecondPage() async throws {
    try await loaded()
    pager.loadNext()  // unless the table's prefetch asked already
    try await asked(2)
    answers.answer(2, CatenaPagingTests.rows(20..<40, version: 1))
    try await land { pager.items.count == 40 }
  }

  /// Waits until page 2's load has ended.
  func secondPageEnded() async throws {
    try await turns("page 2's load to end") { pager.loadStates.append != .loading }
  }

  /// Lets the main actor take what arrived.
  func land(_ condition: () -> Bool) async throws {
    try await turns("the answer to land", until: condition)
  }
}

/// What a log's `applied` entries counted: inserted, deleted, moved, updated.
final class Applied: @unchecked Sendable {
  // NB: `lock` guards `counts`.
  private let lock = NSLock()
  private var counts: [[Int]] = []
  func append(_ entry: [Int]) { lock.withLock { counts.append(entry) } }
  var all: [[Int]] { lock.withLock { counts } }
}

/// Rows `range`, titled "v`version` N".
func rows(_ range: Range<Int>, version: Int) -> [Row] {
  range.map { Row($0, "v\(version) \($0)") }
}

@MainActor
@Suite("Instant lists: the kept page at once, the server's as one change")
struct InstantListTests {
  @Test func theKeptPageShowsAtOnceAndTheServersReplacesItInOneChange() async throws {
    let list = InstantList()
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<20, version: 1))
    try await list.land { list.pager.items.count == 20 }
    #expect(list.rows.first == "v1 0")
    #expect(!list.rows.contains("[Loading…]"), "kept rows, no spinner")
    #expect(list.pager.loadStates.refresh == .loading, "the server is still asked")
    let applied = Applied()
    list.pager.log = PagerLog { entry in
      if case .applied(let inserted, let deleted, let moved, let updated, _, _) = entry {
        applied.append([inserted, deleted, moved, updated])
      }
    }
    list.table.clearEvents()
    var fresh = rows(0..<20, version: 1)
    fresh[3].title = "v2 3"
    fresh.insert(Row(100, "v2 100"), at: 0)
    fresh.removeLast()
    list.answers.answer(1, fresh)
    list.answers.end(1)
    await refresh.ended()
    #expect(list.pager.items == fresh)
    #expect(list.pager.loadStates.refresh == .idle)
    #expect(!list.table.events.contains(.reloadData), "no blink: no reload")
    // One change for the rows (an insert, a delete, an update); after it, only the status
    // row of the next page's load comes in.
    #expect(applied.all.first == [1, 1, 0, 1])
    #expect(applied.all.dropFirst().allSatisfy { $0[0] <= 1 && $0[1] == 0 && $0[3] == 0 })
  }

  @Test func theRowTheUserReadsStaysWhereItIsWhenTheServersPageLands() async throws {
    let list = InstantList(pageSize: 40)
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<40, version: 1))
    try await list.land { list.pager.items.count == 40 }
    list.table.scroll(toOffset: 15 * 44)
    let before = list.harness.visibleRows
    #expect(before.first == "v1 15")
    // Three new rows at the top: what the user reads must not move.
    list.answers.answer(1, [Row(200), Row(201), Row(202)] + rows(0..<37, version: 1))
    list.answers.end(1)
    await refresh.ended()
    #expect(list.harness.visibleRows.first == "v1 15")
    #expect(list.pager.items.count == 40)
  }

  @Test func theSameAnswerTwiceChangesNothingAndOneAnswerIsAPage() async throws {
    let list = InstantList()
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<20, version: 1))
    try await list.land { list.pager.items.count == 20 }
    list.table.clearEvents()
    list.answers.answer(1, rows(0..<20, version: 1))
    list.answers.end(1)
    await refresh.ended()
    // No row was replaced, updated or removed; at most the next page's loading row came in.
    #expect(
      list.changes.allSatisfy { event in
        if case .batch(let batch) = event {
          return batch.itemInserts.count <= 1 && batch.itemDeletes.isEmpty
            && batch.itemReconfigures.isEmpty && batch.itemReloads.isEmpty
        }
        return false
      })
    #expect(list.pager.items == rows(0..<20, version: 1))
    #expect(list.pager.loadStates.refresh == .idle)
  }

  @Test func aFailureAfterTheKeptPageKeepsItsRowsAndFailsTheLoad() async throws {
    let list = InstantList()
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<20, version: 1))
    try await list.land { list.pager.items.count == 20 }
    list.answers.fail(1)
    await refresh.ended()
    #expect(list.pager.items == rows(0..<20, version: 1))
    #expect(list.pager.loadStates.refresh.error != nil)
    #expect(list.rows.count == 22, "the rows, a failure row above, the end below: \(list.rows)")
  }

  @Test func aSourceThatEndsWithoutAPageFailsItsLoad() async throws {
    let list = InstantList()
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.end(1)
    await refresh.ended()
    #expect(list.pager.loadStates.refresh.error?.message.contains("without a page") == true)
  }

  @Test func aLaterPageShowsItsKeptRowsAndNoLoadGoesPastItUntilItsServerAnswer() async throws {
    let list = InstantList()
    try await list.keptSecondPage()
    #expect(list.pager.loadStates.append == .loading)
    #expect(!list.pager.loadNext().started, "page 3 waits for page 2's own answer")
    list.answers.answer(2, rows(20..<35, version: 2))
    list.answers.end(2)
    try await list.secondPageEnded()
    #expect(list.pager.items.map(\.id) == Array(0..<35))
    #expect(list.pager.loadStates.append == .end, "15 of 20: the list ends")
  }

  @Test func aRefreshDropsTheLaterAnswersOfTheLoadItReplaced() async throws {
    let list = InstantList()
    let first = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<20, version: 1))
    try await list.land { list.pager.items.count == 20 }
    let second = list.pager.refresh()
    await first.ended()
    try await list.asked(2)
    list.answers.answer(1, rows(0..<20, version: 9))  // the first load's, too late
    list.answers.answer(1, rows(0..<20, version: 2))
    list.answers.end(1)
    await second.ended()
    #expect(list.pager.items.map(\.title).allSatisfy { $0.hasPrefix("v2") })
  }

  @Test func aLaterAnswerRepeatingAnotherPagesItemsKeepsEachIdOnce() async throws {
    let list = InstantList()
    try await list.keptSecondPage()
    // The server's page 2 now starts with two rows page 1 holds (rows moved down).
    list.answers.answer(2, rows(18..<38, version: 2))
    list.answers.end(2)
    try await list.secondPageEnded()
    #expect(Set(list.pager.items.map(\.id)).count == list.pager.items.count)
    #expect(list.pager.items.map(\.id) == Array(0..<38))
    #expect(list.pager.lastDroppedDuplicates == 2)
  }

  @Test func aPageTheTablePrefetchedWhileTheLastAnswerWaitedLoadsWhenItComes() async throws {
    let list = InstantList()
    let refresh = list.pager.refresh()
    try await list.asked(1)
    list.answers.answer(1, rows(0..<20, version: 1))
    try await list.land { list.pager.items.count == 20 }
    // The table prefetched rows 10–19, near the end: page 2 waits for page 1's last answer.
    await letTurnsPass(50)
    #expect(list.answers.requests == [1])
    list.answers.end(1)
    await refresh.ended()
    try await list.asked(2)
    #expect(list.answers.requests == [1, 2])
  }

  @Test func aKeptEmptyPageThatTheServerFillsAddsTheServersRows() async throws {
    let list = InstantList()
    try await list.loaded()
    list.pager.loadNext()
    try await list.asked(2)
    list.answers.answer(2, [])  // kept: the list ended here last time
    try await turns("the kept answer") { list.pager.loadStates.append == .loading }
    #expect(list.pager.items.count == 20)
    list.answers.answer(2, rows(20..<25, version: 2))  // the server's: five more
    list.answers.end(2)
    try await list.secondPageEnded()
    #expect(list.pager.items.map(\.id) == Array(0..<25))
    #expect(list.pager.loadedPageCount == 2)
  }
}
