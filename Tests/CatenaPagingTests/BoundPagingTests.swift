import CatenaDataSource
import CatenaDiff
import CatenaPaging
import CatenaTesting
import Foundation
import Testing

/// Counts a list's loads from its synchronous listeners: every started load must end once
/// (header or footer ended, or failed).
@MainActor
final class LoadLedger {
  var started = 0
  var ended = 0

  init(_ list: PagedList<Row>) {
    list.listeners.append { [weak self] event in
      switch event {
      case .started: self?.started += 1
      case .headerEnded, .footerEnded, .failed: self?.ended += 1
      case .contentChanged: break
      }
    }
  }

  /// started == ended + running, with at most one running.
  func balances(_ list: PagedList<Row>) -> Bool {
    started == ended + (list.state.isLoading ? 1 : 0)
  }
}

/// A 10-row table over a data source of rows.
@MainActor
func boundScreen(rows: Int = 10) -> (HeadlessTable, SectionedDataSource<String, Row, TextCell>) {
  let table = HeadlessTable(viewportHeight: Double(rows) * 44)
  let dataSource = SectionedDataSource<String, Row, TextCell>()
    .bind(table, cell: TextCell.self, reuseIdentifier: "row")
    .configureCell { cell, _, row in cell.text = row.title }
  return (table, dataSource)
}

@MainActor
@Suite("A bound paged list under refresh, cancel and repeating servers")
struct BoundPagingTests {
  let manual = ManualSource()

  /// Answers the running load's request with `items` and waits for the list to take it in.
  func answerRunning(_ list: PagedList<Row>, _ items: [Row], ledger: LoadLedger) async {
    await manual.waitForRequests(ledger.started)
    let load = list.runningLoad
    manual.respond(number: ledger.started - 1, with: Page(items: items))
    await load?.value
    await manual.waitForRequests(ledger.started)
  }

  /// A list of pages of 3 bound to a 10-row table, its first page answered: the table has
  /// asked for page 2 by itself.
  func pageTwoRunning() async -> (
    PagedList<Row>, LoadLedger, HeadlessTable, SectionedDataSource<String, Row, TextCell>
  ) {
    let list = PagedList(pageSize: 3, source: manual.source)
    let ledger = LoadLedger(list)
    let (table, dataSource) = boundScreen()
    list.bind(to: dataSource, section: "rows")
    list.refresh()
    await answerRunning(list, rows(0..<3), ledger: ledger)
    return (list, ledger, table, dataSource)
  }

  @Test func refreshAbandonsTheRunningNextPageAndStartsNoOther() async {
    let (list, ledger, table, dataSource) = await pageTwoRunning()
    defer { withExtendedLifetime((table, dataSource)) {} }
    #expect(list.loadingPage == 2, "the 10-row table asked for page 2 by itself")
    for _ in 0..<300 {
      list.refresh()
      #expect(ledger.balances(list), "started \(ledger.started), ended \(ledger.ended)")
      #expect(list.loadingPage == 1)
    }
    #expect(ledger.started == 302)
  }

  @Test func aServerRepeatingAFullPageStopsTheAutomaticLoads() async {
    let same = rows(0..<5)
    let asked = Counter()
    let list = PagedList(pageSize: 5) { _, _ in
      asked.increment()
      return Page(items: same)
    }
    let ledger = LoadLedger(list)
    let (table, dataSource) = boundScreen(rows: 5)
    list.bind(to: dataSource, section: "rows")
    await list.refresh()?.value
    for _ in 0..<50 {
      await list.runningLoad?.value
      await Task.yield()
    }
    #expect(asked.value == 2, "page 2 added nothing; no page 3")
    #expect(list.autoLoadPause == .noNewRows(page: 2))
    #expect(ledger.balances(list) && !list.state.isLoading)
    // Scrolling brings a row on screen again: one more try, then the pause again.
    table.scroll(toOffset: 0)
    table.scrollToBottom()
    dataSource.willDisplayRow(at: ItemPath(item: 4, section: 0))
    await list.runningLoad?.value
    #expect(asked.value == 3)
    #expect(list.autoLoadPause == .noNewRows(page: 3))
  }

  @Test func cancelSticksUntilTheUserScrollsOrCodeAsks() async {
    let (list, ledger, table, dataSource) = await pageTwoRunning()
    defer { withExtendedLifetime((table, dataSource)) {} }
    #expect(list.loadingPage == 2)
    list.cancel()
    #expect(list.state == .loaded(hasMore: true))
    #expect(!list.state.isLoading && list.runningLoad == nil, "no page 2 in flight")
    #expect(list.autoLoadPause == .cancelled)
    #expect(ledger.balances(list))
    // The cancelled request's late answer is dropped.
    manual.respond(number: 1, with: Page(items: rows(3..<6)))
    for _ in 0..<20 { await Task.yield() }
    #expect(list.items == rows(0..<3) && ledger.started == 2)
    // A row coming on screen by scrolling loads again.
    dataSource.willDisplayRow(at: ItemPath(item: 2, section: 0))
    #expect(list.loadingPage == 2 && list.autoLoadPause == nil)
    #expect(ledger.balances(list))
  }

  @Test func droppedDuplicatesAreThoseOfTheLatestPageViewAndBounded() async {
    // Every page repeats the previous page's last 2 rows (the server's list shifted).
    let list = PagedList(pageSize: 5) { page, size in
      let start = max(0, (page - 1) * size - 2)
      return Page(items: rows(start..<(start + size)))
    }
    let (table, dataSource) = boundScreen(rows: 5)
    let binding = list.bind(to: dataSource, section: "rows", loadWithin: 2)
    await list.refresh()?.value
    for _ in 0..<300 {
      table.scrollToBottom()
      for _ in 0..<5 { await list.runningLoad?.value }
    }
    #expect(list.items.count > 600)
    let shown = dataSource.snapshot?.allItems.map(\.id) ?? []
    #expect(shown == Array(Set(shown)).sorted(), "each row once, in order")
    #expect(binding.droppedDuplicates.count == list.items.count - shown.count)
    #expect(dataSource.snapshot?.droppedDuplicates.count == binding.droppedDuplicates.count)
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
