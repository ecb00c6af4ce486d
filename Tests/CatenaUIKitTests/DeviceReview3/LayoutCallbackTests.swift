#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  /// UIKit moves the offset from inside its layout pass when self-sizing rows replace their
  /// estimates; the scroll callback then arrives during layout, and what the app asks from it
  /// waits for the next turn (R3-N14, R3-F14).
  @MainActor
  @Suite("Scroll callbacks sent during layout (R3-N14, R3-F14)")
  struct LayoutCallbackTests {
    /// A table of self-sizing rows, each one line tall, estimated at 100 points (rows come out
    /// shorter than their estimate: what a row shows at the top grows when it is measured).
    func selfSizingTable() -> (UITableView, SectionedDataSource<String, Row>, UIWindow) {
      let (table, window) = tableInWindow()
      table.rowHeight = UITableView.automaticDimension
      table.estimatedRowHeight = 100
      let dataSource = SectionedDataSource<String, Row>()
        .bind(table)
        .configureCell { _, row in
          var content = UIListContentConfiguration.cell()
          content.text = row.title
          return content
        }
      return (table, dataSource, window)
    }

    /// A delegate that records from where it heard a scroll.
    final class ScrollWatcher: NSObject, UITableViewDelegate {
      var duringLayout = 0
      func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if (scrollView as? UITableView)?.calls.last?.hasPrefix("offset corrected") == true {
          duringLayout += 1
        }
      }
    }

    @Test func aRowMeasuredAboveTheViewportMovesTheOffsetFromInsideLayout() throws {
      let (table, dataSource, window) = selfSizingTable()
      let watcher = ScrollWatcher()
      table.delegate = watcher
      try dataSource.apply(snapshot((0..<60).map { Row($0) }))
      table.simulateScroll(toY: 2_000)
      table.clearCalls()
      // The user scrolls up until a row above comes on screen and is measured.
      var target = table.contentOffset.y
      while !table.calls.contains(where: { $0.hasPrefix("offset corrected") }), target > 0 {
        target -= 20
        table.simulateScroll(toY: target)
      }
      #expect(target > 0)
      #expect(table.contentOffset.y < target, "the rows on screen stayed put: the row above shrank")
      #expect(watcher.duringLayout >= 1, "the delegate heard the move from inside the layout")
      #expect(table.exceptions.isEmpty, "the view may move its own offset while laying out")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n14AnImpressionHandlerThatAppliesFromALayoutScrollWaitsForTheNextTurn()
      async throws
    {
      let (table, dataSource, window) = selfSizingTable()
      var rows = (0..<60).map { Row($0) }
      var heardInLayout = 0
      dataSource.impressions(after: .zero) { impression in
        if table.isLayingOut { heardInLayout += 1 }
        // Each row that appears is marked seen, which applies (the unread dot goes away).
        guard case .appeared(let id) = impression, !rows[id].title.hasPrefix("seen") else {
          return
        }
        rows[id].title = "seen \(id)"
        try? dataSource.apply(snapshot(rows))
      }
      try dataSource.apply(snapshot(rows))
      table.simulateScroll(toY: 2_000)
      await dataSource.impressionsDelivered()
      table.clearCalls()
      for step in 1...60 {
        table.simulateScroll(toY: 2_000 - CGFloat(step) * 7)
        await dataSource.impressionsDelivered()
      }
      #expect(table.calls.filter { $0.hasPrefix("offset corrected") }.count >= 3)
      #expect(heardInLayout == 0, "the handler never runs inside the layout pass")
      #expect(table.exceptions.isEmpty, "no batch inside the layout pass")
      try await turns("the kept applies to show") { dataSource.snapshot?.allItems == rows }
      table.layoutIfNeeded()
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func aCancelledPrefetchWhoseHandlerAppliesWaitsForTheLayoutPassToEnd() async throws {
      let (table, window) = tableInWindow()
      table.rowHeight = 44
      var rows = (0..<60).map { Row($0) }
      let dataSource = rowSource(table)
      var cancelled = 0
      dataSource
        .prefetch { _, _ in }
        .cancelPrefetching { _, items in
          // The app drops what it started for the rows, and marks them (an apply).
          cancelled += items.count
          for item in items { rows[item.id].title = "dropped \(item.id)" }
          try? dataSource.apply(snapshot(rows))
        }
      try dataSource.apply(snapshot(rows))
      table.layoutIfNeeded()
      table.simulateScroll(toY: 440)  // rows past the screen are prefetched
      table.simulateScroll(toY: 0)  // and cancelled when the user turns back
      #expect(cancelled == 0, "the handler hears after the layout pass, not inside it")
      await dataSource.afterLayoutDone()
      #expect(cancelled > 0)
      #expect(table.exceptions.isEmpty, "no batch inside the layout pass")
      try await turns("the kept apply to show") { dataSource.snapshot?.allItems == rows }
      withExtendedLifetime(window) {}
    }
  }
#endif
