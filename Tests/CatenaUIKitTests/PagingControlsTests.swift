#if os(Linux)
  import CatenaDataSource
  import CatenaPaging
  import CatenaRequest
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// Yields to the main actor until `condition` holds (at most `limit` times): the controls
  /// hear the list's events in a task of their own. No clock is involved.
  @MainActor
  func settle(limit: Int = 1_000, until condition: () -> Bool) async {
    for _ in 0..<limit where !condition() { await Task.yield() }
  }

  /// Counts the loads a pager's log says ended.
  final class EndedLoads: @unchecked Sendable {
    // NB: `lock` guards `count`.
    private let lock = NSLock()
    private var count = 0
    var ended: Int { lock.withLock { count } }
    var log: PagerLog {
      PagerLog { [self] entry in
        if case .ended = entry { lock.withLock { count += 1 } }
      }
    }
  }

  /// A pager of rows bound to a table in a window, with paging controls instead of status
  /// rows.
  @MainActor
  final class PagedScreen {
    let pages = ManualPages<Row>()
    let pager: Pager<Row>
    let table: UITableView
    let window: UIWindow
    let dataSource: SectionedDataSource<String, PagerRow<Row>>
    let controls: PagingControls<Row>
    let loads = EndedLoads()

    init(pageSize: Int = 10, inWindow: Bool = true, emptyText: String? = nil) {
      pager = Pager(
        PagerConfiguration(pageSize: pageSize, prefetchDistance: 5), source: pages.source)
      (table, window) = tableInWindow()
      if !inWindow { table.removeFromSuperview() }
      dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TitleCell.self, reuseIdentifier: "title") { cell, _, row in
          cell.title = row.item?.title ?? row.text
        }
      if let emptyText { dataSource.emptyState { emptyText } }
      pager.log = loads.log
      pager.bind(dataSource, section: "s")
      controls = PagingControls(pager, tableView: table)
    }

    /// Answers the oldest waiting request with rows `range`, and waits until the pager took it.
    func answer(_ range: Range<Int>) async {
      let ended = loads.ended
      pages.respond(with: Page(items: range.map { Row($0) }))
      await settle { loads.ended > ended }
    }

    /// Fails the oldest waiting request, and waits until the pager took it.
    func fail() async {
      let ended = loads.ended
      pages.fail()
      await settle { loads.ended > ended }
    }
  }

  @MainActor
  @Suite("PagingControls and LoadMoreFooterView, driven by a real Pager", .timeLimit(.minutes(10)))
  struct PagingControlsTests {
    @Test("#9 a refresh started in code reveals the spinner, and the first page ends it")
    func refreshInCodeRevealsTheSpinner() async {
      let screen = PagedScreen(pageSize: 20)
      screen.pager.refresh()
      await settle { screen.controls.refreshControl.isRefreshing }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing"])
      #expect(screen.table.contentOffsetCalls == [CGPoint(x: 0, y: -60)])
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<20)
      await settle { !screen.controls.refreshControl.isRefreshing }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing", "endRefreshing"])
      #expect(screen.controls.footer.status == nil)
      screen.table.finishScrollAnimation()  // the reveal is animated
      screen.table.layoutIfNeeded()
      // The revealed control takes 60 of the 440 points: 9 rows show.
      #expect(screen.table.shownTitles == (0..<9).map { "r\($0)" })
    }

    @Test("#9 off-window, a refresh in code spins the footer, not the refresh control")
    func refreshOffWindowSpinsTheFooter() async {
      let screen = PagedScreen(inWindow: false)
      screen.pager.refresh()
      await settle { screen.controls.footer.status == .loading(.append) }
      #expect(screen.controls.footer.status == .loading(.append))
      #expect(screen.controls.refreshControl.calls.isEmpty)
      #expect(screen.table.contentOffsetCalls.isEmpty)
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<3)
      await settle { screen.controls.footer.status == .end }
      #expect(screen.controls.footer.status == .end)
      #expect(screen.controls.refreshControl.calls.isEmpty)
    }

    @Test("#8 a pull whose pager is gone ends at once")
    func pullWithoutAPagerEnds() async {
      let (table, window) = tableInWindow()
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table).configureCell(TitleCell.self, reuseIdentifier: "title") { _, _ in }
      var pager: Pager<Row>? = Pager(source: ManualPages<Row>().source)
      let controls = PagingControls(pager!.bind(dataSource, section: "s"), tableView: table)
      pager = nil
      controls.refreshControl.simulatePull()
      #expect(!controls.refreshControl.isRefreshing)
      #expect(controls.refreshControl.calls == ["endRefreshing"])
      withExtendedLifetime((window, dataSource, pager)) {}
    }

    @Test("the controls replace the bound section's status rows")
    func statusRowsAreOff() async {
      let screen = PagedScreen()
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      let shown = screen.dataSource.snapshot?.allItems ?? []
      #expect(shown.isEmpty, "no first-load row")
      await screen.answer(0..<3)
      #expect(screen.dataSource.snapshot?.allItems.map(\.item?.id) == [0, 1, 2], "no end row")
      #expect(screen.controls.footer.status == .end)
    }

    @Test(
      "the controls turn off only their table's status rows, bound before or after, while they live"
    )
    func statusRowsOffOnlyOnTheirTable() async {
      let pages = ManualPages<Row>()
      let pager = Pager(PagerConfiguration(pageSize: 10), source: pages.source)
      func source(_ table: UITableView) -> SectionedDataSource<String, PagerRow<Row>> {
        SectionedDataSource<String, PagerRow<Row>>()
          .bind(table).configureCell(TitleCell.self, reuseIdentifier: "title") { _, _ in }
      }
      let (controlled, window) = tableInWindow()
      let (other, otherWindow) = tableInWindow()
      // The controls come first; the sections are bound after them.
      var controls: PagingControls<Row>? = PagingControls(pager, tableView: controlled)
      let withControls = source(controlled)
      let withoutControls = source(other)
      pager.bind(withControls, section: "s")
      pager.refresh()
      await pages.waitForRequests(1)
      #expect(withControls.snapshot?.allItems.isEmpty != false, "the footer shows the load")
      // Bound to the other table (a pager shows in one place at a time), the row shows there.
      pager.bind(withoutControls, section: "s")
      #expect(withoutControls.snapshot?.allItems == [.status(.firstLoad)], "the other table's row")
      pager.bind(withControls, section: "s")
      #expect(withoutControls.snapshot?.allItems == [], "the section left is emptied")
      #expect(withControls.snapshot?.allItems.isEmpty != false, "the footer shows the load again")
      // Gone, the controls give the table its status rows back.
      controls = nil
      await settle { withControls.snapshot?.allItems == [.status(.firstLoad)] }
      #expect(withControls.snapshot?.allItems == [.status(.firstLoad)])
      pages.respond(with: Page(items: []))
      await settle(pager)
      withExtendedLifetime((window, otherWindow, controls)) {}
    }

    @Test("#10 a next-page failure does not end a refresh control that is not refreshing")
    func nextPageFailureLeavesAnIdleControlAlone() async {
      let screen = PagedScreen()
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      await settle { !screen.controls.refreshControl.isRefreshing }
      screen.pager.loadNext()
      await screen.pages.waitForRequests(2)
      await screen.fail()
      await settle { screen.controls.footer.status != .loading(.append) }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing", "endRefreshing"])
      #expect(screen.controls.footer.status == .failed(.append, "offline"))
    }

    @Test("#15 after a failed next page, scrolling does not retry; tapping the footer does")
    func failedNextPageWaitsForATap() async {
      let screen = PagedScreen()
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      screen.table.layoutIfNeeded()
      await screen.pages.waitForRequests(2)  // the last rows are on screen: page 2 loads
      await screen.fail()
      await settle { screen.controls.footer.status == .failed(.append, "offline") }
      for y in [0, 44, 0, 88] as [CGFloat] { screen.table.simulateScroll(toY: y) }
      await settle(limit: 50) { false }
      #expect(screen.pages.requests.count == 2)
      screen.controls.footer.retryButton.sendActions(for: .primaryActionTriggered)
      await screen.pages.waitForRequests(3)
      #expect(screen.pages.requests.map(\.page) == [1, 2, 2])
      await screen.answer(10..<13)
      await settle { screen.controls.footer.status == .end }
      #expect(screen.controls.footer.status == .end)
    }

    @Test("#7 the empty-state text shows on an empty first page and goes with the rows")
    func emptyStateShowsAndGoes() async {
      let screen = PagedScreen(emptyText: "No rows yet")
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<0)
      #expect((screen.table.backgroundView as? UILabel)?.text == "No rows yet")
      screen.pager.refresh()
      await screen.pages.waitForRequests(2)
      await screen.answer(0..<2)
      #expect(screen.table.backgroundView == nil)
    }

    @Test("#16 a failed first page on an empty list shows the error; tapping refreshes")
    func failedFirstPageShowsTheError() async {
      let screen = PagedScreen()
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      await screen.fail()
      await settle { screen.controls.footer.status == .firstLoadFailed("offline") }
      #expect(screen.controls.footer.isAccessibilityElement)
      #expect(screen.controls.footer.accessibilityLabel == "Couldn't load: offline. Tap to retry.")
      #expect(screen.controls.footer.accessibilityActivate())
      await screen.pages.waitForRequests(2)
      #expect(screen.pages.requests.map(\.page) == [1, 1])
    }

    @Test("the footer retries only after a failure, and says no more at the end")
    func footerModes() {
      let footer = LoadMoreFooterView()
      var retries = 0
      footer.didTapRetry = { retries += 1 }
      footer.retryButton.sendActions(for: .primaryActionTriggered)
      #expect(retries == 0 && !footer.retryButton.isEnabled)
      footer.status = .loading(.append)
      #expect(footer.spinner.isAnimating && !footer.accessibilityActivate())
      footer.status = .end
      #expect(!footer.spinner.isAnimating && footer.label.text == "End of list")
      footer.status = .failed(.append, "offline")
      footer.retryButton.sendActions(for: .primaryActionTriggered)
      #expect(retries == 1 && footer.accessibilityTraits == .button)
      #expect(footer.frame.height >= 44)
    }

    @Test(
      "a whole screen (pager, data source, controls, footer, table) goes away, idle or loading",
      arguments: [false, true])
    func screenDoesNotLeak(loadingWhenClosed: Bool) async {
      weak var weakControls: PagingControls<Row>?
      weak var weakList: Pager<Row>?
      weak var weakTable: UITableView?
      weak var weakDataSource: SectionedDataSource<String, PagerRow<Row>>?
      weak var weakFooter: LoadMoreFooterView?
      let pages: ManualPages<Row>
      do {
        let screen = PagedScreen()
        pages = screen.pages
        weakControls = screen.controls
        weakList = screen.pager
        weakTable = screen.table
        weakDataSource = screen.dataSource
        weakFooter = screen.controls.footer
        screen.pager.refresh()
        await screen.pages.waitForRequests(1)
        await screen.answer(0..<10)
        screen.table.simulateScroll(toY: 100)
        await settle { screen.pages.waitingNumbers.count == 1 }
        #expect(screen.pages.waitingNumbers.count == 1)
        if !loadingWhenClosed { await screen.answer(10..<20) }
      }
      // The screen closes with page 2 in flight or not: nothing waits for the server.
      await settle {
        weakControls == nil && weakList == nil && weakTable == nil && weakDataSource == nil
          && weakFooter == nil
      }
      #expect(weakList == nil)
      #expect(weakTable == nil)
      #expect(weakControls == nil)
      #expect(weakDataSource == nil)
      #expect(weakFooter == nil)
      // A late answer finds nothing alive and changes nothing.
      if loadingWhenClosed {
        pages.respond(with: Page(items: [Row(99)]))
        await settle { pages.waitingNumbers.isEmpty }
        #expect(weakList == nil)
      }
    }
  }
#endif
