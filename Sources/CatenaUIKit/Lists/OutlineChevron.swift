#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaPaging

  /// The disclosure of an outline's row that can expand: a chevron pointing to the content
  /// (right, or left in a right-to-left layout) when the row is collapsed and down when it is
  /// expanded; a tap opens or closes the row. VoiceOver
  /// does not reach it: the row itself says its state and offers Expand or Collapse
  /// (`showOutlineState(_:)`).
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
      chevron.addAction(
        UIAction { [weak chevron] _ in
          chevron?.toggle?()
          UIAccessibility.post(notification: .layoutChanged, argument: nil)
        }, for: .touchUpInside)
      chevron.isAccessibilityElement = false
      chevron.turn()
      return chevron
    }

    /// Its size is its own: the arrow is drawn at the centre of 24 points.
    override var intrinsicContentSize: CGSize { CGSize(width: 24, height: 24) }

    /// How many indentation levels a table's outline row adds for the chevron's gutter (30
    /// points at the default 10-point `indentationWidth`), on folders and files alike so
    /// their titles line up.
    static let gutterLevels = 3

    #if !os(Linux)
      /// Its distance from the content view's leading edge, while it is there.
      private var leading: NSLayoutConstraint?
    #endif

    /// Places the chevron in a table cell's `content` view: vertically centred, in the middle
    /// of the gutter after `depth` levels of `indentationWidth`.
    func place(in content: UIView, depth: Int, indentationWidth: CGFloat) {
      let gutter = CGFloat(Self.gutterLevels) * indentationWidth
      let inset = CGFloat(depth) * indentationWidth + max(0, (gutter - 24) / 2)
      #if os(Linux)
        frame = CGRect(x: inset, y: (content.bounds.height - 24) / 2, width: 24, height: 24)
      #else
        if leading == nil || leading?.secondItem !== content {
          translatesAutoresizingMaskIntoConstraints = false
          let constraint = leadingAnchor.constraint(equalTo: content.leadingAnchor)
          NSLayoutConstraint.activate([
            constraint, centerYAnchor.constraint(equalTo: content.centerYAnchor),
          ])
          leading = constraint
        }
        leading?.constant = inset
      #endif
    }

    /// Shows `outline`'s state and takes its toggle.
    func show(_ outline: RowOutline) {
      isExpanded = outline.isExpanded == true
      toggle = outline.toggle
    }

    /// Points the chevron as the state says (its label says what a tap does); the turn
    /// animates on screen, as UIKit's disclosure does.
    private func turn() {
      accessibilityLabel = CatenaStrings.string(isExpanded ? .collapse : .expand)
      #if !os(Linux)
        if subviews.isEmpty {
          let image = UIImageView(image: UIImage(systemName: "chevron.forward"))
          image.frame = bounds
          image.autoresizingMask = [.flexibleWidth, .flexibleHeight]
          image.contentMode = .center
          addSubview(image)
        }
        // Forward points to the content; open, it turns to point down in either direction.
        let down: CGFloat =
          effectiveUserInterfaceLayoutDirection == .rightToLeft ? -.pi / 2 : .pi / 2
        let transform = isExpanded ? CGAffineTransform(rotationAngle: down) : .identity
        if window != nil {
          UIView.animate(withDuration: 0.25) { self.subviews.first?.transform = transform }
        } else {
          subviews.first?.transform = transform
        }
      #endif
    }
  }

  /// The Expand or Collapse action Catena puts on an outline row's cell.
  @MainActor
  final class OutlineAction: UIAccessibilityCustomAction {}

  extension UIView {
    /// Says an outline row's state on its cell, for VoiceOver: "expanded" or "collapsed" as
    /// its value and an Expand or Collapse action (the cell's own actions kept); a row that
    /// cannot expand has neither. The action, when used, posts `layoutChanged` for the row,
    /// so VoiceOver reads it again (changes the user did not make are not posted).
    func showOutlineState(_ outline: RowOutline, previous: Bool?) {
      let own = (accessibilityCustomActions ?? []).filter { !($0 is OutlineAction) }
      guard let expanded = outline.isExpanded else {
        if own.count != (accessibilityCustomActions ?? []).count {
          accessibilityCustomActions = own.isEmpty ? nil : own
          accessibilityValue = nil
        }
        return
      }
      accessibilityValue = CatenaStrings.string(expanded ? .expanded : .collapsed)
      let toggle = outline.toggle
      let action = OutlineAction(name: CatenaStrings.string(expanded ? .collapse : .expand)) {
        [weak self] _ in
        toggle?()
        UIAccessibility.post(notification: .layoutChanged, argument: self)
        return true
      }
      accessibilityCustomActions = own + [action]
    }
  }
#endif
