#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N2: nothing Catena does from a row callback of UIKit's layout pass (`willDisplay`,
  /// prefetching) changes the table or reads its visible rows inside that pass.
  @MainActor
  @Suite("N2 nothing runs inside UIKit's layout pass")
  struct LayoutPassTests {
    @Test("N2 a row coming on screen near the end loads on the next turn, not in layout")
    func displayNearTheEndLoadsAfterTheLayoutPass() async throws {
      let (table, window) = tableInWindow()
      let (pager, dataSource) = boundPager(table)
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      table.isPrefetchingEnabled = false
      let loaded = pager.items.count
      table.clearCalls()
      // The last ten rows come on screen: they are within 5 of the end.
      table.simulateScroll(toY: CGFloat(loaded - 10) * 44)
      #expect(pager.loadStates.append == .idle, "no load started inside the layout pass")
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") })
      await settle(pager)
      #expect(pager.items.count == loaded + 20)
      #expect(table.exceptions == [])
      #expect(dataSource.snapshot?.numberOfItems == loaded + 20)
      withExtendedLifetime(window) {}
    }

    @Test("N2 a prefetch near the end loads on the next turn, not in layout")
    func prefetchNearTheEndLoadsAfterTheLayoutPass() async throws {
      let (table, window) = tableInWindow()
      let (pager, dataSource) = boundPager(table)
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      let loaded = pager.items.count
      table.clearCalls()
      // Rows up to 8 before the end on screen; the next screenful, the end within it, prefetched.
      table.simulateScroll(toY: CGFloat(loaded - 17) * 44)
      #expect(table.calls.contains { $0.hasPrefix("prefetch") })
      #expect(pager.loadStates.append == .idle, "no load started inside the layout pass")
      await settle(pager)
      #expect(pager.items.count > loaded)
      #expect(table.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test("N2 an app's willDisplay that applies runs after the layout pass")
    func anAppsWillDisplayApplyWaitsForTheNextTurn() async throws {
      let (table, window) = tableInWindow()
      var more: Snapshot<String, Row>?
      let dataSource = rowSource(table)
      dataSource.willDisplay { _, row in
        guard row?.id == 9, let next = more else { return }
        more = nil
        try? dataSource.apply(next)
      }
      try dataSource.apply(try snapshot((0..<10).map { Row($0) }))
      more = try snapshot((0..<15).map { Row($0) })
      table.reloadData()
      table.clearCalls()
      table.layoutIfNeeded()
      #expect(table.exceptions == [])
      #expect(!table.calls.contains { $0.hasPrefix("performBatchUpdates") })
      for _ in 0..<100 where table.numberOfRows(inSection: 0) < 15 { await Task.yield() }
      #expect(table.numberOfRows(inSection: 0) == 15)
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("the fake raises for a batch, a reload, an offset change or a visible-row read in layout")
    func theFakeRefusesChangesDuringLayout() throws {
      for attempt in ["batch", "reload", "offset", "visible"] {
        let (table, window) = tableInWindow()
        let dataSource = rowSource(table)
        try dataSource.apply(try snapshot((0..<20).map { Row($0) }))
        table.layoutIfNeeded()
        let hook = LayoutHook(table: table, attempt: attempt)
        table.delegate = hook
        table.simulateScroll(toY: 44)
        #expect(table.exceptions.count == 1, "\(attempt)")
        #expect(table.exceptions.first?.contains("lays out its rows") == true, "\(attempt)")
        withExtendedLifetime((window, hook)) {}
      }
    }
  }

  /// A delegate that does `attempt` to the table when a row comes on screen.
  @MainActor
  final class LayoutHook: NSObject, UITableViewDelegate {
    weak var table: UITableView?
    let attempt: String
    var done = false
    init(table: UITableView, attempt: String) {
      self.table = table
      self.attempt = attempt
    }
    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      guard !done else { return }
      done = true
      switch attempt {
      case "batch": tableView.performBatchUpdates(nil)
      case "reload": tableView.reloadData()
      case "offset": tableView.setContentOffset(CGPoint(x: 0, y: 88), animated: false)
      default: _ = tableView.indexPathsForVisibleRows
      }
    }
  }
#endif
