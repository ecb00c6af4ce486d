#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaPaging

  extension PagerStatusShowing where Self: UIView {
    /// Posts `text` as a VoiceOver announcement (a retry that succeeded), wherever the user
    /// is in the list.
    public static func announce(_ text: String) {
      UIAccessibility.post(notification: .announcement, argument: text)
    }

    /// Labels the row for `status` (one button when it retries), runs `spinner` while a page
    /// loads, and tells VoiceOver of a load that failed while the row showed it (`shown`).
    /// Returns whether a page loads.
    func label(
      for status: PagerStatus, showing shown: PagerStatus?, spinner: UIActivityIndicatorView
    ) -> Bool {
      if StatusRowLook.announcesFailure(from: shown, to: status) {
        Self.announce(status.description)
      }
      let loading = StatusRowLook(status).isLoading
      if loading { spinner.startAnimating() } else { spinner.stopAnimating() }
      accessibilityLabel = status.description
      accessibilityTraits = status.isRetryable ? .button : .staticText
      return loading
    }
  }
#endif
