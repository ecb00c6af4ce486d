#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  import CatenaDataSource
  import CatenaDiff

  extension UICollectionView: ProxiedListView {

    /// Registers a header or footer view class: a supplementary view of both section kinds, so
    /// the chain's `headerView` and `footerView` classes serve either.
    func register(
      _ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String
    ) {
      for kind in [Self.elementKindSectionHeader, Self.elementKindSectionFooter] {
        register(viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
      }
    }

    /// Dequeues the section's header or footer: a supplementary view of the matching kind
    /// (UIKit asserts when nothing is registered for it).
    func dequeueReusableHeaderFooterView(
      withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
    ) throws(DataSourceError) -> UICollectionReusableView {
      dequeueReusableSupplementaryView(
        ofKind: kind.elementKind, withReuseIdentifier: identifier,
        for: IndexPath(item: 0, section: section))
    }

    /// List cells show the chain's content configurations.
    static var contentCellClass: AnyClass { UICollectionViewListCell.self }

    /// Registers a cell class, under UIKit's collection-view name for it.
    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      register(cellClass, forCellWithReuseIdentifier: identifier)
    }

    /// Dequeues a cell for the item at `path` (UIKit asserts when nothing is registered).
    func dequeueReusableCell(
      withIdentifier identifier: String, for path: ItemPath
    ) throws(DataSourceError) -> UICollectionViewCell {
      dequeueReusableCell(withReuseIdentifier: identifier, for: path.indexPath)
    }

    /// Performs `batch` as one `performBatchUpdates`, checked first, in every build, against
    /// the counts the collection view itself shows: laying out first also settles a pending
    /// reload; a batch the new counts contradict becomes a `reloadData()` and throws, where
    /// UIKit would stop the app. Off-window collection views reload.
    ///
    /// - Throws: `DataSourceError` of kind `invalidBatchUpdate`, after the reload.
    @discardableResult
    func performBatchUpdates(
      _ batch: BatchUpdate, countsAfter: [Int]?, commit: () -> Void
    ) throws(DataSourceError) -> [BatchUpdateWarning] {
      try performChecked(batch, countsAfter: countsAfter, commit: commit) {
        validator, commitInside in
        withoutActuallyEscaping(commitInside) { commitInside in
          performBatchUpdates(
            { [self] in
              commitInside()
              deleteSections(IndexSet(batch.sectionDeletes))
              insertSections(IndexSet(batch.sectionInserts))
              reloadSections(IndexSet(batch.sectionReloads))
              for move in batch.sectionMoves { moveSection(move.source, toSection: move.target) }
              deleteItems(at: batch.itemDeletes.map(\.indexPath))
              insertItems(at: batch.itemInserts.map(\.indexPath))
              reloadItems(at: batch.itemReloads.map(\.indexPath))
              for move in batch.itemMoves {
                moveItem(at: move.source.indexPath, to: move.target.indexPath)
              }
              reconfigureItems(at: batch.itemReconfigures.map(\.indexPath))
            },
            completion: { [weak self] _ in self?.refreshSectionIndex() })
        }
        refreshSectionViews(ofSectionsUpdatedIn: batch, sectionMap: validator.sectionMap)
      }
    }

    /// After a batch's animation: UIKit reads a collection view's section index only at a
    /// reload (it has no `reloadSectionIndexTitles()`), so when the titles changed the view
    /// reloads, keeping its selection, through the data source's own gates: the completion
    /// comes on a later turn, when another apply, a layout pass or a held row may be under
    /// way, and the reload then waits for it as any other would.
    func refreshSectionIndex() {
      guard let proxy = collectionProxy, let provider = proxy.provider, window != nil else {
        return
      }
      // What UIKit read is recorded when it reads (`indexTitles(for:)`), not here: a reload
      // asked for now may give way to an apply kept meanwhile, whose own completion then
      // still sees titles UIKit has not read and asks again.
      guard (provider.sectionIndexTitles() ?? []) != proxy.readIndexTitles else { return }
      provider.reload()
    }

    /// Shows what the sections `batch` updates now have, by their index after the batch: UIKit
    /// asks for a supplementary view only when it appears, and a batch keeps the views on
    /// screen, so a changed title is set on the view shown and the layout re-measures it. A
    /// view that must change kind (a title that appears or goes, a header view that cannot be
    /// configured for the section now) reloads its section. A view off screen is asked for
    /// when it shows.
    func refreshSectionViews(ofSectionsUpdatedIn batch: BatchUpdate, sectionMap: [Int]) {
      guard !batch.sectionUpdates.isEmpty, let provider = collectionProxy?.provider else { return }
      var reloads = IndexSet()
      var retitled = false
      for old in batch.sectionUpdates where sectionMap.indices.contains(old) {
        let section = sectionMap[old]
        guard section >= 0 else { continue }
        for kind in [SectionViewKind.header, .footer] {
          let path = IndexPath(item: 0, section: section)
          guard let view = supplementaryView(forElementKind: kind.elementKind, at: path) else {
            // No view shown: off screen (asked for when it shows), or the layout gives the
            // section none, and a view or title that comes now needs the section laid out anew.
            let wanted =
              provider.hasView(kind, inSection: section)
              || (kind == .header
                ? provider.titleForHeader(inSection: section)
                : provider.titleForFooter(inSection: section)) != nil
            if wanted,
              layoutAttributesForSupplementaryElement(ofKind: kind.elementKind, at: path) == nil
            {
              reloads.insert(section)
            }
            continue
          }
          if provider.hasView(kind, inSection: section) {
            if !provider.configure(view, as: kind, inSection: section) { reloads.insert(section) }
            continue
          }
          let title =
            kind == .header
            ? provider.titleForHeader(inSection: section)
            : provider.titleForFooter(inSection: section)
          if let titleView = view as? SectionTitleView, let title {
            if titleView.title != title {
              titleView.title = title
              retitled = true
            }
          } else if title != nil || view.reuseIdentifier != CollectionProxy.placeholder {
            reloads.insert(section)
          }
        }
      }
      if !reloads.isEmpty { reloadSections(reloads) }
      if retitled { collectionViewLayout.invalidateLayout() }
    }

    /// The cell showing the item at `path`, when it is on screen.
    func cellForRow(at path: ItemPath) -> UICollectionViewCell? {
      cellForItem(at: path.indexPath)
    }

    /// The paths of the items on screen.
    var visibleItemPaths: [ItemPath] {
      indexPathsForVisibleItems.map(ItemPath.init).sorted()
    }

    /// The paths of the selected items.
    var selectedItemPaths: [ItemPath] {
      (indexPathsForSelectedItems ?? []).map(ItemPath.init).sorted()
    }

    /// Selects the item at `path` (nil clears the selection) without telling the delegate.
    /// Lays out first: a selection made while a reload waits for layout would be dropped.
    func selectRow(at path: ItemPath?, animated: Bool) {
      layoutIfNeeded()
      selectItem(at: path?.indexPath, animated: animated, scrollPosition: [])
    }

    /// Deselects the item at `path` without telling the delegate.
    func deselectRow(at path: ItemPath, animated: Bool) {
      deselectItem(at: path.indexPath, animated: animated)
    }

    /// Whether the collection view is in a window.
    var isInWindow: Bool { window != nil }

    /// Makes `provider` the data source and delegate through a proxy the collection view keeps
    /// alive; the provider is held weakly. The delegate and data source the view had keep
    /// receiving what Catena does not answer (flow-layout sizes, supplementary views) and the
    /// item events it shares; a provider connected before is told it lost the view. Nil
    /// disconnects and gives the view its own objects back. Section headers and footers (the
    /// chain's views, or its titles) are the supplementary views a list layout asks for.
    func connect(_ provider: (any TableContentProviding)?) {
      let app = ForwardingProxy.handOver(
        from: objc_getAssociatedObject(self, &AssociatedKeys.proxy) as? ForwardingProxy,
        delegate: delegate, dataSource: dataSource, prefetcher: prefetchDataSource, to: provider)
      let proxy = provider.map { CollectionProxy($0, app: app) }
      if provider != nil { ListVisibilityObserver.install(in: self) }
      register(UICollectionViewCell.self, forCellWithReuseIdentifier: CollectionProxy.placeholder)
      for kind in [Self.elementKindSectionHeader, Self.elementKindSectionFooter] {
        register(
          UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: CollectionProxy.placeholder)
        register(
          SectionTitleView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: CollectionProxy.titleView)
      }
      objc_setAssociatedObject(
        self, &AssociatedKeys.proxy, proxy, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      // UIKit reads which optional methods its delegate implements when it is set.
      dataSource = nil
      delegate = nil
      dataSource = proxy ?? app.dataSource as? any UICollectionViewDataSource
      delegate = proxy ?? app.delegate as? any UICollectionViewDelegate
      prefetchDataSource = proxy ?? app.prefetcher as? any UICollectionViewDataSourcePrefetching
      reloadData()
    }

    /// Runs `changes` inside `UIView.performWithoutAnimation(_:)`.
    func performWithoutAnimation(_ changes: () -> Void) {
      UIView.performWithoutAnimation(changes)
    }

    /// Makes the proxy the delegate again when the app set its own after `connect(_:)`; the
    /// app's delegate is then the one the proxy forwards to.
    func reclaimDelegate() {
      guard let proxy = collectionProxy, delegate !== proxy else { return }
      proxy.appDelegate = delegate
      delegate = nil
      delegate = proxy
    }

    /// The proxy `connect(_:)` installed, if it is still the data source.
    var installedProxy: ForwardingProxy? { collectionProxy }

    /// The items per section the collection view shows (its cached counts).
    var shownCounts: [Int] { (0..<numberOfSections).map { numberOfItems(inSection: $0) } }

    /// The proxy `connect(_:)` installed, if it is still the data source.
    var collectionProxy: CollectionProxy? {
      guard
        let proxy = objc_getAssociatedObject(self, &AssociatedKeys.proxy) as? CollectionProxy,
        dataSource === proxy
      else { return nil }
      return proxy
    }

    /// An object the collection view keeps alive for as long as it lives.
    var retainedDataSource: AnyObject? {
      get { objc_getAssociatedObject(self, &AssociatedKeys.dataSource).map { $0 as AnyObject } }
      set {
        objc_setAssociatedObject(
          self, &AssociatedKeys.dataSource, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }
  }
#endif
