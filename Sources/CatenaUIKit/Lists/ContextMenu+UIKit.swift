#if (canImport(UIKit) && !os(watchOS) && !os(tvOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  /// A view controller previews a row in a context menu (`ContextMenu.preview(_:didTap:)`).
  extension UIViewController: ContextMenuPreview {}

  extension ForwardingProxy {
    /// UIKit's configuration for the chain's menu of the row at `path`, or nil for none.
    func menuConfiguration(forRowAt path: ItemPath) -> UIContextMenuConfiguration? {
      guard let menu = provider?.contextMenu(forRowAt: path) else { return nil }
      let preview = menu.makePreview.map { make in { make() as? UIViewController } }
      let configuration = UIContextMenuConfiguration(
        identifier: nil, previewProvider: preview,
        actionProvider: { _ in
          UIMenu(
            title: menu.title,
            children: menu.actions.map { action in
              UIAction(
                title: action.title, image: action.systemImage.flatMap(UIImage.init(systemName:)),
                attributes: action.style == .destructive ? .destructive : []
              ) { _ in action.handler() }
            })
        })
      shownMenu = (configuration, menu)
      return configuration
    }

    /// The user tapped the preview of `configuration`: the previewed controller grows into
    /// place and goes to the menu's `preview(_:didTap:)`, else its `didTapPreview` runs, once
    /// the menu has closed. False when the menu is not the chain's.
    func commitPreview(
      of configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) -> Bool {
      guard let shown = shownMenu, shown.configuration === configuration else { return false }
      if let open = shown.menu.openPreview, let preview = animator.previewViewController {
        animator.preferredCommitStyle = .pop
        animator.addCompletion { open(preview) }
      } else if let tap = shown.menu.didTapPreview {
        animator.addCompletion { tap() }
      }
      return true
    }

    /// The menu of `configuration` closed: the proxy lets it go (its actions, its preview and
    /// what they hold). False when it is not the chain's.
    func endMenu(_ configuration: UIContextMenuConfiguration) -> Bool {
      guard let shown = shownMenu, shown.configuration === configuration else { return false }
      shownMenu = nil
      return true
    }
  }

  // Context menus: the chain's for the row when it gives one, else the app's delegate's.
  extension TableProxy {
    func tableView(
      _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
      point: CGPoint
    ) -> UIContextMenuConfiguration? {
      if let configuration = menuConfiguration(forRowAt: ItemPath(indexPath)) {
        return configuration
      }
      #if os(Linux)
        return app?.tableView(tableView, contextMenuConfigurationForRowAt: indexPath, point: point)
      #else
        return app?.tableView?(tableView, contextMenuConfigurationForRowAt: indexPath, point: point)
          ?? nil
      #endif
    }

    func tableView(
      _ tableView: UITableView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard !commitPreview(of: configuration, animator: animator) else { return }
      #if os(Linux)
        app?.tableView(
          tableView, willPerformPreviewActionForMenuWith: configuration, animator: animator)
      #else
        app?.tableView?(
          tableView, willPerformPreviewActionForMenuWith: configuration, animator: animator)
      #endif
    }

    func tableView(
      _ tableView: UITableView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?
    ) {
      guard !endMenu(configuration) else { return }
      #if os(Linux)
        app?.tableView(tableView, willEndContextMenuInteraction: configuration, animator: animator)
      #else
        app?.tableView?(
          tableView, willEndContextMenuInteraction: configuration, animator: animator)
      #endif
    }
  }

  extension CollectionProxy {
    /// The chain's menu when the press is on one item; else the app delegate's: its multi-item
    /// menu when it gives one, else, for one item, its one-item menu (deprecated in iOS 16,
    /// which UIKit no longer asks once the proxy answers the multi-item form).
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
      point: CGPoint
    ) -> UIContextMenuConfiguration? {
      if indexPaths.count == 1,
        let configuration = menuConfiguration(forRowAt: ItemPath(indexPaths[0]))
      {
        return configuration
      }
      #if os(Linux)
        if let configuration = app?.collectionView(
          collectionView, contextMenuConfigurationForItemsAt: indexPaths, point: point)
        {
          return configuration
        }
        guard indexPaths.count == 1 else { return nil }
        return app?.collectionView(
          collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
      #else
        if let app, implements(app, Self.multiItemMenu) {
          return app.collectionView?(
            collectionView, contextMenuConfigurationForItemsAt: indexPaths, point: point) ?? nil
        }
        guard indexPaths.count == 1, let older = appTarget(for: Self.oneItemMenu) else {
          return nil
        }
        return unsafeBitCast(older, to: (any OlderCollectionDelegate).self).collectionView(
          collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
      #endif
    }

    /// The view the app's menu lifts as it opens: the app's iOS 16 method, else the deprecated
    /// one of an app written before iOS 16, which UIKit no longer asks once the proxy answers
    /// the multi-item menu ("If the non-deprecated replacement … is implemented this method is
    /// not called"); nil: the item's cell, always for the chain's menus.
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? {
      // The chain's menu lifts its cell: the app's previews know its own menus only.
      if let shown = shownMenu, shown.configuration === configuration { return nil }
      #if os(Linux)
        if let preview = app?.collectionView(
          collectionView, contextMenuConfiguration: configuration,
          highlightPreviewForItemAt: indexPath)
        {
          return preview
        }
        return app?.collectionView(
          collectionView, previewForHighlightingContextMenuWithConfiguration: configuration)
      #else
        if let app, implements(app, Self.highlightPreview) {
          return app.collectionView?(
            collectionView, contextMenuConfiguration: configuration,
            highlightPreviewForItemAt: indexPath) ?? nil
        }
        guard let older = appTarget(for: Self.olderHighlightPreview) else { return nil }
        return unsafeBitCast(older, to: (any OlderCollectionPreviews).self).collectionView(
          collectionView, previewForHighlightingContextMenuWithConfiguration: configuration)
      #endif
    }

    /// The app's view for the menu to go back to as it closes, found as the highlight
    /// preview's is.
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      dismissalPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? {
      // The chain's menu lifts its cell: the app's previews know its own menus only.
      if let shown = shownMenu, shown.configuration === configuration { return nil }
      #if os(Linux)
        if let preview = app?.collectionView(
          collectionView, contextMenuConfiguration: configuration,
          dismissalPreviewForItemAt: indexPath)
        {
          return preview
        }
        return app?.collectionView(
          collectionView, previewForDismissingContextMenuWithConfiguration: configuration)
      #else
        if let app, implements(app, Self.dismissalPreview) {
          return app.collectionView?(
            collectionView, contextMenuConfiguration: configuration,
            dismissalPreviewForItemAt: indexPath) ?? nil
        }
        guard let older = appTarget(for: Self.olderDismissalPreview) else { return nil }
        return unsafeBitCast(older, to: (any OlderCollectionPreviews).self).collectionView(
          collectionView, previewForDismissingContextMenuWithConfiguration: configuration)
      #endif
    }

    /// The Objective-C names of the iOS 16 preview methods and the ones they replace.
    nonisolated static let highlightPreview =
      "collectionView:contextMenuConfiguration:highlightPreviewForItemAtIndexPath:"
    nonisolated static let dismissalPreview =
      "collectionView:contextMenuConfiguration:dismissalPreviewForItemAtIndexPath:"
    nonisolated static let olderHighlightPreview =
      "collectionView:previewForHighlightingContextMenuWithConfiguration:"
    nonisolated static let olderDismissalPreview =
      "collectionView:previewForDismissingContextMenuWithConfiguration:"

    /// The Objective-C names of the multi-item and one-item menu methods.
    nonisolated static let multiItemMenu =
      "collectionView:contextMenuConfigurationForItemsAtIndexPaths:point:"
    nonisolated static let oneItemMenu =
      "collectionView:contextMenuConfigurationForItemAtIndexPath:point:"

    func collectionView(
      _ collectionView: UICollectionView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard !commitPreview(of: configuration, animator: animator) else { return }
      #if os(Linux)
        app?.collectionView(
          collectionView, willPerformPreviewActionForMenuWith: configuration, animator: animator)
      #else
        app?.collectionView?(
          collectionView, willPerformPreviewActionForMenuWith: configuration, animator: animator)
      #endif
    }

    func collectionView(
      _ collectionView: UICollectionView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?
    ) {
      guard !endMenu(configuration) else { return }
      #if os(Linux)
        app?.collectionView(
          collectionView, willEndContextMenuInteraction: configuration, animator: animator)
      #else
        app?.collectionView?(
          collectionView, willEndContextMenuInteraction: configuration, animator: animator)
      #endif
    }
  }

  #if !os(Linux)
    /// The methods UIKit deprecated that an app's collection delegate may still implement,
    /// called through the Objective-C runtime once `implements` found them (calling them
    /// through `UICollectionViewDelegate` would warn of the deprecation).
    @objc protocol OlderCollectionDelegate {
      @objc(collectionView:contextMenuConfigurationForItemAtIndexPath:point:)
      func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
      ) -> UIContextMenuConfiguration?

      @objc(collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:)
      func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
      ) -> IndexPath
    }
  #endif

  #if !os(Linux)
    /// The preview methods UIKit deprecated in iOS 16 that an app's collection delegate may
    /// still implement, called as ``OlderCollectionDelegate``'s are.
    @objc protocol OlderCollectionPreviews {
      @objc(collectionView:previewForHighlightingContextMenuWithConfiguration:)
      func collectionView(
        _ collectionView: UICollectionView,
        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
      ) -> UITargetedPreview?

      @objc(collectionView:previewForDismissingContextMenuWithConfiguration:)
      func collectionView(
        _ collectionView: UICollectionView,
        previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
      ) -> UITargetedPreview?
    }
  #endif
#endif
