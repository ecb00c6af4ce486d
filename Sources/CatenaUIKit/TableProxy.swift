#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// Answers a `UITableView`'s data-source and delegate calls from a `TableContentProviding`
  /// held weakly. The table keeps the proxy alive (see `UITableView.connect(_:)`).
  @MainActor
  final class TableProxy: NSObject, UITableViewDataSource, UITableViewDelegate {
    weak var provider: (any TableContentProviding)?

    init(_ provider: any TableContentProviding) {
      self.provider = provider
    }

    func numberOfSections(in tableView: UITableView) -> Int {
      provider?.numberOfSections() ?? 0
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

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      guard let provider, provider.providesRowHeights,
        let height = provider.heightForRow(at: ItemPath(indexPath))
      else { return tableView.rowHeight }
      return CGFloat(height)
    }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      provider?.canEditRow(at: ItemPath(indexPath)) ?? false
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

    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      guard editingStyle == .delete else { return }
      do {
        try provider?.commitDelete(at: ItemPath(indexPath))
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
    }

    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      provider?.willDisplayRow(at: ItemPath(indexPath))
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      provider?.didSelectRow(at: ItemPath(indexPath))
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      provider?.didDeselectRow(at: ItemPath(indexPath))
    }
  }
#endif
