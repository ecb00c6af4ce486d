import CatenaPaging

/// What a status row shows for a pager's status, whatever draws it (`PagerStatusCell` in
/// UIKit, `PagerStatusView` in SwiftUI): a spinner while a page loads, one button that
/// retries after a failure, the text otherwise. Decided here, where Linux runs it, so the
/// views only draw.
enum StatusRowLook: Equatable {
  /// A spinner, with the status as its accessibility label.
  case spinner(label: String)
  /// A button titled with the failure's message; a tap retries.
  case retry(title: String)
  /// The status's text (the end of the list).
  case text(String)

  /// The look of `status`.
  init(_ status: PagerStatus) {
    switch status {
    case .firstLoad, .loading: self = .spinner(label: status.description)
    case .firstLoadFailed, .failed: self = .retry(title: status.description)
    case .end, .offline: self = .text(status.description)
    }
  }

  /// Whether a page is loading.
  var isLoading: Bool {
    if case .spinner = self { return true }
    return false
  }

  /// Whether a row that showed `shown` and now shows `status` tells VoiceOver of a failure:
  /// a load it showed failed (the user may be anywhere in the list).
  static func announcesFailure(from shown: PagerStatus?, to status: PagerStatus) -> Bool {
    guard status.isRetryable, let shown else { return false }
    return !shown.isRetryable
  }
}
