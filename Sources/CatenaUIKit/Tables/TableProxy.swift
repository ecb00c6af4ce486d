#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// Answers a `UITableView`'s data-source and delegate calls from a `TableContentProviding`
  /// held weakly, and passes the rest to the app's own delegate (see `ForwardingProxy`). The
  /// table keeps the proxy alive (see `UITableView.connect(_:)`).
  @MainActor
  final class TableProxy: ForwardingProxy, UITableViewDataSource, UITableViewDelegate {
    /// Whether the provider gave row heights when it was connected (UIKit asks once).
    let providesRowHeights: Bool
    /// Whether the provider gave header or footer views when it was connected.
    let providesSectionViews: Bool
    /// The row a swipe opened (its path then, and its item's id), until its buttons close.
    var swipedRow: (path: ItemPath, identity: AnyHashable?)?

    override init(
      _ provider: any TableContentProviding,
      app: (delegate: AnyObject?, dataSource: AnyObject?, prefetcher: AnyObject?),
      implements: @escaping @Sendable (AnyObject, String) -> Bool = platformImplements
    ) {
      providesRowHeights = provider.providesRowHeights
      providesSectionViews = provider.providesSectionViews
      super.init(provider, app: app, implements: implements)
    }

    /// The app's delegate, typed.
    var app: (any UITableViewDelegate)? { appDelegate as? any UITableViewDelegate }

    /// The Objective-C names of the row-height methods.
    nonisolated static let rowHeightMethods: Set = [
      "tableView:heightForRowAtIndexPath:", "tableView:estimatedHeightForRowAtIndexPath:",
    ]
    /// The Objective-C names of the header and footer methods.
    nonisolated static let sectionViewMethods: Set = [
      "tableView:heightForHeaderInSection:", "tableView:heightForFooterInSection:",
      "tableView:viewForHeaderInSection:", "tableView:viewForFooterInSection:",
    ]

    /// Row heights and section views look unimplemented when neither the provider (when it
    /// was connected) nor the app's delegate gives them; scrolling looks unimplemented when
    /// neither the provider (impressions) nor the app's delegate wants it.
    nonisolated override func hides(_ method: String) -> Bool {
      if Self.rowHeightMethods.contains(method) {
        return !providesRowHeights && appTarget(for: method) == nil
      }
      if Self.sectionViewMethods.contains(method) {
        return !providesSectionViews && appTarget(for: method) == nil
      }
      return method == "scrollViewDidScroll:" && !watchesScrolling && appTarget(for: method) == nil
    }

    func numberOfSections(in tableView: UITableView) -> Int {
      // The app set its own delegate after `connect`: take it over once this layout is done
      // (setting a delegate while the table lays out is not safe).
      if tableView.delegate !== self {
        Task { @MainActor [weak tableView] in tableView?.reclaimDelegate() }
      }
      return provider?.numberOfSections() ?? 0
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      provider?.numberOfRows(inSection: section) ?? 0
    }

    func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
      // A released provider (the table still has counts) shows empty cells; a failure to
      // make one is a programming error (a wrong cell class), reported in debug builds.
      if let provider {
        do {
          if let cell = try provider.cell(forRowAt: ItemPath(indexPath)) as? UITableViewCell {
            return cell
          }
          assertionFailure("Catena: the cell for row \(indexPath) is not a table cell")
        } catch {
          assertionFailure("Catena: no cell for row \(indexPath): \(error)")
        }
      }
      return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      provider?.titleForHeader(inSection: section)
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      provider?.titleForFooter(inSection: section)
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      provider?.sectionIndexTitles()
    }

    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      provider?.section(forSectionIndexTitle: title, at: index) ?? index
    }

    // UIKit offers swipe actions only on rows its data source calls editable: a row is when
    // the provider lets it be deleted, moved or swiped, or the app's delegate gives swipe
    // actions for it.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      guard let provider else { return false }
      return provider.canEditRow(at: ItemPath(indexPath))
        || appSwipeActions(tableView, leading: true, at: indexPath) != nil
        || appSwipeActions(tableView, leading: false, at: indexPath) != nil
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      provider?.canMoveRow(at: ItemPath(indexPath)) ?? false
    }

    // Delete is offered (swipe, editing-mode minus) only by a provider that handles it; a row
    // that can only move shows no delete control.
    func tableView(
      _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle {
      provider?.canDeleteRow(at: ItemPath(indexPath)) == true ? .delete : .none
    }

    // A row shows an editing control only when it can be deleted: a row that can only move
    // would otherwise be indented with a blank gap on its left.
    func tableView(
      _ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath
    ) -> Bool {
      provider?.canDeleteRow(at: ItemPath(indexPath)) == true
    }

    // Delete: the editing-mode minus deletes the row UIKit names; a swipe's Delete deletes
    // the row that was swiped, wherever an apply made while its button showed has moved it
    // (UIKit does not say whether the path it hands over is mapped through such an apply),
    // and nothing once it is gone.
    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      guard editingStyle == .delete, let provider else { return }
      var path = ItemPath(indexPath)
      // UIKit's path is the one the swipe opened (it may not have been mapped through an
      // apply since): the swiped item's row now. Another path is UIKit's own, current.
      if let swiped = swipedRow, swiped.path == path {
        swipedRow = nil
        if let identity = swiped.identity {
          guard let now = provider.row(withIdentity: identity) else { return }
          path = now
        } else {
          path = swiped.path
        }
        guard provider.canDeleteRow(at: path) else { return }
      }
      do {
        try provider.commitDelete(at: path)
      } catch {
        assertionFailure("Catena: deleting row \(indexPath) failed: \(error)")
        tableView.reloadData()
      }
    }

    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      provider?.moveRow(at: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
      endReorderAfterDrop(at: ItemPath(destinationIndexPath))
    }

  }
#endif
