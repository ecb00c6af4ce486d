#if os(Linux)
  public import Foundation

  /// An image (fake: its symbol name).
  public final class UIImage: NSObject, @unchecked Sendable {
    /// Not UIKit: the system symbol's name.
    public let symbolName: String
    public init?(systemName: String) {
      symbolName = systemName
      super.init()
    }
  }

  /// A screen's controller (fake: a view and a title).
  @MainActor open class UIViewController: UIResponder {
    open var title: String?
    open lazy var view: UIView! = UIView(frame: .zero)
  }

  /// A menu: a title and its elements.
  @MainActor open class UIMenu: UIMenuElement {
    open var title: String
    open private(set) var children: [UIMenuElement]

    public init(title: String = "", children: [UIMenuElement] = []) {
      self.title = title
      self.children = children
      super.init()
    }
  }

  /// The view a context menu lifts as it opens, or goes back to as it closes.
  @MainActor open class UITargetedPreview: NSObject {
    open var view: UIView
    public init(view: UIView) {
      self.view = view
      super.init()
    }
  }

  /// Makes the preview of a context menu.
  public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?
  /// Makes the menu of a context menu, given the system's suggested elements.
  public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

  /// What a long press on an item shows: a preview and a menu, each made when shown.
  @MainActor open class UIContextMenuConfiguration: NSObject {
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?

    public init(
      identifier: (any NSCopying)? = nil,
      previewProvider: UIContextMenuContentPreviewProvider? = nil,
      actionProvider: UIContextMenuActionProvider? = nil
    ) {
      self.previewProvider = previewProvider
      self.actionProvider = actionProvider
      super.init()
    }
  }

  /// How a context menu's commit animates.
  public enum UIContextMenuInteractionCommitStyle: Int, Sendable {
    case dismiss = 0
    case pop = 1
  }

  /// The animations of a context menu.
  @MainActor public protocol UIContextMenuInteractionAnimating: NSObjectProtocol {
    var previewViewController: UIViewController? { get }
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
  }

  /// The animations of a tap on a context menu's preview.
  @MainActor
  public protocol UIContextMenuInteractionCommitAnimating:
    UIContextMenuInteractionAnimating
  {
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle { get set }
  }

  /// Not UIKit: the animator a fake list hands its delegate; completions run when it ends.
  @MainActor final class FakeCommitAnimator: NSObject, UIContextMenuInteractionCommitAnimating {
    let previewViewController: UIViewController?
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle = .pop
    private var animations: [() -> Void] = []
    private var completions: [() -> Void] = []

    init(preview: UIViewController?) { previewViewController = preview }
    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }

    /// Runs the animations, then the completions.
    func finish() {
      for animation in animations { animation() }
      for completion in completions { completion() }
    }
  }

  extension UITableViewDelegate {
    /// Every row highlights.
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
      -> Bool
    { true }
    /// Not indented.
    public func tableView(
      _ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath
    ) -> Int { 0 }

    /// None: no context menu.
    public func tableView(
      _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
      point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
    public func tableView(
      _ tableView: UITableView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?
    ) {}
    public func tableView(
      _ tableView: UITableView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {}
  }

  extension UICollectionViewDelegate {
    /// None: no context menu.
    public func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
      point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
    public func collectionView(
      _ collectionView: UICollectionView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {}
  }

  // MARK: Not UIKit: what a test reads and the presses a user makes.

  /// A context menu as shown: its preview and its menu, made as UIKit makes them.
  @MainActor public struct ShownContextMenu {
    public let configuration: UIContextMenuConfiguration
    public let preview: UIViewController?
    public let menu: UIMenu?
    /// The view the menu lifted as it opened, when the delegate gave one (a collection
    /// view's `highlightPreviewForItemAt`); nil: the cell.
    public internal(set) var highlightPreview: UITargetedPreview?
    /// The item pressed (the first of several), if any.
    var pressedItem: IndexPath?

    init(_ configuration: UIContextMenuConfiguration) {
      self.configuration = configuration
      preview = configuration.previewProvider?()
      menu = configuration.actionProvider?([])
    }

    /// The titles of the menu's actions, in order.
    public var actionTitles: [String] {
      menu?.children.compactMap { ($0 as? UIAction)?.title } ?? []
    }

    /// The user picks the action titled `title`: its handler runs.
    public func pick(_ title: String) {
      guard
        let action = menu?.children.first(where: { ($0 as? UIAction)?.title == title })
          as? UIAction
      else { return }
      action.handler(action)
    }
  }

  extension UITableView {
    /// The user presses and holds the row at `indexPath`: its context menu, if any.
    public func simulateLongPress(at indexPath: IndexPath) -> ShownContextMenu? {
      engine.calls.append("long press \(indexPath)")
      return delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: .zero)
        .map(ShownContextMenu.init)
    }

    /// The user taps the preview of `menu`: the delegate is told, the menu closes, and the
    /// animation ends. Returns the animator, to read its commit style.
    @discardableResult
    public func simulatePreviewTap(_ menu: ShownContextMenu)
      -> any UIContextMenuInteractionCommitAnimating
    {
      let animator = FakeCommitAnimator(preview: menu.preview)
      delegate?.tableView(
        self, willPerformPreviewActionForMenuWith: menu.configuration, animator: animator)
      delegate?.tableView(self, willEndContextMenuInteraction: menu.configuration, animator: nil)
      animator.finish()
      return animator
    }

    /// The user closes `menu` without picking anything: the delegate is told.
    public func simulateMenuDismiss(_ menu: ShownContextMenu) {
      delegate?.tableView(self, willEndContextMenuInteraction: menu.configuration, animator: nil)
    }
  }

  extension UICollectionView {
    /// The user presses and holds the items at `indexPaths` (several: a multi-item menu; none:
    /// the background): their context menu, if any.
    public func simulateLongPress(at indexPaths: [IndexPath]) -> ShownContextMenu? {
      engine.calls.append("long press \(indexPaths)")
      guard
        let configuration = delegate?.collectionView(
          self, contextMenuConfigurationForItemsAt: indexPaths, point: .zero)
      else { return nil }
      var shown = ShownContextMenu(configuration)
      if let path = indexPaths.first {
        shown.highlightPreview = checked(
          delegate?.collectionView(
            self, contextMenuConfiguration: configuration, highlightPreviewForItemAt: path))
        shown.pressedItem = path
      }
      return shown
    }

    /// Not UIKit: the view the menu of `menu` goes back to as it closes (the delegate's
    /// `dismissalPreviewForItemAt`; nil: the cell).
    public func simulateMenuDismissalPreview(_ menu: ShownContextMenu) -> UITargetedPreview? {
      guard let path = menu.pressedItem else { return nil }
      return checked(
        delegate?.collectionView(
          self, contextMenuConfiguration: menu.configuration, dismissalPreviewForItemAt: path))
    }

    /// Raises for a preview whose view is in no window: "To use this initializer, the view
    /// must be in a window" (Apple, `UITargetedPreview(view:)`).
    private func checked(_ preview: UITargetedPreview?) -> UITargetedPreview? {
      if let preview, preview.view.window == nil {
        engine.raise("UITargetedPreview: the view must be in a window")
      }
      return preview
    }

    /// The user taps the preview of `menu`: the delegate is told, the menu closes, and the
    /// animation ends. Returns the animator, to read its commit style.
    @discardableResult
    public func simulatePreviewTap(_ menu: ShownContextMenu)
      -> any UIContextMenuInteractionCommitAnimating
    {
      let animator = FakeCommitAnimator(preview: menu.preview)
      delegate?.collectionView(
        self, willPerformPreviewActionForMenuWith: menu.configuration, animator: animator)
      delegate?.collectionView(
        self, willEndContextMenuInteraction: menu.configuration, animator: nil)
      animator.finish()
      return animator
    }

    /// The user closes `menu` without picking anything: the delegate is told.
    public func simulateMenuDismiss(_ menu: ShownContextMenu) {
      delegate?.collectionView(
        self, willEndContextMenuInteraction: menu.configuration, animator: nil)
    }
  }
#endif
