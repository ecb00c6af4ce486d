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

  /// A paged list of rows bound to a table in a window, with paging controls.
  @MainActor
  final class PagedScreen {
    let pages = ManualPages<Row>()
    let list: PagedList<Row>
    let table: UITableView
    let window: UIWindow
    let dataSource: SectionedDataSource<String, Row, UITableViewCell>
    let controls: PagingControls<Row>
    let binding: PagingBinding

    init(pageSize: Int = 10, inWindow: Bool = true, emptyText: String? = nil) {
      list = PagedList(pageSize: pageSize, source: pages.source)
      (table, window) = tableInWindow()
      if !inWindow { table.removeFromSuperview() }
      dataSource = rowSource(table)
      binding = list.bind(to: dataSource, section: "s", emptyText: emptyText)
      controls = PagingControls(list: list, tableView: table)
    }

    /// Answers the oldest waiting request with rows `range`.
    func answer(_ range: Range<Int>) async {
      let load = list.runningLoad
      pages.respond(with: Page(items: range.map { Row($0) }))
      await load?.value
    }

    /// Fails the oldest waiting request.
    func fail() async {
      let load = list.runningLoad
      pages.fail()
      await load?.value
    }
  }

  @MainActor
  @Suite("PagingControls and LoadMoreFooterView, driven by a real PagedList")
  struct PagingControlsTests {
    @Test("#9 a refresh started in code reveals the spinner, and the first page ends it")
    func refreshInCodeRevealsTheSpinner() async {
      let screen = PagedScreen()
      screen.list.refresh()
      await settle { screen.controls.refreshControl.isRefreshing }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing"])
      #expect(screen.table.contentOffsetCalls == [CGPoint(x: 0, y: -60)])
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      await settle { !screen.controls.refreshControl.isRefreshing }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing", "endRefreshing"])
      #expect(screen.controls.footer.mode == .idle)
      screen.table.layoutIfNeeded()
      // The revealed control takes 60 of the 440 points: 9 rows show.
      #expect(screen.table.shownTitles == (0..<9).map { "r\($0)" })
    }

    @Test("#9 off-window, a refresh in code spins the footer, not the refresh control")
    func refreshOffWindowSpinsTheFooter() async {
      let screen = PagedScreen(inWindow: false)
      screen.list.refresh()
      await settle { screen.controls.footer.mode == .loading }
      #expect(screen.controls.footer.mode == .loading)
      #expect(screen.controls.refreshControl.calls.isEmpty)
      #expect(screen.table.contentOffsetCalls.isEmpty)
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<3)
      await settle { screen.controls.footer.mode == .noMore }
      #expect(screen.controls.footer.mode == .noMore)
      #expect(screen.controls.refreshControl.calls.isEmpty)
    }

    @Test("#8 a pull that starts no load ends at once")
    func pullWhilePausedEnds() async {
      let screen = PagedScreen()
      screen.list.pause()
      screen.controls.refreshControl.simulatePull()
      #expect(!screen.controls.refreshControl.isRefreshing)
      #expect(screen.controls.refreshControl.calls == ["endRefreshing"])
      #expect(screen.pages.requests.isEmpty)
    }

    @Test("#10 a next-page failure does not end a refresh control that is not refreshing")
    func nextPageFailureLeavesAnIdleControlAlone() async {
      let screen = PagedScreen()
      screen.list.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      await settle { !screen.controls.refreshControl.isRefreshing }
      screen.list.loadNextPage()
      await screen.pages.waitForRequests(2)
      await screen.fail()
      await settle { screen.controls.footer.mode != .loading }
      #expect(screen.controls.refreshControl.calls == ["beginRefreshing", "endRefreshing"])
      #expect(screen.controls.footer.mode == .failed("offline"))
    }

    @Test("#15 after a failed next page, scrolling does not retry; tapping the footer does")
    func failedNextPageWaitsForATap() async {
      let screen = PagedScreen()
      screen.list.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      screen.table.layoutIfNeeded()
      await screen.pages.waitForRequests(2)  // the last rows are on screen: page 2 loads
      await screen.fail()
      await settle { screen.controls.footer.mode == .failed("offline") }
      for y in [0, 44, 0, 88] as [CGFloat] { screen.table.simulateScroll(toY: y) }
      await settle(limit: 50) { false }
      #expect(screen.pages.requests.count == 2)
      screen.controls.footer.retryButton.sendActions(for: .primaryActionTriggered)
      await screen.pages.waitForRequests(3)
      #expect(screen.pages.requests.map(\.page) == [1, 2, 2])
      await screen.answer(10..<13)
      await settle { screen.controls.footer.mode == .noMore }
      #expect(screen.controls.footer.mode == .noMore)
    }

    @Test("#7 the empty-state text shows on an empty first page and goes with the rows")
    func emptyStateShowsAndGoes() async {
      let screen = PagedScreen(emptyText: "No rows yet")
      screen.list.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<0)
      #expect((screen.table.backgroundView as? UILabel)?.text == "No rows yet")
      screen.list.refresh()
      await screen.pages.waitForRequests(2)
      await screen.answer(0..<2)
      #expect(screen.table.backgroundView == nil)
    }

    @Test("#16 a failed first page on an empty list shows the error; tapping refreshes")
    func failedFirstPageShowsTheError() async {
      let screen = PagedScreen()
      screen.list.refresh()
      await screen.pages.waitForRequests(1)
      await screen.fail()
      await settle { screen.controls.footer.mode == .failed("offline") }
      #expect(screen.controls.footer.isAccessibilityElement)
      #expect(screen.controls.footer.accessibilityLabel == "offline\nTap to retry")
      #expect(screen.controls.footer.accessibilityActivate())
      await screen.pages.waitForRequests(2)
      #expect(screen.pages.requests.map(\.page) == [1, 1])
    }

    @Test("the footer retries only after a failure, and says no more at the end")
    func footerModes() {
      let footer = LoadMoreFooterView()
      var retries = 0
      footer.onRetry = { retries += 1 }
      footer.retryButton.sendActions(for: .primaryActionTriggered)
      #expect(retries == 0 && !footer.retryButton.isEnabled)
      footer.mode = .loading
      #expect(footer.spinner.isAnimating && !footer.accessibilityActivate())
      footer.mode = .noMore
      #expect(!footer.spinner.isAnimating && footer.label.text == "No more")
      footer.mode = .failed("offline")
      footer.retryButton.sendActions(for: .primaryActionTriggered)
      #expect(retries == 1 && footer.accessibilityTraits == .button)
      #expect(footer.frame.height >= 44)
    }

    @Test(
      "a whole screen (list, data source, controls, footer, table) goes away, idle or loading",
      arguments: [false, true])
    func screenDoesNotLeak(loadingWhenClosed: Bool) async {
      weak var weakControls: PagingControls<Row>?
      weak var weakList: PagedList<Row>?
      weak var weakTable: UITableView?
      weak var weakDataSource: SectionedDataSource<String, Row, UITableViewCell>?
      weak var weakFooter: LoadMoreFooterView?
      let pages: ManualPages<Row>
      do {
        let screen = PagedScreen()
        pages = screen.pages
        weakControls = screen.controls
        weakList = screen.list
        weakTable = screen.table
        weakDataSource = screen.dataSource
        weakFooter = screen.controls.footer
        screen.list.refresh()
        await screen.pages.waitForRequests(1)
        await screen.answer(0..<10)
        screen.table.simulateScroll(toY: 100)
        await settle { screen.pages.pending.count == 1 }
        #expect(screen.pages.pending.count == 1)
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
        await settle { pages.pending.isEmpty }
        #expect(weakList == nil)
      }
    }
  }
#endif
