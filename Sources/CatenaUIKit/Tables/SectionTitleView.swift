#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif

  /// The supplementary view a collection view shows for a section's `headerTitle` or
  /// `footerTitle`: the title in a label that wraps, with Dynamic Type, inset as a list's
  /// text is.
  @MainActor
  final class SectionTitleView: UICollectionReusableView {
    /// The label, made and added when the title is first set.
    private(set) lazy var label: UILabel = {
      let label = UILabel(frame: .zero)
      label.font = .preferredFont(forTextStyle: .footnote)
      label.adjustsFontForContentSizeCategory = true
      label.textColor = .secondaryLabel
      label.numberOfLines = 0
      addSubview(label)
      return label
    }()

    /// The text shown.
    var title: String? {
      get { label.text }
      set { label.text = newValue }
    }

    override func layoutSubviews() {
      super.layoutSubviews()
      label.frame = bounds.insetBy(dx: 16, dy: 6)
    }

    override func prepareForReuse() {
      super.prepareForReuse()
      title = nil
    }
  }
#endif
