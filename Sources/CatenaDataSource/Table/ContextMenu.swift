/// What a long press on a row shows: a menu of actions and, on UIKit, a preview of the item
/// (``preview(_:didTap:)``); `UIContextMenuConfiguration` without UIKit.
///
/// ```swift
/// dataSource.contextMenu { _, mail in
///   ContextMenu(actions: [
///     MenuAction("Reply", systemImage: "arrowshape.turn.up.left") { reply(to: mail) },
///     MenuAction("Delete", systemImage: "trash", style: .destructive) { delete(mail) },
///   ], didTapPreview: { open(mail) })
/// }
/// ```
///
/// The menu is made when the user presses the row, for the item shown there then; its
/// actions and `didTapPreview` act on that item wherever an apply moves it meanwhile.
public struct ContextMenu {
  /// The menu's title (none when empty).
  public var title: String
  /// The actions, top to bottom.
  public var actions: [MenuAction]
  /// Runs when the user taps the preview (the menu closes): open the item. When the preview
  /// is itself the screen to open, ``preview(_:didTap:)`` hands that controller over instead,
  /// so it is not made twice.
  public var didTapPreview: (@MainActor () -> Void)?
  /// Makes the preview's view controller, set by ``preview(_:didTap:)``.
  package var makePreview: (@MainActor () -> AnyObject?)?
  /// Opens the previewed view controller when the user taps the preview, set by
  /// ``preview(_:didTap:)`` (in place of ``didTapPreview``).
  package var openPreview: (@MainActor (AnyObject) -> Void)?

  /// A menu of `actions`, titled `title`.
  public init(
    _ title: String = "", actions: [MenuAction], didTapPreview: (@MainActor () -> Void)? = nil
  ) {
    self.title = title
    self.actions = actions
    self.didTapPreview = didTapPreview
  }

  /// The menu with a preview: the view controller `make` returns (a `UIViewController`, which
  /// CatenaUIKit makes a ``ContextMenuPreview``), made when the menu shows (nil: the row itself). A tap on
  /// the preview runs `didTap` with that same controller, which the preview grows into
  /// (UIKit's `.pop` commit): what it loaded is not made again. Without `didTap`, the tap runs
  /// ``didTapPreview``.
  ///
  /// ```swift
  /// ContextMenu(actions: actions)
  ///   .preview {
  ///     MailViewController(mail)
  ///   } didTap: { [weak self] preview in
  ///     self?.navigationController?.pushViewController(preview, animated: false)
  ///   }
  /// ```
  public func preview<Controller: ContextMenuPreview>(
    _ make: @escaping @MainActor () -> Controller?,
    didTap: (@MainActor (Controller) -> Void)? = nil
  ) -> ContextMenu {
    var menu = self
    menu.makePreview = { make() }
    if let didTap {
      menu.openPreview = { preview in
        if let preview = preview as? Controller { didTap(preview) }
      }
    }
    return menu
  }
}

/// An action of a ``ContextMenu``: `UIAction` without UIKit.
public struct MenuAction {
  /// The action's title.
  public var title: String
  /// The name of the SF Symbol shown beside it, if any.
  public var systemImage: String?
  /// Whether it destroys something (shown in red by UIKit).
  public var style: ActionStyle
  /// Runs when the user picks the action.
  public var handler: @MainActor () -> Void

  /// An action titled `title`.
  public init(
    _ title: String, systemImage: String? = nil, style: ActionStyle = .normal,
    handler: @escaping @MainActor () -> Void
  ) {
    self.title = title
    self.systemImage = systemImage
    self.style = style
    self.handler = handler
  }
}

/// What a ``ContextMenu`` previews: a `UIViewController` (CatenaUIKit makes every view
/// controller one), or a test's stand-in for one.
@MainActor
public protocol ContextMenuPreview: AnyObject {}
