#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import SwiftUI
  public import CatenaPaging

  /// A SwiftUI row for a pager's status rows (`PagerStatus`): a spinner while a page loads,
  /// the message as one button that retries after a failure, and the end text (the empty
  /// state is the data source's `emptyState`). The SwiftUI counterpart of `PagerStatusCell`;
  /// show your own view for a status instead where you like.
  ///
  /// ```swift
  /// let rows = messages.rows()
  /// List(rows) { row in
  ///   if let message = row.item {
  ///     Text(message.text)
  ///   } else if let status = row.status {
  ///     PagerStatusView(status) { messages.retry() }
  ///   }
  /// }
  /// ```
  public struct PagerStatusView: View {
    /// The status shown.
    public let status: PagerStatus
    private let retry: @MainActor () -> Void

    /// A row showing `status`; a tap on a failed status calls `retry`.
    public init(_ status: PagerStatus, retry: @escaping @MainActor () -> Void) {
      (self.status, self.retry) = (status, retry)
    }

    /// The spinner, the retry button or the text (`StatusRowLook`, as `PagerStatusCell`).
    public var body: some View {
      switch StatusRowLook(status) {
      case .spinner(let label):
        ProgressView().accessibilityLabel(Text(label)).frame(maxWidth: .infinity)
      case .retry(let title): Button(title) { retry() }.frame(maxWidth: .infinity)
      case .text(let text): Text(text).foregroundStyle(.secondary).frame(maxWidth: .infinity)
      }
    }
  }
#endif
