#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  /// Keys for the objects a table or collection view keeps alive (keys are per object, so
  /// both kinds of view share them).
  @MainActor
  enum AssociatedKeys {
    static var proxy: UInt8 = 0
    static var dataSource: UInt8 = 0
    static var host: UInt8 = 0
  }

  extension UITableView: ProxiedListView {
    /// Table cells show the chain's content configurations.
    static var contentCellClass: AnyClass { UITableViewCell.self }

    /// Dequeues a header or footer view registered for `identifier`.
    ///
    /// - Throws: `DataSourceError` of kind `unregisteredView` when nothing is registered.
    func dequeueReusableHeaderFooterView(
      withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
    ) throws(DataSourceError) -> UITableViewHeaderFooterView {
      guard let view = dequeueReusableHeaderFooterView(withIdentifier: identifier) else {
        throw DataSourceError(
          kind: .unregisteredView, id: identifier, incoming: ItemPath(item: 0, section: section))
      }
      return view
    }

    /// Dequeues a cell for the row at `path` (UIKit asserts when nothing is registered).
    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UITableViewCell {
      dequeueReusableCell(withIdentifier: identifier, for: path.indexPath)
    }

    /// Performs `batch` as one `performBatchUpdates`, checked first, in every build, against
    /// the counts the table itself shows, as UIKit checks it: with `countsAfter` the check
    /// runs before the model changes and `commit` runs inside the updates block (without, the
    /// model is committed and then checked); a valid batch is handed to UIKit, and an invalid
    /// one (a model changed earlier without telling the table) becomes a `reloadData()` and
    /// throws, where UIKit would stop the app. Off-window tables reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    @discardableResult
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      try performChecked(batch, countsAfter: countsAfter, commit: commit) {
        validator, commitInside in
        withoutActuallyEscaping(commitInside) { commitInside in
          performBatchUpdates { [self] in
            commitInside()
            perform(batch, sectionMap: validator.sectionMap)
          }
        }
        refreshTitles(ofSectionsUpdatedIn: batch, sectionMap: validator.sectionMap)
        // UIKit reads the section index only at a reload: sections that come, go, move or
        // change would leave it showing old titles.
        let sectionsChange =
          !batch.sectionInserts.isEmpty || !batch.sectionDeletes.isEmpty
          || !batch.sectionMoves.isEmpty || !batch.sectionReloads.isEmpty
          || !batch.sectionUpdates.isEmpty
        if sectionsChange { reloadSectionIndexTitles() }
      }
    }

    /// Hands every operation of `batch` to UIKit.
    func perform(_ batch: BatchUpdate, sectionMap: [Int]) {
      deleteSections(IndexSet(batch.sectionDeletes), with: .automatic)
      insertSections(IndexSet(batch.sectionInserts), with: .automatic)
      reloadSections(IndexSet(batch.sectionReloads), with: .automatic)
      for move in batch.sectionMoves { moveSection(move.source, toSection: move.target) }
      deleteRows(at: batch.itemDeletes.map(\.indexPath), with: .automatic)
      insertRows(at: batch.itemInserts.map(\.indexPath), with: .automatic)
      reloadRows(at: batch.itemReloads.map(\.indexPath), with: .automatic)
      for move in batch.itemMoves { moveRow(at: move.source.indexPath, to: move.target.indexPath) }
      reconfigureRows(at: batch.itemReconfigures.map(\.indexPath))
    }

    /// Shows the new header and footer titles of the sections `batch` updates, by their
    /// index after the batch. A title that appears or disappears changes the header's height,
    /// which only a section reload lays out; a section with a header or footer view is
    /// reloaded, so that the view is configured for the updated section.
    func refreshTitles(ofSectionsUpdatedIn batch: BatchUpdate, sectionMap: [Int]) {
      guard !batch.sectionUpdates.isEmpty, let provider = tableProxy?.provider else { return }
      var reloads = IndexSet()
      for old in batch.sectionUpdates where sectionMap.indices.contains(old) {
        let section = sectionMap[old]
        guard section >= 0 else { continue }
        // A section view shown is configured again in place (its rows keep their cells, a
        // text field its keyboard); one that appears or goes changes the section's height,
        // which only a section reload lays out. A view off screen is configured when it shows.
        if provider.hasView(.header, inSection: section)
          || provider.hasView(.footer, inSection: section)
        {
          let views: [(SectionViewKind, UIView?, CGRect)] = [
            (.header, headerView(forSection: section), rectForHeader(inSection: section)),
            (.footer, footerView(forSection: section), rectForFooter(inSection: section)),
          ]
          for (kind, view, rect) in views {
            let wanted = provider.hasView(kind, inSection: section)
            if let view {
              if !provider.configure(view, as: kind, inSection: section) { reloads.insert(section) }
            } else if wanted && rect.height == 0 {
              reloads.insert(section)
            }
          }
          continue
        }
        let titles = [
          (headerView(forSection: section), provider.titleForHeader(inSection: section)),
          (footerView(forSection: section), provider.titleForFooter(inSection: section)),
        ]
        for (view, title) in titles {
          if let view, let title {
            view.textLabel?.text = title
            view.setNeedsLayout()
          } else if (view == nil) != (title == nil) {
            reloads.insert(section)
          }
        }
      }
      if !reloads.isEmpty { reloadSections(reloads, with: .none) }
    }

    /// The cell showing the row at `path`, when it is on screen.
    func cellForRow(at path: ItemPath) -> UITableViewCell? {
      cellForRow(at: path.indexPath)
    }

    /// The paths of the rows on screen.
    var visibleItemPaths: [ItemPath] {
      (indexPathsForVisibleRows ?? []).map(ItemPath.init).sorted()
    }

    /// The paths of the selected rows.
    var selectedItemPaths: [ItemPath] {
      (indexPathsForSelectedRows ?? []).map(ItemPath.init).sorted()
    }

    /// Selects the row at `path` (nil clears the selection) without telling the delegate.
    func selectRow(at path: ItemPath?, animated: Bool) {
      selectRow(at: path?.indexPath, animated: animated, scrollPosition: .none)
    }

    /// Deselects the row at `path` without telling the delegate.
    func deselectRow(at path: ItemPath, animated: Bool) {
      deselectRow(at: path.indexPath, animated: animated)
    }

    /// Whether the table view is in a window.
    var isInWindow: Bool { window != nil }

    /// Makes `provider` the table view's data source and delegate, through a proxy the table
    /// view keeps alive; the provider is held weakly. The delegate and data source the table
    /// had keep receiving what Catena does not answer, and the row events it shares
    /// (selection, a row coming on screen, scrolling); a provider connected before is told
    /// it lost the table. Nil disconnects and gives the table its own objects back.
    func connect(_ provider: (any TableContentProviding)?) {
      let app = ForwardingProxy.handOver(
        from: objc_getAssociatedObject(self, &AssociatedKeys.proxy) as? ForwardingProxy,
        delegate: delegate, dataSource: dataSource, prefetcher: prefetchDataSource, to: provider)
      let proxy = provider.map { TableProxy($0, app: app) }
      if provider != nil { ListVisibilityObserver.install(in: self) }
      objc_setAssociatedObject(
        self, &AssociatedKeys.proxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      // UIKit reads which optional methods its delegate implements when it is set.
      dataSource = nil
      delegate = nil
      dataSource = proxy ?? app.dataSource as? any UITableViewDataSource
      delegate = proxy ?? app.delegate as? any UITableViewDelegate
      prefetchDataSource = proxy ?? app.prefetcher as? any UITableViewDataSourcePrefetching
      reloadData()
    }

    /// Runs `changes` inside `UIView.performWithoutAnimation(_:)`.
    func performWithoutAnimation(_ changes: () -> Void) {
      UIView.performWithoutAnimation(changes)
    }

    /// Makes the proxy the delegate again when the app set its own after `connect(_:)`; the
    /// app's delegate is then the one the proxy forwards to.
    func reclaimDelegate() {
      guard let proxy = tableProxy, delegate !== proxy else { return }
      proxy.appDelegate = delegate
      delegate = nil
      delegate = proxy
    }

    /// The proxy `connect(_:)` installed, if it is still the data source.
    var installedProxy: ForwardingProxy? { tableProxy }

    /// The rows per section the table shows (its cached counts).
    var shownCounts: [Int] { (0..<numberOfSections).map { numberOfRows(inSection: $0) } }

    /// The proxy `connect(_:)` installed, if it is still the data source.
    var tableProxy: TableProxy? {
      guard let proxy = objc_getAssociatedObject(self, &AssociatedKeys.proxy) as? TableProxy,
        dataSource === proxy
      else { return nil }
      return proxy
    }

    /// An object the table view keeps alive for as long as it lives.
    var retainedDataSource: AnyObject? {
      get { objc_getAssociatedObject(self, &AssociatedKeys.dataSource).map { $0 as AnyObject } }
      set {
        objc_setAssociatedObject(
          self, &AssociatedKeys.dataSource, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }
  }
#endif
