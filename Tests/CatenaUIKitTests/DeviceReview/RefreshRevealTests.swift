#if os(Linux)
  import CatenaRequest
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N9: a refresh a loader begins in code is revealed, as the paging controls' is.
  @MainActor
  @Suite("N9 RefreshControlLoader reveals a refresh begun in code")
  struct RefreshRevealTests {
    @Test("N9 at the top of a table in a window, the table scrolls to show the spinner")
    func revealedAtTheTop() {
      let (table, window) = tableInWindow()
      let control = UIRefreshControl()
      table.refreshControl = control
      let loader = RefreshControlLoader(control)
      let request = RequestID()
      loader.begin(request)
      #expect(control.isRefreshing)
      #expect(table.contentOffsetCalls == [CGPoint(x: 0, y: -60)])
      loader.end(request)
      #expect(!control.isRefreshing)
      withExtendedLifetime(window) {}
    }

    @Test("N9 scrolled down, or off screen, the content does not jump")
    func notRevealedElsewhere() {
      let (table, window) = tableInWindow()
      let control = UIRefreshControl()
      table.refreshControl = control
      table.contentOffset = CGPoint(x: 0, y: 300)
      let loader = RefreshControlLoader(control)
      loader.begin(RequestID())
      #expect(control.isRefreshing)
      #expect(table.contentOffsetCalls.isEmpty)
      let alone = UITableView(frame: window.frame, style: .plain)
      let other = UIRefreshControl()
      alone.refreshControl = other
      RefreshControlLoader(other).begin(RequestID())
      #expect(other.isRefreshing)
      #expect(alone.contentOffsetCalls.isEmpty)
      withExtendedLifetime(window) {}
    }
  }
#endif
