import CatenaDataSource
import CatenaPaging
import CatenaTesting
import Observation
import Testing

@MainActor
@Suite("Pager: a window of pages, duplicates, placeholders, observation")
struct PagerWindowTests {
  let source = ManualSource()

  /// Answers every request with the numbered page of 10 rows it asks for (pages 1...`last`),
  /// until no load runs; records an issue when loads still run after 10,000 turns.
  func answer(_ pager: Pager<Row>, last: Int = 1_000) async {
    var turns = 0
    while turns < 10_000 {
      await Task.yield()
      turns += 1
      guard let key = source.waitingKeys.first, case .index(let number)? = key else {
        if !pager.loadStates.isLoading { return }
        continue
      }
      let start = (number - 1) * 10
      source.respond(key: key, with: page(start..<(number <= last ? start + 10 : start)))
    }
    Issue.record("loads still run after \(turns) turns: \(pager.loadStates)")
  }

  @Test func loadingPastTheWindowDropsTheFarPagesAndComingBackLoadsThemAgain() async {
    let pager = Pager(PagerConfiguration(pageSize: 10, maxLoadedPages: 3), source: source.source)
    pager.refresh()
    await answer(pager)
    for _ in 0..<4 {
      pager.loadNext()
      await answer(pager)
    }
    #expect(pager.loadedPageCount == 3)
    #expect(pager.items.map(\.id) == Array(20..<50), "pages 3-5")
    #expect(pager.loadStates.prepend == .idle)
    pager.loadPrevious()
    await answer(pager)
    #expect(source.keys.last == .index(2))
    #expect(pager.items.map(\.id) == Array(10..<40), "page 2 again; page 5 dropped")
    pager.loadNext()
    await answer(pager)
    #expect(source.keys.last == .index(5), "the dropped page comes back from its key")
    #expect(pager.items.map(\.id) == Array(20..<50))
  }

  @Test func droppingAnEdgeCancelsTheLoadRunningThere() async {
    let pager = Pager(PagerConfiguration(pageSize: 10, maxLoadedPages: 2), source: source.source)
    let first = pager.refresh(at: .index(5))
    await source.waitForRequests(1)
    source.respond(with: page(40..<50))
    await first.ended()
    let next = pager.loadNext()
    await source.waitForRequests(2)
    source.respond(with: page(50..<60))
    await next.ended()
    let previous = pager.loadPrevious()  // page 4... while page 7 comes
    let after = pager.loadNext()
    await source.waitForRequests(4)
    source.respond(key: .index(7), with: page(60..<70))
    await after.ended()
    #expect(pager.loadStates.prepend == .idle, "page 5 was dropped: the load of page 4 ended")
    source.respond(key: .index(4), with: page(30..<40))
    await previous.ended()
    #expect(pager.items.map(\.id) == Array(50..<70))
  }

  @Test func tenThousandPagesThroughAWindowOfFiveKeepFivePages() async {
    let pager = Pager(PagerConfiguration(pageSize: 20, maxLoadedPages: 5), source: source.source)
    var peak = 0
    pager.refresh()
    await answer20(pager)
    for _ in 1..<10_000 {
      pager.loadNext()
      await answer20(pager)
      peak = max(peak, pager.items.count)
    }
    #expect(pager.items.last?.id == 10_000 * 20 - 1)
    #expect(peak == 100, "at most five pages of twenty")
  }

  /// Answers with numbered pages of 20.
  private func answer20(_ pager: Pager<Row>) async {
    var turns = 0
    while pager.loadStates.isLoading, turns < 10_000 {
      await Task.yield()
      turns += 1
      guard let key = source.waitingKeys.first, case .index(let number)? = key else { continue }
      let start = (number - 1) * 20
      source.respond(key: key, with: page(start..<(start + 20)))
    }
    #expect(!pager.loadStates.isLoading, "loads still run after \(turns) turns")
  }

  @Test(arguments: [DuplicatePolicy.keepFirst, .keepLast, .fail])
  func duplicatesAcrossPagesFollowThePolicyAndAreReportedOnce(policy: DuplicatePolicy) async {
    let pager = Pager(PagerConfiguration(pageSize: 10, duplicates: policy), source: source.source)
    let first = pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    await first.ended()
    let next = pager.loadNext()
    await source.waitForRequests(2)
    var repeated = page(8..<18)  // 8 and 9 again
    repeated.items[5].title = "Row 13, repeated in its own page"
    repeated.items.append(Row(13, "Row 13 again"))
    source.respond(with: repeated)
    await next.ended()
    switch policy {
    case .keepFirst:
      #expect(pager.items.map(\.id) == Array(0..<18))
      #expect(pager.lastDroppedDuplicates == 3)
    case .keepLast:
      #expect(pager.items.map(\.id) == Array(0..<8) + Array(8..<18))
      #expect(pager.lastDroppedDuplicates == 3)
    case .fail:
      #expect(pager.items.map(\.id) == Array(0..<10))
      #expect(
        (pager.loadStates.append.error?.underlyingError as? DataSourceError)?.kind
          == .duplicateItemID)
    }
    #expect(Set(pager.items.map(\.id)).count == pager.items.count, "never an id twice")
  }

  @Test func placeholdersCountWhatIsBeforeAndAfterTheWindow() async {
    let pager = Pager(
      PagerConfiguration(pageSize: 10, placeholders: true), source: source.source(.offset))
    let jump = pager.refresh(at: .offset(40))
    await source.waitForRequests(1)
    source.respond(with: Page(items: rows(40..<50), total: 95))
    await jump.ended()
    #expect(pager.placeholdersBefore == 40)
    #expect(pager.placeholdersAfter == 45)
    let next = pager.loadNext()
    await source.waitForRequests(2)
    source.respond(with: Page(items: rows(50..<60), total: 95))
    await next.ended()
    #expect(pager.placeholdersBefore + pager.items.count + pager.placeholdersAfter == 95)
  }

  @Test func viewsHearItemsAndStatesButNotTheBookkeeping() async {
    let pager = Pager(PagerConfiguration(pageSize: 10), source: source.source)
    let (items, states) = (Fired(), Fired())
    withObservationTracking {
      _ = pager.items
    } onChange: {
      items.set()
    }
    withObservationTracking {
      _ = pager.loadStates
    } onChange: {
      states.set()
    }
    let first = pager.refresh()
    #expect(states.happened && !items.happened, "a load starting changes the states only")
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    await first.ended()
    #expect(items.happened)
    #expect(
      await !fires({ _ = pager.items }) { pager.log = .print }, "the log is not observed")
  }
}
