#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif

  /// The supplementary view a collection view shows for a section's `headerTitle` or
  /// `footerTitle`: a list cell whose content configuration gives it the list appearance's
  /// header or footer look (insets, casing, colour, Dynamic Type) and sizes it to the text.
  @MainActor
  final class SectionTitleView: UICollectionViewListCell {
    /// The text shown.
    var title: String? {
      get { (contentConfiguration as? UIListContentConfiguration)?.text }
      set {
        var content = defaultContentConfiguration()
        content.text = newValue
        content.textProperties.numberOfLines = 0
        contentConfiguration = content
      }
    }

    override func prepareForReuse() {
      super.prepareForReuse()
      contentConfiguration = nil
    }
  }
#endif
