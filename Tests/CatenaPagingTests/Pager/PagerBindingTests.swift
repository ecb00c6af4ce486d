import CatenaDataSource
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

@MainActor
@Suite("Pager bound to a headless table: status rows, scrolling both ways, the anchor")
struct PagerBindingTests {
  func list(
    _ count: Int = 95, keying: PageKeying = .index, configuration: PagerConfiguration? = nil
  ) -> PagedListHarness<Message> {
    PagedListHarness(
      count: count, pageSize: 20, keying: keying, configuration: configuration,
      describe: \.text
    ) { Message($0) }
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

  @Test func separatorsHeaderAndFooterRowsFollowThePages() async throws {
    let list = list(25)
    list.binding
      .separator { before, message in
        before == nil || message.id % 10 == 0 ? "— \(message.id / 10)0s —" : nil
      }
      .header("Inbox")
      .footer("Synced")
    try await list.refresh()
    try await list.scrollToBottom()
    #expect(list.rows.prefix(3) == ["[Inbox]", "[— 00s —]", "m0"])
    #expect(list.rows.contains("[— 10s —]") && list.rows.contains("[— 20s —]"))
    #expect(list.rows.suffix(2) == ["[End of list]", "[Synced]"])
  }

  @Test func anEmptyListAndAFailedFirstLoadSaySo() async throws {
    let empty = list(0)
    try await empty.refresh()
    #expect(empty.rows == ["[Nothing here yet]"])
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
    list.binding.filter { $0.id % 2 == 0 }
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
