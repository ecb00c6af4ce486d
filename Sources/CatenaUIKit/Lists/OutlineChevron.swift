#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaPaging

  /// The disclosure of an outline's row that can expand: a chevron pointing right when the
  /// row is collapsed and down when it is expanded; a tap opens or closes the row.
  @MainActor
  final class OutlineChevron: UIControl {
    /// Whether the row shows its children (the chevron points down).
    var isExpanded = false {
      didSet { if isExpanded != oldValue { turn() } }
    }
    /// Opens or closes the row.
    var toggle: (@MainActor () -> Void)?

    /// A chevron for `outline`, wired to its toggle.
    static func make() -> OutlineChevron {
      let chevron = OutlineChevron(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
      chevron.addAction(UIAction { [weak chevron] _ in chevron?.toggle?() }, for: .touchUpInside)
      chevron.isAccessibilityElement = true
      chevron.accessibilityTraits = .button
      chevron.turn()
      return chevron
    }

    /// Shows `outline`'s state and takes its toggle.
    func show(_ outline: RowOutline) {
      isExpanded = outline.isExpanded == true
      toggle = outline.toggle
    }

    /// Points the chevron as the state says, and says so to VoiceOver.
    private func turn() {
      accessibilityLabel = CatenaStrings.string(isExpanded ? .collapse : .expand)
      #if !os(Linux)
        if subviews.isEmpty {
          let image = UIImageView(image: UIImage(systemName: "chevron.right"))
          image.frame = bounds
          image.contentMode = .center
          addSubview(image)
        }
        subviews.first?.transform =
          isExpanded ? CGAffineTransform(rotationAngle: .pi / 2) : .identity
      #endif
    }
  }
#endif
