#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  // The delegate calls a table's proxy shares with the app's own delegate: Catena's handler
  // first, then the app's. UIKit's delegate methods are optional requirements (called with
  // `?`); the Linux fakes declare them as requirements with UIKit's defaults, hence the pairs.
  extension TableProxy {
    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
      #else
        app?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
      #endif
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      provider?.didSelectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.tableView(tableView, didSelectRowAt: indexPath)
      #else
        app?.tableView?(tableView, didSelectRowAt: indexPath)
      #endif
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      provider?.didDeselectRow(at: ItemPath(indexPath))
      #if os(Linux)
        app?.tableView(tableView, didDeselectRowAt: indexPath)
      #else
        app?.tableView?(tableView, didDeselectRowAt: indexPath)
      #endif
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      #if os(Linux)
        app?.scrollViewDidScroll(scrollView)
      #else
        app?.scrollViewDidScroll?(scrollView)
      #endif
    }

    // Row heights: the provider's when it gives them (the estimate is the same value, so the
    // content size does not jump as rows are measured), else the app's delegate's, else the
    // table's. Neither is asked for when nobody gives heights (see `hides(_:)`): UIKit then
    // lays out without asking for every row.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      if providesRowHeights, let height = provider?.heightForRow(at: ItemPath(indexPath)) {
        return CGFloat(height)
      }
      #if os(Linux)
        return app?.tableView(tableView, heightForRowAt: indexPath) ?? tableView.rowHeight
      #else
        return app?.tableView?(tableView, heightForRowAt: indexPath) ?? tableView.rowHeight
      #endif
    }

    func tableView(
      _ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath
    ) -> CGFloat {
      if providesRowHeights, let height = provider?.heightForRow(at: ItemPath(indexPath)) {
        return CGFloat(height)
      }
      #if os(Linux)
        return app?.tableView(tableView, estimatedHeightForRowAt: indexPath)
          ?? tableView.estimatedRowHeight
      #else
        return app?.tableView?(tableView, estimatedHeightForRowAt: indexPath)
          ?? tableView.estimatedRowHeight
      #endif
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
      #if os(Linux)
        app?.tableView(tableView, heightForHeaderInSection: section)
          ?? tableView.sectionHeaderHeight
      #else
        app?.tableView?(tableView, heightForHeaderInSection: section)
          ?? tableView.sectionHeaderHeight
      #endif
    }

    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
      #if os(Linux)
        app?.tableView(tableView, heightForFooterInSection: section)
          ?? tableView.sectionFooterHeight
      #else
        app?.tableView?(tableView, heightForFooterInSection: section)
          ?? tableView.sectionFooterHeight
      #endif
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      #if os(Linux)
        app?.tableView(tableView, viewForHeaderInSection: section)
      #else
        app?.tableView?(tableView, viewForHeaderInSection: section) ?? nil
      #endif
    }

    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
      #if os(Linux)
        app?.tableView(tableView, viewForFooterInSection: section)
      #else
        app?.tableView?(tableView, viewForFooterInSection: section) ?? nil
      #endif
    }
  }
#endif
