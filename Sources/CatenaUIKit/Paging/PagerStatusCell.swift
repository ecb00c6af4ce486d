#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaPaging

  /// A table cell for a pager's status rows: a spinner while a page loads, the message and
  /// "Tap to retry" after a failure (one button for VoiceOver), and the end text (the empty
  /// state is the data source's `emptyState`).
  ///
  /// ```swift
  /// dataSource.statusCell(PagerStatusCell.self)
  /// messages.bind(dataSource, section: "chat")
  /// ```
  @MainActor
  public final class PagerStatusCell: UITableViewCell, PagerStatusShowing {
    /// The spinner shown while a page loads (style it as you like).
    public let spinner = UIActivityIndicatorView(style: .medium)
    /// The status shown.
    public private(set) var status: PagerStatus?

    /// Shows `status`: the spinner for a load, its text otherwise. A load that fails while the
    /// row shows it is announced to VoiceOver, whose user may be anywhere in the list.
    public func show(_ status: PagerStatus) {
      let loading = label(for: status, showing: self.status, spinner: spinner)
      self.status = status
      textLabel?.text = loading ? nil : status.description
      accessoryView = loading ? spinner : nil
      // Only a failure can be tapped (to retry); the message wraps at any text size.
      selectionStyle = status.isRetryable ? .default : .none
      textLabel?.numberOfLines = 0
      textLabel?.adjustsFontForContentSizeCategory = true
    }

    /// Clears the status before the cell shows another row.
    public override func prepareForReuse() {
      super.prepareForReuse()
      status = nil
      textLabel?.text = nil
      accessoryView = nil
      spinner.stopAnimating()
    }
  }
#endif
