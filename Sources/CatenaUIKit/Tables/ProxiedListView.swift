#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// What `UITableView` and `UICollectionView` share as Catena tables: a proxy installed by
  /// `connect(_:)`, counts of their own, and the checked batch update built on them.
  @MainActor
  protocol ProxiedListView: UIView {
    /// The proxy `connect(_:)` installed, if it is still the data source.
    var installedProxy: ForwardingProxy? { get }
    /// The rows (items) per section the view shows: UIKit's cached counts.
    var shownCounts: [Int] { get }
    func reloadData()
    /// Makes the proxy the delegate again when the app set its own after `connect(_:)`.
    func reclaimDelegate()
  }

  extension ProxiedListView {
    /// Checks `batch` in every build against the counts the view itself shows and hands it
    /// to `update` when valid.
    ///
    /// The view lays out first, so that its counts are current ("Update your data model
    /// inside the updates block or ensure the layout is updated before you call
    /// performBatchUpdates", UIKit: the latter, so the check can run first); then `commit`
    /// changes the model and the batch is checked against the data source's new counts. An
    /// invalid batch (a model changed earlier without telling the view) becomes a
    /// `reloadData()` and throws, where UIKit would stop the app. Off-window views reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    func performChecked(
      _ batch: BatchUpdate, commit: () -> Void, update: (BatchValidator) -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      reclaimDelegate()
      guard window != nil, let provider = installedProxy?.provider else {
        commit()
        reloadData()
        return []
      }
      layoutIfNeeded()
      let shown = shownCounts
      commit()
      let validator: BatchValidator
      do {
        validator = try batch.checkedForUIKit(shown: shown, after: provider.rowCounts)
      } catch {
        reloadData()
        throw error
      }
      update(validator)
      return validator.warnings
    }
  }
#endif
