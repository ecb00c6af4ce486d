#if os(Linux)
  public import Foundation

  /// A button a swipe reveals on a table row.
  @MainActor open class UIContextualAction: NSObject {
    /// How the button looks.
    public enum Style: Int, Sendable {
      case normal = 0
      case destructive = 1
    }

    /// Runs when the user taps the button; call the completion with whether it was performed.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void)
      -> Void

    open private(set) var style: UIContextualAction.Style
    open private(set) var handler: UIContextualAction.Handler
    open var title: String?

    public init(style: UIContextualAction.Style, title: String?, handler: @escaping Handler) {
      self.style = style
      self.title = title
      self.handler = handler
      super.init()
    }
  }

  /// The buttons a swipe on one edge of a row reveals.
  @MainActor open class UISwipeActionsConfiguration: NSObject {
    open private(set) var actions: [UIContextualAction]
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) {
      self.actions = actions
      super.init()
    }
  }
#endif
