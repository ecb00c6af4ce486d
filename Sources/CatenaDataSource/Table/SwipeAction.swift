/// The side of a row a swipe reveals actions on.
public enum SwipeEdge: Hashable, Sendable {
  /// Revealed by swiping right (in left-to-right languages): the row's leading edge.
  case leading
  /// Revealed by swiping left: the row's trailing edge, where Delete usually is.
  case trailing
}

/// How a row's action looks, in a swipe or a context menu.
public enum ActionStyle: Hashable, Sendable {
  /// A neutral action.
  case normal
  /// An action that removes or destroys something (shown in red by UIKit). A swipe action
  /// completed with `true` tells UIKit the row is gone: apply a snapshot without its item
  /// first, or complete with `false`.
  case destructive
}

/// A button a swipe reveals on a row: `UIContextualAction` without UIKit.
///
/// The handler runs when the user taps the button (or swipes fully across, for the first
/// action of the edge) and must call `completion` once it is done: `true` when the action was
/// performed (the buttons close), `false` when it was not (they spring back). The row may
/// have moved by the time the user taps, so act on the item the closure captured, not on a
/// path.
///
/// ```swift
/// dataSource.swipeActions(.trailing) { _, house in
///   [SwipeAction("Archive") { done in archive(house.id); done(true) },
///    SwipeAction("Delete", style: .destructive) { done in remove(house.id); done(true) }]
/// }
/// ```
public struct SwipeAction {
  /// What the handler is given: a completion to call once, with whether the action was
  /// performed.
  public typealias Handler = @MainActor (_ completion: @escaping @MainActor (Bool) -> Void) -> Void

  /// The button's title.
  public var title: String
  /// The button's style.
  public var style: ActionStyle
  /// Runs when the user taps the button.
  public var handler: Handler

  /// An action titled `title`.
  public init(_ title: String, style: ActionStyle = .normal, handler: @escaping Handler) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
