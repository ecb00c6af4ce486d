#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaPaging

  /// A collection list's cell for a pager's status rows: what `PagerStatusCell` is to a
  /// table. A spinner (a trailing accessory) while a page loads, the message and "Tap to
  /// retry" after a failure (one button for VoiceOver), and the end text (the empty state is
  /// the data source's `emptyState`), in a list content configuration that wraps at any text
  /// size.
  ///
  /// ```swift
  /// dataSource.statusCell(PagerStatusListCell.self)
  /// messages.bind(dataSource, section: "chat")
  /// ```
  @MainActor
  public final class PagerStatusListCell: UICollectionViewListCell, PagerStatusShowing {
    /// The spinner shown while a page loads (style it as you like).
    public let spinner = UIActivityIndicatorView(style: .medium)
    /// The status shown.
    public private(set) var status: PagerStatus?

    /// Shows `status`: the spinner for a load, its text otherwise. A load that fails while the
    /// row shows it is announced to VoiceOver.
    public func show(_ status: PagerStatus) {
      let loading = label(for: status, showing: self.status, spinner: spinner)
      self.status = status
      var content = defaultContentConfiguration()
      content.text = loading ? nil : status.description
      content.textProperties.numberOfLines = 0
      content.textProperties.adjustsFontForContentSizeCategory = true
      contentConfiguration = content
      accessories =
        loading
        ? [.customView(configuration: .init(customView: spinner, placement: .trailing()))] : []
    }

    /// Clears the status before the cell shows another row.
    public override func prepareForReuse() {
      super.prepareForReuse()
      status = nil
      contentConfiguration = nil
      accessories = []
      spinner.stopAnimating()
    }
  }
#endif
