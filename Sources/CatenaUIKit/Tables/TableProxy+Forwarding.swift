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
    // The first question of a drag makes the reorder live: applies wait for the drop. The
    // provider's rule (an outline's) comes first; the app's delegate may narrow it.
    func tableView(
      _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
      toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
      let target =
        provider?.targetForMove(
          from: ItemPath(sourceIndexPath), proposed: ItemPath(proposedDestinationIndexPath)
        ).indexPath ?? proposedDestinationIndexPath
      #if os(Linux)
        return app?.tableView(
          tableView, targetIndexPathForMoveFromRowAt: sourceIndexPath, toProposedIndexPath: target)
          ?? target
      #else
        return app?.tableView?(
          tableView, targetIndexPathForMoveFromRowAt: sourceIndexPath, toProposedIndexPath: target)
          ?? target
      #endif
    }

    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath), cell: cell)
      #if os(Linux)
        app?.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
      #else
        app?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
      #endif
    }

    // As a collection's (`CollectionProxy+Forwarding.swift`): state rows do not highlight.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
      guard provider?.highlightsRow(at: ItemPath(indexPath)) ?? true else { return false }
      #if os(Linux)
        return app?.tableView(tableView, shouldHighlightRowAt: indexPath) ?? true
      #else
        return app?.tableView?(tableView, shouldHighlightRowAt: indexPath) ?? true
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

    // A row left the screen: what shows changed (the table got smaller, or scrolled).
    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      if watchesScrolling { provider?.didScroll() }
      #if os(Linux)
        app?.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath)
      #else
        app?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
      #endif
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      provider?.didScroll()
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

    // Section views: the provider's for the sections it has them for, else the app's
    // delegate's, else UIKit's default (the title, the table's section heights).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
      if let height = sectionViewHeight(.header, section, in: tableView) { return height }
      #if os(Linux)
        return app?.tableView(tableView, heightForHeaderInSection: section)
          ?? tableView.sectionHeaderHeight
      #else
        return app?.tableView?(tableView, heightForHeaderInSection: section)
          ?? tableView.sectionHeaderHeight
      #endif
    }

    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
      if let height = sectionViewHeight(.footer, section, in: tableView) { return height }
      #if os(Linux)
        return app?.tableView(tableView, heightForFooterInSection: section)
          ?? tableView.sectionFooterHeight
      #else
        return app?.tableView?(tableView, heightForFooterInSection: section)
          ?? tableView.sectionFooterHeight
      #endif
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      if let view = sectionView(.header, section) { return view }
      #if os(Linux)
        return app?.tableView(tableView, viewForHeaderInSection: section)
      #else
        return app?.tableView?(tableView, viewForHeaderInSection: section) ?? nil
      #endif
    }

    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
      if let view = sectionView(.footer, section) { return view }
      #if os(Linux)
        return app?.tableView(tableView, viewForFooterInSection: section)
      #else
        return app?.tableView?(tableView, viewForFooterInSection: section) ?? nil
      #endif
    }

    /// The height of the provider's view of `kind` for `section` (the table's section height,
    /// self-sizing by default, when it gives none), or nil when the section has no such view.
    func sectionViewHeight(
      _ kind: SectionViewKind, _ section: Int, in tableView: UITableView
    ) -> CGFloat? {
      guard providesSectionViews, let provider, provider.hasView(kind, inSection: section) else {
        return nil
      }
      if let height = provider.height(of: kind, inSection: section) { return CGFloat(height) }
      return kind == .header ? tableView.sectionHeaderHeight : tableView.sectionFooterHeight
    }

    /// The provider's configured view of `kind` for `section`, if it has one.
    func sectionView(_ kind: SectionViewKind, _ section: Int) -> UIView? {
      guard providesSectionViews, let provider, provider.hasView(kind, inSection: section) else {
        return nil
      }
      do {
        return try provider.view(kind, inSection: section) as? UIView
      } catch {
        assertionFailure("Catena: no \(kind) view for section \(section): \(error)")
        return nil
      }
    }
  }
#endif
