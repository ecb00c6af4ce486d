/// What a long press on a row shows: a menu of actions and, on UIKit, a preview of the item
/// (`preview(_:)` in CatenaUIKit); `UIContextMenuConfiguration` without UIKit.
///
/// ```swift
/// dataSource.contextMenu { _, mail in
///   ContextMenu(actions: [
///     MenuAction("Reply", systemImage: "arrowshape.turn.up.left") { reply(to: mail) },
///     MenuAction("Delete", systemImage: "trash", style: .destructive) { delete(mail) },
///   ], onPreviewTap: { open(mail) })
/// }
/// ```
///
/// The menu is made when the user presses the row, for the item shown there then; its
/// actions and `onPreviewTap` act on that item wherever an apply moves it meanwhile.
public struct ContextMenu {
  /// The menu's title (none when empty).
  public var title: String
  /// The actions, top to bottom.
  public var actions: [MenuAction]
  /// Runs when the user taps the preview (the menu closes): open the item. When the preview
  /// is itself the screen to open, CatenaUIKit's `preview(_:onTap:)` hands that controller
  /// over instead, so it is not made twice.
  public var onPreviewTap: (@MainActor () -> Void)?
  /// Makes the preview's view controller (a `UIViewController`), set by CatenaUIKit.
  package var makePreview: (@MainActor () -> AnyObject?)?
  /// Opens the previewed view controller when the user taps the preview, set by CatenaUIKit
  /// (in place of ``onPreviewTap``).
  package var openPreview: (@MainActor (AnyObject) -> Void)?

  /// A menu of `actions`, titled `title`.
  public init(
    _ title: String = "", actions: [MenuAction], onPreviewTap: (@MainActor () -> Void)? = nil
  ) {
    self.title = title
    self.actions = actions
    self.onPreviewTap = onPreviewTap
  }
}

/// An action of a ``ContextMenu``: `UIAction` without UIKit.
public struct MenuAction {
  /// The action's title.
  public var title: String
  /// The name of the SF Symbol shown beside it, if any.
  public var systemImage: String?
  /// Whether it destroys something (shown in red by UIKit).
  public var style: SwipeAction.Style
  /// Runs when the user picks the action.
  public var handler: @MainActor () -> Void

  /// An action titled `title`.
  public init(
    _ title: String, systemImage: String? = nil, style: SwipeAction.Style = .normal,
    handler: @escaping @MainActor () -> Void
  ) {
    self.title = title
    self.systemImage = systemImage
    self.style = style
    self.handler = handler
  }
}
