import CatenaDataSource
import CatenaDiff
import CatenaPaging
import CatenaRequest
import CatenaTesting
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

@MainActor
@Suite("A bound paged list against its invariants, over seeded sequences")
struct BoundPagingModelTests {
  /// Random refreshes, next pages, cancels, scrolls, answers (fresh and stale) and failures
  /// against a bound list on a scrolling table. After every step: every started load has
  /// ended once but the running one; the table shows the list's items, each id once; drops
  /// are bounded by the items; after `cancel()` or a page that added no row, nothing loads by
  /// itself until a scroll or code asks.
  @Test func invariantsHoldOverSeededSequences() async throws {
    var checkedSteps = 0
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed)
      let manual = ManualSource()
      let size = 2 + random.below(4)
      let server = ModelServer(
        count: random.below(40), overlap: random.below(3) == 0 ? random.below(3) : 0,
        repeating: random.below(10) == 0)
      let list = PagedList(pageSize: size, source: manual.source)
      let ledger = LoadLedger(list)
      let (table, dataSource) = boundScreen(rows: 3 + random.below(8))
      let binding = list.bind(to: dataSource, section: "rows", loadWithin: random.below(4))
      var answered: Set<Int> = []
      for _ in 0..<(5 + random.below(20)) {
        let startedBefore = ledger.started
        let pauseBefore = list.autoLoadPause
        let stateBefore = list.state
        var userAsked = false
        var scrolled = false
        switch random.below(8) {
        case 0:
          list.refresh()
          userAsked = true
        case 1:
          list.loadNextPage()
          userAsked = true
        case 2:
          list.cancel()
        case 3:
          table.scroll(toOffset: Double(random.below(50)) * 44)
          userAsked = true
          scrolled = true
        case 4, 5:
          // Answer the running load, or a stale one that is still waiting.
          let waiting = manual.waitingNumbers.filter { !answered.contains($0) }
          guard let number = random.below(3) == 0 ? waiting.first : waiting.last else { break }
          let request = manual.requests[number]
          // Only the newest request can belong to the running load.
          let load = number == ledger.started - 1 ? list.runningLoad : nil
          answered.insert(number)
          manual.respond(
            number: number,
            with: Page(items: server.page(request.page, size: request.size)))
          await load?.value
        case 6:
          let waiting = manual.waitingNumbers.filter { !answered.contains($0) }
          guard let number = waiting.last else { break }
          let load = number == ledger.started - 1 ? list.runningLoad : nil
          answered.insert(number)
          manual.fail(number: number, with: RequestError(.transport, "offline"))
          await load?.value
        default:
          for _ in 0..<3 { await Task.yield() }
        }
        // A stale answer ends in a task the list no longer waits for; let it run out.
        for _ in 0..<3 { await Task.yield() }
        await manual.waitForRequests(ledger.started)
        let context: Comment = "seed \(seed), step \(checkedSteps)"
        checkedSteps += 1
        #expect(ledger.balances(list), "started \(ledger.started) ended \(ledger.ended) \(context)")
        #expect(manual.requests.count == ledger.started, context)
        if scrolled, case .failed(let failure) = stateBefore, !failure.isFirstPage {
          // The footer says "Tap to retry": scrolling does not retry by itself.
          #expect(ledger.started == startedBefore, "retried on scroll after a failure: \(context)")
        }
        if let pause = pauseBefore, pause == list.autoLoadPause, !userAsked {
          #expect(ledger.started == startedBefore, "loaded while paused (\(pause)): \(context)")
        }
        var seen = Set<Int>()
        let unique = list.items.filter { seen.insert($0.id).inserted }
        if list.lastLoadedPage != nil {
          #expect(dataSource.snapshot?.allItems == unique, context)
          #expect(table.numberOfRows(inSection: 0) == unique.count, context)
        }
        for path in table.indexPathsForVisibleRows {
          #expect(table.cellForRow(at: path)?.renderedText == unique[path.item].title, context)
        }
        #expect(binding.droppedDuplicates.count == list.items.count - unique.count, context)
        #expect(binding.errors.isEmpty, context)
      }
      // Leave no continuation waiting.
      for number in manual.waitingNumbers {
        manual.fail(number: number, with: RequestError(.cancelled, "done"))
      }
      list.cancel()
      withExtendedLifetime(table) {}
    }
    #expect(checkedSteps > 20_000)
  }
}
