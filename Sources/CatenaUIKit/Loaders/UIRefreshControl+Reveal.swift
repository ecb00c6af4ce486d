#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif

  extension UIRefreshControl {
    /// The scroll view the control belongs to, when it shows the control at its top: in a
    /// window and scrolled to the top (a spinner revealed anywhere else would jump the
    /// content the user reads).
    var revealableScrollView: UIScrollView? {
      guard let scrollView = superview as? UIScrollView, scrollView.window != nil,
        scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top + 1
      else { return nil }
      return scrollView
    }

    /// Begins refreshing for a refresh that no pull started, and reveals the spinner:
    /// `beginRefreshing()` alone does not scroll, so the control would spin above the visible
    /// content. The scroll view scrolls up by the control's height from its top (the usual
    /// recipe, whether or not UIKit counts the control in the adjusted inset).
    ///
    /// - Returns: whether the spinner shows; false (and not refreshing) when the scroll view
    ///   is not in a window or not at its top, so the caller can show another indicator.
    @discardableResult
    func beginRefreshingRevealed() -> Bool {
      guard let scrollView = revealableScrollView else { return false }
      let top = -scrollView.adjustedContentInset.top - frame.height
      beginRefreshing()
      scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
      return true
    }
  }
#endif
