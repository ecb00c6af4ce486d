import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Foundation
import Testing

/// Lets the main actor run until `pager` loads nothing and asks for nothing (bounded).
@MainActor
func settled<Item>(_ pager: Pager<Item>) async {
  for _ in 0..<1_000 where pager.loadStates.isLoading || pager.hasScheduledLoads {
    await Task.yield()
  }
}

@MainActor
@Suite("A bound pager under refresh, cancel and repeating servers", .timeLimit(.minutes(10)))
struct BoundPagerTests {
  let manual = ManualSource()

  /// A pager of pages of 3 bound to a 10-row table, its first page answered: the table has
  /// asked for page 2 by itself.
  func pageTwoRunning() async -> (
    Pager<Row>, LoadLedger, HeadlessTable, SectionedDataSource<String, PagerRow<Row>>
  ) {
    let pager = Pager(PagerConfiguration(pageSize: 3, prefetchDistance: 2), source: manual.source)
    let ledger = LoadLedger()
    pager.log = ledger.log
    let (table, dataSource) = boundScreen()
    pager.bind(dataSource, section: "rows")
    pager.refresh()
    await manual.waitForRequests(1)
    manual.respond(with: Page(items: rows(0..<3)))
    await manual.waitForRequests(2)
    return (pager, ledger, table, dataSource)
  }

  @Test func aRefreshAbandonsTheRunningNextPageAndStartsNoOther() async {
    let (pager, ledger, table, dataSource) = await pageTwoRunning()
    defer { withExtendedLifetime((table, dataSource)) {} }
    #expect(pager.loadStates.append == .loading, "the 10-row table asked for page 2 by itself")
    for _ in 0..<300 {
      pager.refresh()
      #expect(ledger.balances(pager), "started \(ledger.started), ended \(ledger.ended)")
      #expect(pager.loadStates.refresh == .loading && pager.loadStates.append == .idle)
    }
    #expect(ledger.started == 302)
  }

  @Test func aServerRepeatingAFullPageStopsTheAutomaticLoads() async {
    let same = rows(0..<5)
    let asked = Counter()
    let pager = Pager(
      PagerConfiguration(pageSize: 5, prefetchDistance: 2),
      source: PageSource { _, _ in
        asked.increment()
        return Page(items: same)
      })
    let ledger = LoadLedger()
    pager.log = ledger.log
    let (table, dataSource) = boundScreen(rows: 5)
    pager.bind(dataSource, section: "rows")
    await pager.refresh().ended()
    await settled(pager)
    for _ in 0..<50 { await Task.yield() }
    #expect(asked.value == 2, "page 2 added nothing; no page 3")
    #expect(pager.held == [.append] && pager.lastDroppedDuplicates == 5)
    #expect(ledger.balances(pager) && !pager.loadStates.isLoading)
    // Scrolling brings a row on screen again: one more try, then the hold again.
    table.scroll(toOffset: 0)
    table.scrollToBottom()
    dataSource.willDisplayRow(at: ItemPath(item: 4, section: 0))
    await settled(pager)
    #expect(asked.value == 3)
    #expect(pager.held == [.append])
    // Code asks: it loads.
    await pager.loadNext().ended()
    #expect(asked.value == 4)
  }

  @Test func unreadableEntriesAloneAlsoStopTheAutomaticLoads() async {
    let asked = Counter()
    let raw = PageSource<Int> { page, size in
      asked.increment()
      return Page(items: page == 1 ? Array(0..<size) : Array(repeating: -1, count: size))
    }
    let pager = Pager(
      PagerConfiguration(pageSize: 5, prefetchDistance: 2),
      source: raw.compactMap { $0 < 0 ? nil : Row($0) })
    let (table, dataSource) = boundScreen(rows: 5)
    pager.bind(dataSource, section: "rows")
    await pager.refresh().ended()
    await settled(pager)
    for _ in 0..<50 { await Task.yield() }
    #expect(asked.value == 2 && pager.held == [.append] && pager.unreadableCount == 5)
    withExtendedLifetime(table) {}
  }

  @Test func cancelSticksUntilTheUserScrollsOrCodeAsks() async {
    let (pager, ledger, table, dataSource) = await pageTwoRunning()
    defer { withExtendedLifetime((table, dataSource)) {} }
    #expect(pager.loadStates.append == .loading)
    pager.cancel()
    #expect(pager.loadStates == LoadStates(refresh: .idle, prepend: .end, append: .idle))
    #expect(pager.held == [.prepend, .append])
    #expect(ledger.balances(pager))
    // The cancelled request's late answer is dropped, and nothing loads by itself.
    manual.respond(number: 1, with: Page(items: rows(3..<6)))
    for _ in 0..<50 { await Task.yield() }
    #expect(pager.items == rows(0..<3) && ledger.started == 2)
    // A row coming on screen by scrolling loads again.
    dataSource.willDisplayRow(at: ItemPath(item: 2, section: 0))
    await manual.waitForRequests(3)
    #expect(pager.loadStates.append == .loading && !pager.held.contains(.append))
    #expect(ledger.balances(pager))
  }

  @Test func overlappingPagesShowEachRowOnceAndReportWhatTheyDropped() async {
    // Every page repeats the previous page's last 2 rows (the server's list shifted).
    let pager = Pager(
      PagerConfiguration(pageSize: 5, prefetchDistance: 2),
      source: PageSource { page, size in
        let start = (page - 1) * (size - 2)
        return Page(items: rows(start..<(start + size)))
      })
    let (table, dataSource) = boundScreen(rows: 5)
    let ledger = LoadLedger()
    pager.log = ledger.log
    pager.bind(dataSource, section: "rows")
    await pager.refresh().ended()
    for _ in 0..<100 {
      table.scrollToBottom()
      await settled(pager)
    }
    #expect(pager.items.count > 200)
    let shown = dataSource.snapshot?.allItems.compactMap(\.item).map(\.id) ?? []
    #expect(shown == Array(Set(shown)).sorted(), "each row once, in order")
    #expect(shown.count == pager.items.count)
    #expect(pager.lastDroppedDuplicates == 2, "the latest page repeated 2")
    #expect(ledger.rejected == 0, "no change refused")
  }

  @Test func aFilterHidesRowsWithoutCountingThemAsDuplicates() async {
    let pager = Pager(
      PagerConfiguration(pageSize: 10), source: FixturePages(count: 10) { Row($0) }.source)
    let (_, dataSource) = boundScreen()
    pager.bind(dataSource, section: "rows", rows: PagerRows(filter: { $0.id.isMultiple(of: 2) }))
    await pager.refresh().ended()
    #expect(dataSource.snapshot?.allItems.compactMap(\.item).map(\.id) == [0, 2, 4, 6, 8])
    #expect(pager.items.count == 10, "the pager keeps every item")
    #expect(
      pager.lastDroppedDuplicates == 0 && dataSource.snapshot?.droppedDuplicates.isEmpty == true)
  }
}

/// A thread-safe counter for sources that run off the main actor.
final class Counter: @unchecked Sendable {
  // NB: `lock` guards `count`.
  private let lock = NSLock()
  private var count = 0

  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
