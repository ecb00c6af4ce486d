#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// An animated offset change takes frames, each with a `scrollViewDidScroll`, as on a
  /// device; impressions count where the list rests, not the rows it passes (R3-F8).
  @MainActor
  @Suite("Animated offsets take time (R3-F8)")
  struct AnimatedScrollTests {
    /// A delegate that records the offsets it heard of.
    final class OffsetWatcher: NSObject, UITableViewDelegate {
      var offsets: [CGFloat] = []
      func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offsets.append(scrollView.contentOffset.y)
      }
    }

    @Test func r3f8AnAnimatedOffsetMovesFrameByFrame() {
      let (table, window) = tableInWindow()
      table.contentSize = CGSize(width: 320, height: 5_000)
      let watcher = OffsetWatcher()
      table.delegate = watcher
      table.setContentOffset(CGPoint(x: 0, y: 1_800), animated: true)
      #expect(table.contentOffset.y == 0, "nothing moves before the first frame")
      #expect(table.isAnimatingScroll)
      #expect(table.simulateScrollAnimationFrame())
      #expect(table.contentOffset.y == 100, "one frame of 18")
      table.finishScrollAnimation()
      #expect(table.contentOffset.y == 1_800)
      #expect(watcher.offsets.count == UIScrollView.scrollAnimationFrames)
      #expect(watcher.offsets == watcher.offsets.sorted(), "on its way, never back")
      #expect(!table.isAnimatingScroll)
      #expect(!table.simulateScrollAnimationFrame(), "no frame left")
      withExtendedLifetime(window) {}
    }

    @Test func r3f8ADragStopsTheAnimationWhereItIs() {
      let (table, window) = tableInWindow()
      table.contentSize = CGSize(width: 320, height: 5_000)
      table.setContentOffset(CGPoint(x: 0, y: 1_800), animated: true)
      table.simulateScrollAnimationFrame()
      table.simulateScroll(toY: 150)  // the user's finger
      #expect(!table.isAnimatingScroll)
      table.finishScrollAnimation()
      #expect(table.contentOffset.y == 150)
      table.setContentOffset(CGPoint(x: 0, y: 900), animated: true)
      table.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
      #expect(!table.isAnimatingScroll, "an offset set at once ends the animation")
      #expect(table.contentOffset.y == 300)
      withExtendedLifetime(window) {}
    }

    @Test func r3f8AnAnimatedScrollToAnItemCountsWhereItRestsNotWhatItPasses() async throws {
      let (table, window) = tableInWindow()
      let list = ImpressionList()
      list.dataSource.bind(table)
        .configureCell(TitleCell.self) { cell, _, row in cell.title = row.title }
      try list.dataSource.apply(snapshot((0..<60).map { Row($0) }))
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (0..<10).map { .appeared($0) })
      try list.dataSource.scroll(to: 50, at: .top, animated: true)
      #expect(await list.take() == [], "the list has not moved yet")
      // The display shows a frame every 16 ms: no row passed is on screen for 300 ms.
      while table.simulateScrollAnimationFrame() {
        await list.advance(milliseconds: 16)
      }
      await list.advance(milliseconds: 300)
      let heard = await list.take()
      #expect(
        heard.filter { if case .appeared = $0 { true } else { false } }
          == (50..<60).map { .appeared($0) })
      #expect(
        heard.filter { if case .disappeared = $0 { true } else { false } }
          == (0..<10).map { .disappeared($0) })
      #expect(table.rectForRow(at: path(50)).minY == table.contentOffset.y)
      withExtendedLifetime(window) {}
    }
  }
#endif
