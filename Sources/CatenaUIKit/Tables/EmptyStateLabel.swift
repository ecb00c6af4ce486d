#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif

  /// The label a table or collection view shows as its background when it has no rows and
  /// the data source has an empty-state text.
  @MainActor
  final class EmptyStateLabel: UILabel {
    /// A centred, wrapping label with Dynamic Type, for `text`.
    static func make(_ text: String) -> EmptyStateLabel {
      let label = EmptyStateLabel(frame: .zero)
      label.text = text
      label.font = .preferredFont(forTextStyle: .body)
      label.adjustsFontForContentSizeCategory = true
      label.textColor = .secondaryLabel
      label.textAlignment = .center
      label.numberOfLines = 0
      return label
    }

    /// The background to set for `text`, given the current one: a label with `text`, or nil
    /// to remove Catena's label; the app's own background view is left alone.
    static func background(for text: String?, current: UIView?) -> UIView? {
      guard current == nil || current is EmptyStateLabel else { return current }
      guard let text else { return nil }
      if let label = current as? EmptyStateLabel {
        label.text = text
        return label
      }
      return make(text)
    }
  }

  extension UITableView {
    /// Shows `text` as the table's background (no rows), or removes it when nil; a background
    /// view the app set itself is kept.
    func showEmptyState(_ text: String?) {
      let background = EmptyStateLabel.background(for: text, current: backgroundView)
      if background !== backgroundView { backgroundView = background }
    }
  }

  extension UICollectionView {
    /// Shows `text` as the collection view's background (no items), or removes it when nil; a
    /// background view the app set itself is kept.
    func showEmptyState(_ text: String?) {
      let background = EmptyStateLabel.background(for: text, current: backgroundView)
      if background !== backgroundView { backgroundView = background }
    }
  }
#endif
