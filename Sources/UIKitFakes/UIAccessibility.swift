#if os(Linux)
  public import Foundation

  /// An action an assistive technology offers on an element (VoiceOver's actions rotor).
  @MainActor open class UIAccessibilityCustomAction: NSObject {
    /// What the action does, returning whether it did.
    public typealias Handler = (UIAccessibilityCustomAction) -> Bool
    open var name: String
    open var actionHandler: UIAccessibilityCustomAction.Handler?

    public init(name: String, actionHandler: @escaping UIAccessibilityCustomAction.Handler) {
      self.name = name
      self.actionHandler = actionHandler
      super.init()
    }
  }

  /// Accessibility: what a view tells assistive technologies (fake: notifications recorded).
  public struct UIAccessibility {
    /// A notification to assistive technologies.
    public struct Notification: Hashable, Sendable {
      let name: String
      /// Speaks the argument's text (VoiceOver).
      public static let announcement = Notification(name: "announcement")
      /// The screen changed; focus moves to the argument.
      public static let screenChanged = Notification(name: "screenChanged")
      /// Part of the screen changed; focus moves to the argument, if any.
      public static let layoutChanged = Notification(name: "layoutChanged")
    }

    /// Posts `notification` with `argument` (an announcement's text).
    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) {
      posted.append((notification, argument))
    }

    /// Not UIKit: the notifications posted, oldest first.
    @MainActor public private(set) static var posted: [(UIAccessibility.Notification, Any?)] = []

    /// Not UIKit: the texts announced, oldest first.
    @MainActor public static var announcements: [String] {
      posted.compactMap { $0.0 == .announcement ? $0.1 as? String : nil }
    }
  }
#endif
