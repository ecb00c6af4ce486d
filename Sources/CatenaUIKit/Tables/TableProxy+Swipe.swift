#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  // Swipe actions: the provider's when it gives them for the edge, else the app's delegate's,
  // else nil, which is UIKit's default (Delete on the trailing edge when the editing style is
  // `.delete`), so a data source with `didDelete` and no swipe actions keeps its Delete.
  extension TableProxy {
    func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      if let actions = provider?.swipeActions(.leading, forRowAt: ItemPath(indexPath)) {
        return Self.configuration(actions)
      }
      return appSwipeActions(tableView, leading: true, at: indexPath)
    }

    func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      if let actions = provider?.swipeActions(.trailing, forRowAt: ItemPath(indexPath)) {
        return Self.configuration(actions)
      }
      return appSwipeActions(tableView, leading: false, at: indexPath)
    }

    // The row a swipe opens, remembered by its item until its buttons close, so that UIKit's
    // own Delete deletes that item (see `tableView(_:commit:forRowAt:)`).
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {
      let path = ItemPath(indexPath)
      swipedRow = (path, provider?.identity(ofRowAt: path))
      #if os(Linux)
        app?.tableView(tableView, willBeginEditingRowAt: indexPath)
      #else
        app?.tableView?(tableView, willBeginEditingRowAt: indexPath)
      #endif
    }

    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
      swipedRow = nil
      #if os(Linux)
        app?.tableView(tableView, didEndEditingRowAt: indexPath)
      #else
        app?.tableView?(tableView, didEndEditingRowAt: indexPath)
      #endif
    }

    /// The app's own delegate's swipe actions for the row, if it gives any.
    func appSwipeActions(
      _ tableView: UITableView, leading: Bool, at indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      #if os(Linux)
        leading
          ? app?.tableView(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath)
          : app?.tableView(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath)
      #else
        leading
          ? app?.tableView?(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath) ?? nil
          : app?.tableView?(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath) ?? nil
      #endif
    }

    /// UIKit's buttons for `actions`, in order; each runs its action's handler.
    static func configuration(_ actions: [SwipeAction]) -> UISwipeActionsConfiguration {
      UISwipeActionsConfiguration(
        actions: actions.map { action in
          UIContextualAction(
            style: action.style == .destructive ? .destructive : .normal, title: action.title
          ) { _, _, completion in
            action.handler { performed in completion(performed) }
          }
        })
    }
  }
#endif
