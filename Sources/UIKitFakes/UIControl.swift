#if os(Linux)
  public import Foundation

  /// A closure an action runs.
  public typealias UIActionHandler = (UIAction) -> Void

  /// A menu element (the base of `UIAction` and `UIMenu`).
  @MainActor open class UIMenuElement: NSObject {
    /// How an element looks and behaves.
    public struct Attributes: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let disabled = Attributes(rawValue: 1 << 0)
      public static let destructive = Attributes(rawValue: 1 << 1)
    }
  }

  /// A closure-based action for controls and menus.
  @MainActor open class UIAction: UIMenuElement {
    open var title: String
    open var image: UIImage?
    open var attributes: UIMenuElement.Attributes
    let handler: UIActionHandler

    public convenience init(
      title: String = "", image: UIImage? = nil, attributes: UIMenuElement.Attributes = [],
      handler: @escaping UIActionHandler
    ) {
      self.init(title: title, storing: handler)
      self.image = image
      self.attributes = attributes
    }

    init(title: String, storing handler: @escaping UIActionHandler) {
      self.title = title
      self.handler = handler
      attributes = []
      super.init()
    }
  }

  /// A view that sends actions for events (fake: actions run synchronously on `sendActions`).
  @MainActor open class UIControl: UIView {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let touchUpInside = Event(rawValue: 1 << 6)
      public static let valueChanged = Event(rawValue: 1 << 12)
      public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }
    open var isEnabled = true
    open var isSelected = false
    var actions: [(action: UIAction, events: Event)] = []

    /// A control, an accessibility element by default (as in UIKit).
    public override init(frame: CGRect) {
      super.init(frame: frame)
      isAccessibilityElement = true
    }

    public required init?(coder: NSCoder) { nil }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
      self.init(frame: frame)
      if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
      actions.append((action, controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
      actions.removeAll { $0.action === action && $0.events == controlEvents }
    }

    open func sendActions(for controlEvents: UIControl.Event) {
      for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
        entry.action.handler(entry.action)
      }
    }

    open func sendAction(_ action: UIAction) { action.handler(action) }
  }

  /// A button (fake: a title per state; a tap is `sendActions(for: .primaryActionTriggered)`).
  @MainActor open class UIButton: UIControl {
    /// The button's look.
    public enum ButtonType: Int, Sendable {
      case custom = 0
      case system = 1
    }
    /// How a button built with a configuration looks (the fake keeps its title and spinner).
    public struct Configuration: Hashable, Sendable {
      public var title: String?
      public var showsActivityIndicator = false
      public static func plain() -> UIButton.Configuration { Configuration() }
      public static func filled() -> UIButton.Configuration { Configuration() }
    }
    var titles: [UInt: String] = [:]
    public let titleLabel: UILabel? = UILabel()
    /// The button's configuration, when it was built with one (iOS 15's button styles).
    open var configuration: UIButton.Configuration?

    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }

    open func setTitle(_ title: String?, for state: UIControl.State) {
      titles[state.rawValue] = title
      titleLabel?.text = titles[UIControl.State.normal.rawValue]
    }

    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] }
  }

  extension UIControl {
    /// A control's state.
    public struct State: OptionSet, Hashable, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let normal = State([])
      public static let disabled = State(rawValue: 1 << 1)
    }
  }

  /// Pull-to-refresh (fake: records `beginRefreshing` and `endRefreshing` in `calls`).
  @MainActor open class UIRefreshControl: UIControl {
    open private(set) var isRefreshing = false
    /// Not UIKit: what was asked of the control, oldest first.
    public private(set) var calls: [String] = []

    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: 320, height: 60)) }

    open func beginRefreshing() {
      calls.append("beginRefreshing")
      isRefreshing = true
    }

    open func endRefreshing() {
      calls.append(isRefreshing ? "endRefreshing" : "endRefreshing (not refreshing)")
      isRefreshing = false
    }

    /// Not UIKit: the user pulls the table down: the control starts refreshing and sends
    /// `.valueChanged`, as UIKit does.
    public func simulatePull() {
      isRefreshing = true
      sendActions(for: .valueChanged)
    }
  }
#endif
