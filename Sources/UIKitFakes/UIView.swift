#if os(Linux)
  public import Foundation

  /// An object that responds to events.
  @MainActor open class UIResponder: NSObject {
    public override init() { super.init() }
  }

  /// A rectangle on screen with subviews (fake: frames, a view tree, `window`, layout passes).
  @MainActor open class UIView: UIResponder, AssociatedObjectHolder {
    /// Whether changes animate; false inside `performWithoutAnimation(_:)`.
    open class var areAnimationsEnabled: Bool { animationsEnabled }
    private static var animationsEnabled = true

    /// Runs `actionsWithoutAnimation` with animations disabled.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
      let before = animationsEnabled
      animationsEnabled = false
      defer { animationsEnabled = before }
      actionsWithoutAnimation()
    }

    /// How the view follows its superview's size.
    public struct AutoresizingMask: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
      public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    /// The view's frame; a new size resizes the subviews that follow it (`autoresizingMask`).
    open var frame: CGRect {
      didSet {
        let dw = frame.width - oldValue.width
        let dh = frame.height - oldValue.height
        guard dw != 0 || dh != 0 else { return }
        for view in subviews {
          if view.autoresizingMask.contains(.flexibleWidth) { view.frame.size.width += dw }
          if view.autoresizingMask.contains(.flexibleHeight) { view.frame.size.height += dh }
        }
        setNeedsLayout()
      }
    }
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var accessibilityViewIsModal = false
    open var bounds: CGRect {
      get { CGRect(origin: .zero, size: frame.size) }
      set { frame.size = newValue.size }
    }
    open var center: CGPoint {
      get { CGPoint(x: frame.midX, y: frame.midY) }
      set {
        frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
      }
    }
    open var isHidden = false
    open var isUserInteractionEnabled = true
    open var backgroundColor: UIColor?
    open var translatesAutoresizingMaskIntoConstraints = true
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    /// The element's state in words ("expanded").
    open var accessibilityValue: String?
    /// The actions an assistive technology offers on the element besides activating it.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    open var accessibilityTraits: UIAccessibilityTraits = []
    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []
    var associatedObjects: [UnsafeRawPointer: Any?] = [:]
    /// Not UIKit: how much larger than the default the user's text is (Dynamic Type) in this
    /// view's tree, when set here (see `simulateTextSize(_:)`).
    var ownTextScale: CGFloat?
    /// The trait-change handlers registered, with the names of their traits.
    var traitHandlers: [([String], (UITraitCollection) -> Void)] = []
    var needsLayout = true
    /// The view's layer.
    open var layer: CALayer { ownLayer }
    private let ownLayer = CALayer()

    public init(frame: CGRect) {
      self.frame = frame
      super.init()
    }

    public convenience override init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) { nil }

    /// The window the view is in, through its superviews; nil when it is in none.
    open var window: UIWindow? {
      var view: UIView? = self
      while let current = view {
        if let window = current as? UIWindow { return window }
        view = current.superview
      }
      return nil
    }

    open func addSubview(_ view: UIView) {
      let before = view.window
      view.detach()
      subviews.append(view)
      view.superview = self
      if view.window !== before { view.tellMovedToWindow() }
    }

    open func removeFromSuperview() {
      let before = window
      detach()
      if window !== before { tellMovedToWindow() }
    }

    /// Takes the view out of its superview.
    private func detach() {
      superview?.subviews.removeAll { $0 === self }
      superview = nil
    }

    /// The view entered a window, left one, or moved to another (a push, a tab switch, a
    /// full-screen presentation take the list out of the window): UIKit tells the view and
    /// every view inside it.
    open func didMoveToWindow() {}

    /// Tells the view and its subviews that the window changed.
    func tellMovedToWindow() {
      didMoveToWindow()
      for view in subviews { view.tellMovedToWindow() }
    }

    open func setNeedsLayout() { needsLayout = true }

    open func layoutIfNeeded() {
      guard needsLayout else { return }
      needsLayout = false
      layoutSubviews()
    }

    open func layoutSubviews() {}

    open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }

    /// The size the view's content needs (none by default: `noIntrinsicMetric` both ways).
    open var intrinsicContentSize: CGSize { CGSize(width: -1, height: -1) }

    /// The size Auto Layout gives the view within `targetSize` (UIKit-iOS18.6.swift:27743;
    /// fake: no constraints, so the intrinsic content size where the view has one, and no
    /// height where it has none). A self-sizing cell is as tall as its content view says here.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      let intrinsic = intrinsicContentSize
      return CGSize(
        width: intrinsic.width >= 0 ? intrinsic.width : targetSize.width,
        height: max(intrinsic.height, 0))
    }

    /// The view's content needs another size (UIKit-iOS18.6.swift:27725). On a self-sizing
    /// cell or its content view, the list measures the cell again at its next layout: "Calling
    /// -invalidateIntrinsicContentSize on a self-sizing cell or its contentView will cause it
    /// to be resized if necessary" (`SelfSizingInvalidation.enabled`, UIKit's default;
    /// UIKit-iOS18.6.swift:22733). A SwiftUI row (`UIHostingConfiguration`) does this when its
    /// content changes size.
    open func invalidateIntrinsicContentSize() {
      let cell = (self as? any ConfigurableCell) ?? (superview as? any ConfigurableCell)
      guard let cell, cell === self || cell.contentView === self else { return }
      (cell.list as? any ListEngineHost)?.contentSizeChanged(of: cell)
    }

    open func accessibilityActivate() -> Bool { false }
  }

  /// Accessibility traits.
  public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let button = UIAccessibilityTraits(rawValue: 1)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  }

  /// The root of a view tree; a view is in a window when one of its superviews is one.
  @MainActor open class UIWindow: UIView {
    /// The scene the window shows in (nil: an app without scenes, or a window not shown).
    weak open var windowScene: UIWindowScene?
  }

  /// A user-interface instance of the app (a window of it on iPad), with its own life cycle.
  @MainActor open class UIScene: UIResponder {
    /// Posted, with the scene as object, when the scene goes to the background.
    public static let didEnterBackgroundNotification = Notification.Name(
      "UISceneDidEnterBackgroundNotification")
    /// Posted, with the scene as object, when the scene comes back to the foreground.
    public static let willEnterForegroundNotification = Notification.Name(
      "UISceneWillEnterForegroundNotification")

    /// Where a scene is in its life (UIKit-iOS18.6.swift:19444).
    public enum ActivationState: Int, Sendable {
      case unattached = -1
      case foregroundActive = 0
      case foregroundInactive = 1
      case background = 2
    }

    /// Where the scene is in its life now (UIKit-iOS18.6.swift:19364): a view that starts
    /// watching the scene reads it, since no notification says what happened before.
    open internal(set) var activationState = UIScene.ActivationState.foregroundActive

    /// Not UIKit: the scene goes to the background, then says so.
    public func simulateEnterBackground() {
      activationState = .background
      NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
    }

    /// Not UIKit: the scene says it comes back, then is active.
    public func simulateEnterForeground() {
      activationState = .foregroundInactive
      NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
      activationState = .foregroundActive
    }
  }

  /// A scene that shows windows.
  @MainActor open class UIWindowScene: UIScene {}

  /// The app (fake: its notifications' names; a test posts them).
  @MainActor public final class UIApplication {
    /// Posted when the app goes to the background.
    public static let didEnterBackgroundNotification = Notification.Name(
      "UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app comes back to the foreground.
    public static let willEnterForegroundNotification = Notification.Name(
      "UIApplicationWillEnterForegroundNotification")
  }

  /// A color.
  public final class UIColor: NSObject, @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
    public static let secondaryLabel = UIColor(name: "secondaryLabel")
    public static let label = UIColor(name: "label")
    public static let clear = UIColor(name: "clear")
    public static let systemBackground = UIColor(name: "systemBackground")
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
      UIColor(name: "\(name) @ \(alpha)")
    }
  }

  /// A font.
  public final class UIFont: NSObject, @unchecked Sendable {
    /// A text style of Dynamic Type.
    public struct TextStyle: Hashable, Sendable {
      let rawValue: String
      public static let footnote = TextStyle(rawValue: "footnote")
      public static let body = TextStyle(rawValue: "body")
    }
    let style: TextStyle
    init(style: TextStyle) { self.style = style }
    public class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
      UIFont(style: style)
    }
  }

  /// Text alignment.
  public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
  }

  /// A view that shows text (an accessibility element by default, as in UIKit).
  @MainActor open class UILabel: UIView {
    public override init(frame: CGRect) {
      super.init(frame: frame)
      isAccessibilityElement = true
    }

    public required init?(coder: NSCoder) { nil }

    open var text: String?
    open var font: UIFont!
    open var textColor: UIColor!
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    open var adjustsFontForContentSizeCategory = false

    /// The size the text needs within `size.width`: 8 points a character, 18 points a line
    /// (times ``textScale`` when the font adjusts), each paragraph wrapping on its own.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
      guard let text, !text.isEmpty else { return .zero }
      let scale = adjustsFontForContentSizeCategory ? textScale : 1
      let perLine = max(Int(size.width / (8 * scale)), 1)
      let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
      let lines = paragraphs.reduce(0) { $0 + max(($1.count + perLine - 1) / perLine, 1) }
      let shown = numberOfLines > 0 ? min(lines, numberOfLines) : lines
      return CGSize(width: size.width, height: CGFloat(shown) * 18 * scale)
    }
  }

  /// A spinner.
  @MainActor open class UIActivityIndicatorView: UIView {
    /// The spinner's size.
    public enum Style: Int, Sendable {
      case medium = 100
      case large = 101
    }
    open var style: UIActivityIndicatorView.Style
    open var hidesWhenStopped = true
    open private(set) var isAnimating = false

    public init(style: UIActivityIndicatorView.Style) {
      self.style = style
      super.init(frame: .zero)
    }

    public required init(coder: NSCoder) {
      style = .medium
      super.init(frame: .zero)
    }

    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }
  }
#endif
