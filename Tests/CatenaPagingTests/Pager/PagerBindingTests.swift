import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Testing

/// A message of a timeline.
struct Message: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
  init(_ id: Int, _ text: String? = nil) {
    self.id = id
    self.text = text ?? "m\(id)"
  }
}

/// A timeline screen as an app writes it: its own page source (fixtures standing in for the
/// server), pager, data source and cells, bound to a headless table; and the harness that
/// drives it.
@MainActor
final class MessageList {
  let pages: FixturePages<Message>
  let pager: Pager<Message>
  let table: HeadlessTable
  let dataSource: SectionedDataSource<String, PagerRow<Message>>
  let harness: PagerHarness<Message, String>

  /// Binds the list's section again, shaped by `rows`.
  func show(_ rows: PagerRows<Message>) { pager.bind(dataSource, section: "list", rows: rows) }

  init(_ count: Int, keying: PageKeying, configuration: PagerConfiguration?) {
    pages = FixturePages(count: count) { Message($0) }
    var settings = configuration ?? PagerConfiguration(pageSize: 20)
    settings.pageSize = 20
    pager = Pager(settings, source: pages.source(keying))
    table = HeadlessTable(viewportHeight: 10 * 44)
    dataSource = SectionedDataSource<String, PagerRow<Message>>()
      .bind(table)
      .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, row in
        cell.text = row.item?.text ?? "[\(row.text)]"
      }
      .statusCell(TextCell.self)
    pager.bind(dataSource, section: "list")
    harness = PagerHarness(pager, shownBy: dataSource, on: table)
  }

  /// Every row: a message's text, or a status or separator row in brackets.
  var rows: [String] { harness.rows.map { $0.item?.text ?? "[\($0.text)]" } }
  /// What the cells on screen show.
  var visibleRows: [String] { harness.visibleRows }
  /// The page numbers the server was asked for, in order.
  var requestedPages: [Int] { pages.requests.map(\.page) }

  func refresh(at key: PageKey? = nil) async throws { try await harness.refresh(at: key) }
  func settle() async throws { try await harness.settle() }
  func scroll(toRow index: Int) async throws { try await harness.scroll(toRow: index) }
  func scroll(byRows rows: Int) async throws { try await harness.scroll(byRows: rows) }
  func scroll(up: Bool = false, while condition: () -> Bool) async throws {
    try await harness.scroll(up: up, while: condition)
  }
  func scrollToBottom() async throws { try await harness.scrollToBottom() }
  func scrollToTop() async throws { try await harness.scrollToTop() }
  func tapRetry() async throws { try await harness.tapRetry() }
  func failNextRequest() { pages.failingNext() }
}

@MainActor
@Suite("Pager bound to a headless table: status rows, scrolling both ways, the anchor")
struct PagerBindingTests {
  func list(
    _ count: Int = 95, keying: PageKeying = .index, configuration: PagerConfiguration? = nil
  ) -> MessageList {
    MessageList(count, keying: keying, configuration: configuration)
  }

  @Test func theFirstLoadShowsAStatusRowThenThePage() async throws {
    let list = list()
    list.pager.refresh()
    #expect(list.rows == ["[Loading…]"])
    try await list.settle()
    // The screen's last rows are within the prefetch distance (10) of page 1's end.
    #expect(list.rows == (0..<40).map { "m\($0)" })
    #expect(list.requestedPages == [1, 2])
    #expect(list.visibleRows == (0..<10).map { "m\($0)" })
  }

  @Test func scrollingDownLoadsPagesAheadAndEndsWithAnEndRow() async throws {
    let list = list()
    try await list.refresh()
    try await list.scroll(toRow: 60)
    #expect(list.requestedPages.prefix(4) == [1, 2, 3, 4])
    #expect(list.visibleRows.contains("m60"))
    try await list.scrollToBottom()
    #expect(list.rows.count == 96)
    #expect(list.rows.last == "[End of list]")
    #expect(list.pager.loadStates.append == .end)
  }

  @Test func aFailedPageWaitsForATapOnItsRow() async throws {
    let list = list()
    try await list.refresh()
    list.failNextRequest()
    try await list.scrollToBottom()
    #expect(
      list.visibleRows.last == "[Couldn't load: page 3 failed (an injected failure). Tap to retry.]"
    )
    let asked = list.requestedPages.count
    try await list.scroll(byRows: -3)
    try await list.scroll(byRows: 3)
    #expect(list.requestedPages.count == asked, "scrolling does not retry")
    try await list.tapRetry()
    #expect(list.requestedPages.count > asked)
    try await list.scrollToBottom()
    #expect(list.rows.last == "[End of list]")
  }

  @Test func olderPagesLoadAboveWithoutMovingTheRowBeingRead() async throws {
    let list = list(keying: .server)
    try await list.refresh(at: .cursor(FixturePages<Message>.cursor(forOffset: 40)))
    // Rows m40… came on screen at the top, near the start of what is loaded: the pages above
    // load (two, as each leaves m40 within the prefetch distance), and m40 stays at the top.
    #expect(list.rows.first == "m0")
    #expect(list.visibleRows.first == "m40", "the row being read stays at the top")
    try await list.scroll(byRows: -3)
    #expect(list.visibleRows.first == "m37")
    try await list.scrollToTop()
    #expect(list.rows.first == "m0")
    #expect(list.pager.loadStates.prepend == .end)
  }

  @Test func separatorRowsFollowThePagesAndSectionTitlesComeFromTheDataSource() async throws {
    let list = list(25)
    list.show(
      PagerRows(separator: { before, message in
        before == nil || message.id % 10 == 0 ? "— \(message.id / 10)0s —" : nil
      }))
    list.dataSource.headerTitle { _, _ in "Inbox" }.footerTitle { _, _ in "Synced" }
    try await list.refresh()
    try await list.scrollToBottom()
    #expect(list.rows.prefix(2) == ["[— 00s —]", "m0"])
    #expect(list.rows.contains("[— 10s —]") && list.rows.contains("[— 20s —]"))
    #expect(list.rows.last == "[End of list]")
    let rendered = list.table.render()
    #expect(rendered.hasPrefix("[Inbox]") && rendered.hasSuffix("(Synced)"), "\(rendered)")
  }

  @Test func anEmptyListShowsTheDataSourcesEmptyStateAndAFailedFirstLoadSaysSo() async throws {
    let empty = list(0)
    empty.dataSource.emptyState { "No messages" }
    #expect(!empty.table.render().contains("No messages"), "not before the first load")
    empty.pager.refresh()
    #expect(empty.rows == ["[Loading…]"] && !empty.table.render().contains("No messages"))
    try await empty.settle()
    #expect(empty.rows.isEmpty && empty.pager.isEmpty)
    #expect(empty.table.render() == "(No messages)")
    let failing = list()
    failing.failNextRequest()
    try await failing.refresh()
    #expect(failing.rows == ["[Couldn't load: page 1 failed (an injected failure). Tap to retry.]"])
    try await failing.tapRetry()
    #expect(failing.rows.count == 40, "pages 1 and 2: the screen reaches page 1's end")
  }

  @Test func aRefreshReplacesTheRowsInOneBatchWithoutABlink() async throws {
    let list = list()
    try await list.refresh()
    try await list.scroll(toRow: 30)
    list.table.clearEvents()
    list.pager.refresh()
    #expect(list.rows.first == "m0", "the old rows stay while the first page loads")
    try await list.settle()
    #expect(!list.table.events.contains(.reloadData))
    #expect(list.table.events.contains { if case .batch = $0 { true } else { false } })
    #expect(list.rows.count == 20)
  }

  @Test func aRolledBackEditAnimatesBack() async throws {
    let list = list()
    try await list.refresh()
    let gate = Gate()
    let edit = list.pager.edit(.delete(3), request: gate.request)
    #expect(!list.rows.contains("m3"))
    list.table.clearEvents()
    gate.fail()
    _ = await edit.value
    #expect(list.rows.contains("m3"))
    #expect(!list.table.events.contains(.reloadData), "an animated insert, not a reload")
  }

  @Test func theLogWritesEachAppliedChange() async throws {
    let events = LoadEvents()
    let lines = Lines()
    let list = list()
    list.pager.log = PagerLog { entry in
      events.record(entry)
      if case .applied = entry { lines.append("\(entry)") }
    }
    try await list.refresh()
    #expect(
      lines.all.contains { $0.hasPrefix("applied +20 -1 ↕0 ~0") }
        || lines.all.contains { $0.hasPrefix("applied +20") })
    #expect(events.started == events.ended)
  }

  @Test func placeholdersStandForTheItemsNotInMemoryAndAFilterSurvivesDrops() async throws {
    let list = list(
      100, keying: .offset,
      configuration: PagerConfiguration(pageSize: 20, maxLoadedPages: 2, placeholders: true))
    list.show(PagerRows(filter: { $0.id % 2 == 0 }))
    let pager = list.pager
    func placeholders() -> Int { list.rows.count { $0 == "[…]" } }
    func onlyEven() -> Bool {
      list.rows.filter { $0.hasPrefix("m") }.allSatisfy { (Int($0.dropFirst()) ?? 1) % 2 == 0 }
    }
    try await list.refresh(at: .offset(60))
    #expect(pager.placeholdersBefore + pager.items.count + pager.placeholdersAfter == 100)
    #expect(placeholders() == pager.placeholdersBefore + pager.placeholdersAfter)
    #expect(onlyEven())
    try await list.scrollToBottom()
    #expect(pager.loadedPageCount == 2, "the window dropped pages on the way")
    #expect(pager.placeholdersBefore == 60, "pages 1-3 are placeholders now")
    #expect(list.rows.prefix(60).allSatisfy { $0 == "[…]" })
    #expect(onlyEven())
    #expect(list.rows.last == "[End of list]")
  }

}
