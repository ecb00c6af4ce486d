#if (canImport(UIKit) && !os(watchOS) && !os(tvOS)) || os(Linux)
  #if os(Linux)
    public import UIKitFakes
  #else
    public import UIKit
  #endif
  public import CatenaDataSource
  import CatenaDiff

  extension ContextMenu {
    /// The menu with a preview: the view controller `make` returns, made when the menu shows
    /// (nil: the row itself). A tap on the preview runs `onPreviewTap`.
    ///
    /// ```swift
    /// ContextMenu(actions: actions, onPreviewTap: { [weak self] in self?.open(mail) })
    ///   .preview { MailViewController(mail) }
    /// ```
    public func preview(_ make: @escaping @MainActor () -> UIViewController?) -> ContextMenu {
      var menu = self
      menu.makePreview = make
      return menu
    }
  }

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

    /// The user tapped the preview of `configuration`: its menu's `onPreviewTap` runs once the
    /// menu has closed. False when the menu is not the chain's.
    func commitPreview(
      of configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) -> Bool {
      guard let shown = shownMenu, shown.configuration === configuration else { return false }
      if let tap = shown.menu.onPreviewTap { animator.addCompletion { tap() } }
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
  }

  extension CollectionProxy {
    /// The chain's menu when the press is on one item; several items (a multi-item menu) or
    /// none (the background) are the app's delegate's.
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
        return app?.collectionView(
          collectionView, contextMenuConfigurationForItemsAt: indexPaths, point: point)
      #else
        return app?.collectionView?(
          collectionView, contextMenuConfigurationForItemsAt: indexPaths, point: point) ?? nil
      #endif
    }

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
  }
#endif
