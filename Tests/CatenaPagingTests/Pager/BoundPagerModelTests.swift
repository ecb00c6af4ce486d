import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// The server of one sequence: `count` rows in pages; with `overlap`, each page also repeats
/// the previous page's last `overlap` rows; with `repeating`, every page is the first one.
struct ModelServer {
  var count: Int
  var overlap: Int
  var repeating: Bool

  func page(_ page: Int, size: Int) -> [Row] {
    if repeating { return rows(0..<min(size, count)) }
    let start = max(0, (page - 1) * size - overlap)
    return rows(min(start, count)..<min(start + size, count))
  }
}

/// Counts a pager's loads from its log: every started load must end once.
final class LoadLedger: @unchecked Sendable {
  // NB: `lock` guards `counts`.
  private let lock = NSLock()
  private var counts = (started: 0, ended: 0, rejected: 0)
  private var entries: [String] = []

  var log: PagerLog {
    PagerLog { [self] entry in
      lock.withLock {
        entries.append(entry.description)
        switch entry {
        case .started: counts.started += 1
        case .ended: counts.ended += 1
        case .applied: break
        case .rejected: counts.rejected += 1
        }
      }
    }
  }

  var started: Int { lock.withLock { counts.started } }
  var last: [String] { lock.withLock { Array(entries.suffix(6)) } }
  var ended: Int { lock.withLock { counts.ended } }
  /// Changes a bound data source refused.
  var rejected: Int { lock.withLock { counts.rejected } }

  /// started == ended + the loads running.
  @MainActor
  func balances<Item>(_ pager: Pager<Item>) -> Bool {
    let states = pager.loadStates
    let running = [states.refresh, states.prepend, states.append].filter(\.isLoading).count
    return started == ended + running
  }
}

/// Waits until the answers given have landed and the loads they cause have made their
/// requests: rounds of main-actor turns and trips through the concurrency pool (where an
/// answer travels before the pager hears it), until every started load has made its request
/// and three rounds in a row change nothing the test checks.
@MainActor
func settle(
  _ ledger: LoadLedger, _ manual: ManualSource, _ pager: Pager<Row>,
  _ dataSource: SectionedDataSource<String, PagerRow<Row>>
) async {
  func signature() -> [Int] {
    [
      ledger.started, ledger.ended, manual.requests.count, manual.waitingNumbers.count,
      pager.items.count, dataSource.snapshot?.allItems.count ?? -1,
    ]
  }
  var last = signature()
  var quiet = 0
  while quiet < 3 {
    for _ in 0..<20 { await Task.yield() }
    await Task.detached {}.value
    while manual.requests.count < ledger.started { await manual.waitForRequests(ledger.started) }
    let now = signature()
    quiet = now == last ? quiet + 1 : 0
    last = now
  }
}

/// A table `rows` rows high over a data source of a pager's rows.
@MainActor
func boundScreen(rows: Int = 10) -> (
  HeadlessTable, SectionedDataSource<String, PagerRow<Row>>
) {
  let table = HeadlessTable(viewportHeight: Double(rows) * 44)
  let dataSource = SectionedDataSource<String, PagerRow<Row>>()
    .bind(table)
    .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, row in
      cell.text = row.item?.title ?? "[\(row.text)]"
    }
  return (table, dataSource)
}

@MainActor
@Suite("A bound pager against its invariants, over seeded sequences", .timeLimit(.minutes(5)))
struct BoundPagerModelTests {
  /// Random refreshes, next pages, cancels, retries, scrolls, answers (fresh and stale) and
  /// failures against a bound pager on a scrolling table. After every step: every started
  /// load has ended once but the running ones; the table shows the pager's rows, each id once;
  /// a failed end is not retried by scrolling; a held end (after `cancel()` or a page that
  /// added no new item) loads nothing until a scroll or code asks.
  @Test func invariantsHoldOverSeededSequences() async throws {
    var checkedSteps = 0
    for seed in UInt64(1)...1_500 {
      var random = SeededRandom(seed: seed)
      let manual = ManualSource()
      let size = 2 + random.below(4)
      let server = ModelServer(
        count: random.below(40), overlap: random.below(3) == 0 ? random.below(3) : 0,
        repeating: random.below(10) == 0)
      let pager = Pager(
        PagerConfiguration(pageSize: size, prefetchDistance: 1 + random.below(4)),
        source: manual.source)
      let ledger = LoadLedger()
      pager.log = ledger.log
      let (table, dataSource) = boundScreen(rows: 3 + random.below(8))
      pager.bind(dataSource, section: "rows")
      var answered: Set<Int> = []
      for _ in 0..<(5 + random.below(20)) {
        let startedBefore = ledger.started
        let heldBefore = pager.held
        let failedBefore = pager.loadStates.append.error != nil
        var userAsked = false
        var scrolled = false
        switch random.below(9) {
        case 0:
          pager.refresh()
          userAsked = true
        case 1:
          pager.loadNext()
          userAsked = true
        case 2:
          pager.cancel()
        case 3:
          table.scroll(toOffset: Double(random.below(50)) * 44)
          userAsked = true
          scrolled = true
        case 4, 5:
          // Answer a waiting request: the newest, or a stale one.
          let waiting = manual.waitingNumbers.filter { !answered.contains($0) }
          guard let number = random.below(3) == 0 ? waiting.first : waiting.last else { break }
          let request = manual.requests[number]
          answered.insert(number)
          manual.respond(
            number: number, with: Page(items: server.page(request.page, size: request.size)))
        case 6:
          let waiting = manual.waitingNumbers.filter { !answered.contains($0) }
          guard let number = waiting.last else { break }
          answered.insert(number)
          manual.fail(number: number, with: RequestError(.transport, "offline"))
        case 7:
          pager.retry()
          userAsked = true
        default:
          break
        }
        // Answers land, and loads asked for by rows on screen start, on later turns: settle
        // until a started load has made its request and nothing changes for a few rounds.
        await settle(ledger, manual, pager, dataSource)
        let context: Comment = "seed \(seed), step \(checkedSteps)"
        checkedSteps += 1
        #expect(
          ledger.balances(pager), "started \(ledger.started) ended \(ledger.ended) \(context)")
        #expect(manual.requests.count == ledger.started, context)
        if scrolled, failedBefore {
          // The status row says "Tap to retry": scrolling does not retry by itself.
          #expect(
            ledger.started == startedBefore,
            "retried on scroll after a failure: \(context) \(ledger.last) \(pager.loadStates)")
        }
        if heldBefore.contains(.append), !userAsked {
          #expect(
            ledger.started == startedBefore,
            "loaded past a held end: \(context) \(ledger.last) \(pager.loadStates) \(heldBefore)")
        }
        #expect(Set(pager.items.map(\.id)).count == pager.items.count, "ids once: \(context)")
        let shown = dataSource.snapshot?.allItems ?? []
        #expect(shown.compactMap(\.item) == pager.items, context)
        #expect(shown == pager.rows(), context)
        for path in table.visibleItemPaths {
          let row = shown[path.item]
          #expect(
            table.cellForRow(at: path)?.renderedText == (row.item?.title ?? "[\(row.text)]"),
            context)
        }
        #expect(ledger.rejected == 0, context)
      }
      // Leave no continuation waiting.
      for number in manual.waitingNumbers {
        manual.fail(number: number, with: RequestError(.cancelled, "done"))
      }
      pager.cancel()
      for _ in 0..<5 { await Task.yield() }
      withExtendedLifetime(table) {}
    }
    #expect(checkedSteps > 15_000)
  }
}
