#if os(Linux)
  import CatenaDataSource
  import CatenaPaging
  import CatenaRequest
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// P-c: a mask over a table stays over what shows, follows its size, and holds VoiceOver.
  @MainActor
  @Suite("P-c MaskLoader over a table")
  struct MaskLoaderLayoutTests {
    @Test("P-c the mask does not scroll with the content and follows a rotation")
    func theMaskStaysOverTheTable() throws {
      let (table, window) = tableInWindow()
      table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      let masks = MaskLoader(over: table)
      masks.begin(RequestID())
      let mask = try #require(masks.masks.first?.view)
      #expect(mask.frame == table.frame)
      table.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
      #expect(mask.frame == table.frame, "an offset set in code does not move the mask")
      window.frame.size = CGSize(width: 700, height: 320)
      #expect(table.frame.width == 700)
      #expect(mask.frame == table.frame, "the mask follows the table's new size")
      withExtendedLifetime(window) {}
    }

    @Test("P-c VoiceOver reads the mask, nothing behind it, and is moved to it and back")
    func theMaskHoldsVoiceOver() throws {
      let (table, window) = tableInWindow()
      let masks = MaskLoader(over: table)
      let request = RequestID()
      masks.begin(request)
      let mask = try #require(masks.masks.first?.view)
      #expect(mask.isAccessibilityElement)
      #expect(mask.accessibilityViewIsModal)
      #expect(mask.accessibilityLabel == CatenaStrings.string(.loading))
      #expect(
        UIAccessibility.posted.contains { $0.0 == .screenChanged && ($0.1 as? UIView) === mask })
      masks.end(request)
      #expect(
        UIAccessibility.posted.contains { $0.0 == .screenChanged && ($0.1 as? UIView) === table })
      withExtendedLifetime(window) {}
    }
  }
#endif
