import CatenaDiff

extension SectionedDataSource {
  /// A data source's answers to its table (see ``SectionedDataSource/answers``). It holds its
  /// data source weakly (the data source owns it); once the data source is gone it answers as
  /// an empty table.
  @MainActor
  final class Answers: TableContentProviding {
    private weak var source: SectionedDataSource?

    init(_ source: SectionedDataSource) { self.source = source }

    /// The item at `path` in what the table shows, if known.
    func item(at path: ItemPath) -> Item? { source?.item(at: path) }

    /// The number of sections shown.
    func numberOfSections() -> Int { source?.numberOfSections() ?? 0 }

    /// The number of rows shown in `section`.
    func numberOfRows(inSection section: Int) -> Int {
      source?.numberOfRows(inSection: section) ?? 0
    }

    /// Dequeues the cell kind that shows the row's item from the bound table and configures it.
    ///
    /// - Throws: ``DataSourceError`` when the data source is not bound (or gone), or the table
    ///   cannot dequeue the cell.
    func cell(forRowAt path: ItemPath) throws -> Any {
      guard let source else {
        throw DataSourceError(kind: .unregisteredCell, id: "(no data source)", incoming: path)
      }
      return try source.cell(forRowAt: path)
    }

    /// The header title of `section`: what the chain's `headerTitle` closure gives.
    func titleForHeader(inSection section: Int) -> String? {
      source?.titleForHeader(inSection: section)
    }

    /// The footer title of `section`: what the chain's `footerTitle` closure gives.
    func titleForFooter(inSection section: Int) -> String? {
      source?.titleForFooter(inSection: section)
    }

    /// Whether the chain gives header or footer views.
    var providesSectionViews: Bool { source?.providesSectionViews ?? false }

    /// Whether `section` shows a view of `kind`.
    func hasView(_ kind: SectionViewKind, inSection section: Int) -> Bool {
      source?.hasView(kind, inSection: section) ?? false
    }

    /// Dequeues and configures the view of `kind` for `section`; nil when it has none.
    func view(_ kind: SectionViewKind, inSection section: Int) throws -> Any? {
      try source?.view(kind, inSection: section)
    }

    /// Configures `view` for `section` as it is now; false when it cannot.
    func configure(_ view: Any, as kind: SectionViewKind, inSection section: Int) -> Bool {
      source?.configure(view, as: kind, inSection: section) ?? false
    }

    /// The height given for the view of `kind`, if any.
    func height(of kind: SectionViewKind, inSection section: Int) -> Double? {
      source?.height(of: kind, inSection: section)
    }

    /// Whether the chain gives row heights.
    var providesRowHeights: Bool { source?.providesRowHeights ?? false }

    /// The chain's height of the row at `path`.
    func heightForRow(at path: ItemPath) -> Double? { source?.heightForRow(at: path) }

    /// Whether the user may edit (delete, move or swipe) the row at `path`.
    func canEditRow(at path: ItemPath) -> Bool { source?.canEditRow(at: path) ?? false }

    /// Whether the user may delete the row at `path`.
    func canDeleteRow(at path: ItemPath) -> Bool { source?.canDeleteRow(at: path) ?? false }

    /// Whether the user may move the row at `path`.
    func canMoveRow(at path: ItemPath) -> Bool { source?.canMoveRow(at: path) ?? false }

    /// Deletes the row's item (animated), then calls the chain's `didDelete`.
    func commitDelete(at path: ItemPath) throws { try source?.commitDelete(at: path) }

    /// Where a dragged row may go (a bound outline's rule); the reorder is live from now.
    func targetForMove(from source: ItemPath, proposed: ItemPath) -> ItemPath {
      self.source?.targetForMove(from: source, proposed: proposed) ?? source
    }

    /// Moves the item (the table has moved the row), then calls the chain's `didMove`.
    func moveRow(at source: ItemPath, to destination: ItemPath) {
      self.source?.moveRow(at: source, to: destination)
    }

    /// Runs the applies that waited for the drop.
    func endReorder() { source?.endReorder() }

    /// Calls the chain's `didSelect` with the row's item.
    func didSelectRow(at path: ItemPath) { source?.didSelectRow(at: path) }

    /// The id of the row's item, when the data source shows a snapshot.
    func identity(ofRowAt path: ItemPath) -> AnyHashable? {
      source?.snapshot?.item(at: path).map { AnyHashable($0.id) }
    }

    /// Where the item with that id is now.
    func row(withIdentity identity: AnyHashable) -> ItemPath? {
      guard let id = identity.base as? Item.ID else { return nil }
      return source?.snapshot?.path(of: id)
    }

    /// Whether the row highlights when touched.
    func highlightsRow(at path: ItemPath) -> Bool { source?.highlightsRow(at: path) ?? false }

    /// Calls the chain's `didDeselect` with the row's item.
    func didDeselectRow(at path: ItemPath) { source?.didDeselectRow(at: path) }

    /// The chain's `emptyState` text, when it may show now.
    var emptyStateText: String? { source?.emptyStateText }

    /// Calls the chain's `willDisplay` with the row's item, after showing on `cell` what
    /// changed since it was configured.
    func willDisplayRow(at path: ItemPath, cell: Any?) {
      source?.willDisplayRow(at: path, cell: cell)
    }

    /// Looks again at what shows (impressions, a scroll waiting for layout).
    func didScroll() { source?.didScroll() }

    /// Looks again at what shows, and whether a reorder is over.
    func visibilityChanged() { source?.visibilityChanged() }

    /// Whether the list layout the data source made pins its headers.
    var pinsSectionHeaders: Bool { source?.pinsSectionHeaders ?? false }

    /// Whether impressions are given.
    var watchesScrolling: Bool { source?.impressionTracker != nil }

    /// Reloads through the data source's gates (``SectionedDataSource/reload()``).
    func reload() { source?.reload() }

    /// The chain's section index titles, or nil for none.
    func sectionIndexTitles() -> [String]? { source?.sectionIndexTitles() }

    /// The section the index title `title` scrolls to.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int {
      source?.section(forSectionIndexTitle: title, at: index) ?? index
    }

    /// The chain's swipe actions of the row at `path` on `edge`.
    func swipeActions(_ edge: SwipeEdge, forRowAt path: ItemPath) -> [SwipeAction]? {
      source?.swipeActions(edge, forRowAt: path)
    }

    /// The outline place of the row at `path` (rows of a bound outline).
    func outline(forRowAt path: ItemPath) -> RowOutline? { source?.outline(forRowAt: path) }

    /// The chain's context menu of the row at `path`.
    func contextMenu(forRowAt path: ItemPath) -> ContextMenu? {
      source?.contextMenu(forRowAt: path)
    }

    /// Calls the chain's `prefetch` with the rows' items.
    func prefetchRows(at paths: [ItemPath]) { source?.prefetchRows(at: paths) }

    /// Calls the chain's `cancelPrefetching` with the rows' items.
    func cancelPrefetchingForRows(at paths: [ItemPath]) {
      source?.cancelPrefetchingForRows(at: paths)
    }

    /// The table answers to another data source now: this one stops driving it.
    func tableDidDisconnect() { source?.tableDidDisconnect() }
  }
}
