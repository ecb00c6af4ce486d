#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// Impressions end when the list leaves the window, the list gets smaller, or the app goes
  /// to the background, and a return visit is a new impression (R3-N8, R3-F8).
  @MainActor
  @Suite("Impressions when the list leaves the screen (R3-N8, R3-F8)")
  struct ImpressionVisibilityTests {
    /// A table in a window of its own scene.
    func tableInScene() -> (UITableView, UIWindow, UIWindowScene) {
      let scene = UIWindowScene()
      let (table, window) = tableInWindow()
      window.windowScene = scene
      window.addSubview(table)  // shown again in its scene
      return (table, window, scene)
    }

    @Test func aViewHearsWhenItEntersAndLeavesAWindow() {
      final class Watcher: UIView {
        var moves: [Bool] = []
        override func didMoveToWindow() { moves.append(window != nil) }
      }
      let window = UIWindow(frame: .zero)
      let container = UIView(frame: .zero)
      let watcher = Watcher(frame: .zero)
      container.addSubview(watcher)
      #expect(watcher.moves.isEmpty, "no window yet")
      window.addSubview(container)
      container.removeFromSuperview()
      #expect(watcher.moves == [true, false], "told through its superview, as UIKit does")
    }

    @Test func r3n8LeavingTheWindowEndsEveryImpressionAndComingBackStartsThemAgain() async throws {
      let (table, window) = tableInWindow()
      let list = ImpressionList()
      #expect(try await list.showRows(on: table) == (0..<10).map { .appeared($0) })
      table.removeFromSuperview()  // a detail screen pushed over the list
      #expect(await list.take() == (0..<10).map { .disappeared($0) })
      window.addSubview(table)  // back
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (0..<10).map { .appeared($0) }, "a return visit counts")
      withExtendedLifetime(window) {}
    }

    @Test func r3n8TheSceneGoingToTheBackgroundEndsThemAndNothingAppearsWhileThere()
      async throws
    {
      let (table, window, scene) = tableInScene()
      let list = ImpressionList()
      list.dataSource.bind(table)
        .configureCell(TitleCell.self) { cell, _, row in cell.title = row.title }
      try list.dataSource.apply(snapshot((0..<30).map { Row($0) }))
      await list.advance(milliseconds: 100)  // rows show, not long enough yet
      let center = NotificationCenter.default
      center.post(name: UIScene.didEnterBackgroundNotification, object: scene)
      await list.advance(milliseconds: 1_000)
      #expect(await list.take().isEmpty, "nothing appears in the background")
      center.post(name: UIScene.willEnterForegroundNotification, object: scene)
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (0..<10).map { .appeared($0) })
      center.post(name: UIScene.didEnterBackgroundNotification, object: UIWindowScene())
      #expect(await list.take().isEmpty, "another scene's background is not this list's")
      center.post(name: UIScene.didEnterBackgroundNotification, object: scene)
      #expect(await list.take() == (0..<10).map { .disappeared($0) })
      withExtendedLifetime(window) {}
    }

    @Test func aListThatComesBackToItsWindowInTheBackgroundShowsNothingUntilTheForeground()
      async throws
    {
      let (table, window, scene) = tableInScene()
      let list = ImpressionList()
      #expect(try await list.showRows(on: table) == (0..<10).map { .appeared($0) })
      table.removeFromSuperview()  // a push
      scene.simulateEnterBackground()
      window.addSubview(table)  // popped back while the app is in the background
      await list.advance(milliseconds: 1_000)
      #expect(await list.take() == (0..<10).map { .disappeared($0) }, "nothing appears")
      scene.simulateEnterForeground()
      await list.advance(milliseconds: 300)
      #expect(await list.take() == (0..<10).map { .appeared($0) })
      withExtendedLifetime(window) {}
    }

    @Test func aRowDroppedWhereLessThanHalfShowsDisappears() async throws {
      let (table, window) = tableInWindow()
      table.rowHeight = 44  // exact heights: row 0 shows 14 of its 44 points below
      let list = ImpressionList()
      list.dataSource.didMove { _, _, _ in }
      #expect(try await list.showRows(on: table) == (0..<10).map { .appeared($0) })
      table.simulateScroll(toY: 30)  // row 0 shows less than half; row 10 more
      await list.advance(milliseconds: 300)
      #expect(await list.take() == [.disappeared(0), .appeared(10)])
      table.isEditing = true
      #expect(table.simulateLift(at: path(5)))
      #expect(table.simulateDragOver(path(0)) == path(0))
      #expect(table.simulateDrop())
      #expect(await list.take() == [.disappeared(5)], "row 5 now rests where 14 points show")
      await list.advance(milliseconds: 300)
      #expect(await list.take() == [.appeared(0)], "row 0 moved down into full view")
      withExtendedLifetime(window) {}
    }

    @Test func r3n8RowsThatFallOffWhenTheListGetsSmallerDisappear() async throws {
      let (table, window) = tableInWindow()
      let list = ImpressionList()
      #expect(try await list.showRows(on: table) == (0..<10).map { .appeared($0) })
      table.frame.size.height = 220  // rotated to landscape
      table.setNeedsLayout()
      table.layoutIfNeeded()
      #expect(await list.take() == (5..<10).map { .disappeared($0) })
      withExtendedLifetime(window) {}
    }
  }
#endif
