#if os(Linux)
  import CatenaDataSource
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// P-b: a load that fails is announced to VoiceOver, whose user may be anywhere in the list.
  @MainActor
  @Suite("P-b load failures are announced")
  struct AnnouncementTests {
    @Test("P-b a pager's page that fails while its status row shows is announced once")
    func aPagerFailureIsAnnounced() async throws {
      let (table, window) = tableInWindow()
      let server = FixturePages(count: 100) { Row($0) }
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table).configureCell(TitleCell.self, reuseIdentifier: "row") { _, _ in }
      dataSource.statusCell(PagerStatusCell.self)
      pager.bind(dataSource, section: "rows")
      pager.refresh()
      await settle(pager)
      let loaded = pager.items.count
      _ = server.failingNext()
      // The last rows on screen: the next page loads below them, and fails.
      table.simulateScroll(toY: CGFloat(loaded - 9) * 44)
      await settle(pager)
      table.layoutIfNeeded()
      let failed = try #require(
        table.visibleCells.compactMap { $0 as? PagerStatusCell }.first?.status)
      #expect(failed.isRetryable)
      #expect(UIAccessibility.announcements.filter { $0 == failed.description }.count == 1)
      // Retried (a tap on the row), the page loads: that is announced too.
      let before = UIAccessibility.announcements.count
      pager.retry()
      await settle(pager)
      #expect(pager.items.count > loaded)
      #expect(
        UIAccessibility.announcements.dropFirst(before).contains(
          CatenaStrings.string(.retrySucceeded)))
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test("P-b a next page that fails under paging controls is announced with the retry hint")
    func aFooterFailureIsAnnounced() async {
      let screen = PagedScreen()
      screen.pager.refresh()
      await screen.pages.waitForRequests(1)
      await screen.answer(0..<10)
      screen.pager.loadNext()
      await screen.pages.waitForRequests(2)
      await screen.fail()
      await settle { screen.controls.footer.status != .loading(.append) }
      #expect(UIAccessibility.announcements.contains("Couldn't load: offline. Tap to retry."))
      let before = UIAccessibility.announcements.count
      screen.pager.retry()
      await screen.pages.waitForRequests(3)
      await screen.answer(10..<20)
      await settle { screen.controls.footer.status == nil }
      #expect(
        UIAccessibility.announcements.dropFirst(before).contains(
          CatenaStrings.string(.retrySucceeded)))
    }
  }
#endif
