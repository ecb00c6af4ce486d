#if os(Linux)
  import CatenaPaging
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// P-a: the load-more footer as VoiceOver and Dynamic Type users get it.
  @MainActor
  @Suite("P-a the load-more footer follows text size and width, and reads right")
  struct FooterAccessibilityTests {
    @Test("P-a VoiceOver finds no dimmed button while idle or loading; one button after a failure")
    func voiceOverElements() {
      let footer = LoadMoreFooterView(frame: .zero)
      for status in [nil, .loading(.append)] as [PagerStatus?] {
        footer.status = status
        #expect(footer.accessibilityElementsReached.isEmpty, "\(String(describing: status))")
      }
      footer.status = .end
      #expect(footer.accessibilityElementsReached.map(\.accessibilityLabel) == ["End of list"])
      footer.status = .failed(.append, "Offline")
      let reached = footer.accessibilityElementsReached
      #expect(reached.count == 1)
      #expect(reached.first === footer)
      #expect(footer.accessibilityLabel == "Couldn't load: Offline. Tap to retry.")
      #expect(footer.accessibilityTraits.contains(.button))
    }

    @Test("P-a a larger text size and a new width refit the footer")
    func textSizeAndWidthRefit() async {
      let (table, window) = tableInWindow()
      let footer = LoadMoreFooterView(frame: .zero)
      table.tableFooterView = footer
      footer.status = .failed(.append, String(repeating: "The server did not answer. ", count: 4))
      let normal = footer.frame.height
      window.simulateTextSize(2)
      await settleRefit()
      let larger = footer.frame.height
      #expect(larger > normal)
      #expect(table.tableFooterView === footer)
      table.frame.size.width = 640
      table.setNeedsLayout()
      table.layoutIfNeeded()
      await settleRefit()
      #expect(footer.frame.width == 640)
      #expect(footer.frame.height < larger)
      withExtendedLifetime(window) {}
    }

    /// Lets the footer's refit, scheduled for the next main-actor turn, run.
    func settleRefit() async {
      for _ in 0..<10 { await Task.yield() }
    }
  }

  extension UIView {
    /// The views VoiceOver reaches in this view's tree: accessibility elements not hidden,
    /// without looking inside them, as UIKit does.
    var accessibilityElementsReached: [UIView] {
      guard !isHidden else { return [] }
      if isAccessibilityElement { return [self] }
      return subviews.flatMap(\.accessibilityElementsReached)
    }
  }
#endif
