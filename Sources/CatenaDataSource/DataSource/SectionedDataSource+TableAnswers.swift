public import CatenaDiff

extension SectionedDataSource {
  /// A data source's answers to its table: what ``TableHosting`` tables (``HeadlessTable``,
  /// `UITableView`, `UICollectionView`) ask through ``TableContentProviding``. Kept apart from
  /// the chain, so that the data source shows an app only the chain; read it to see what a
  /// table would be told:
  ///
  /// ```swift
  /// let shown = dataSource.answers.numberOfRows(inSection: 0)
  /// let first = dataSource.answers.item(at: ItemPath(item: 0, section: 0))
  /// ```
  ///
  /// It holds its data source weakly (the data source owns it); once the data source is gone
  /// it answers as an empty table.
  @MainActor
  public final class Answers: TableContentProviding {
    private weak var source: SectionedDataSource?

    init(_ source: SectionedDataSource) { self.source = source }

    /// The item at `path` in what the table shows, if known.
    public func item(at path: ItemPath) -> Item? { source?.item(at: path) }

    /// The number of sections shown.
    public func numberOfSections() -> Int { source?.numberOfSections() ?? 0 }

    /// The number of rows shown in `section`.
    public func numberOfRows(inSection section: Int) -> Int {
      source?.numberOfRows(inSection: section) ?? 0
    }

    /// Dequeues the cell kind that shows the row's item from the bound table and configures it.
    ///
    /// - Throws: ``DataSourceError`` when the data source is not bound (or gone), or the table
    ///   cannot dequeue the cell.
    public func cell(forRowAt path: ItemPath) throws -> Any {
      guard let source else {
        throw DataSourceError(kind: .unregisteredCell, id: "(no data source)", incoming: path)
      }
      return try source.cell(forRowAt: path)
    }

    /// The header title of `section`: what the chain's `headerTitle` closure gives.
    public func titleForHeader(inSection section: Int) -> String? {
      source?.titleForHeader(inSection: section)
    }

    /// The footer title of `section`: what the chain's `footerTitle` closure gives.
    public func titleForFooter(inSection section: Int) -> String? {
      source?.titleForFooter(inSection: section)
    }

    /// Whether the chain gives header or footer views.
    public var providesSectionViews: Bool { source?.providesSectionViews ?? false }

    /// Whether `section` shows a view of `kind`.
    public func hasView(_ kind: SectionViewKind, inSection section: Int) -> Bool {
      source?.hasView(kind, inSection: section) ?? false
    }

    /// Dequeues and configures the view of `kind` for `section`; nil when it has none.
    public func view(_ kind: SectionViewKind, inSection section: Int) throws -> Any? {
      try source?.view(kind, inSection: section)
    }

    /// Configures `view` for `section` as it is now; false when it cannot.
    public func configure(_ view: Any, as kind: SectionViewKind, inSection section: Int) -> Bool {
      source?.configure(view, as: kind, inSection: section) ?? false
    }

    /// The height given for the view of `kind`, if any.
    public func height(of kind: SectionViewKind, inSection section: Int) -> Double? {
      source?.height(of: kind, inSection: section)
    }

    /// Whether the chain gives row heights.
    public var providesRowHeights: Bool { source?.providesRowHeights ?? false }

    /// The chain's height of the row at `path`.
    public func heightForRow(at path: ItemPath) -> Double? { source?.heightForRow(at: path) }

    /// Whether the user may edit (delete, move or swipe) the row at `path`.
    public func canEditRow(at path: ItemPath) -> Bool { source?.canEditRow(at: path) ?? false }

    /// Whether the user may delete the row at `path`.
    public func canDeleteRow(at path: ItemPath) -> Bool { source?.canDeleteRow(at: path) ?? false }

    /// Whether the user may move the row at `path`.
    public func canMoveRow(at path: ItemPath) -> Bool { source?.canMoveRow(at: path) ?? false }

    /// Deletes the row's item (animated), then calls the chain's `didDelete`.
    public func commitDelete(at path: ItemPath) throws { try source?.commitDelete(at: path) }

    /// Moves the item (the table has moved the row), then calls the chain's `didMove`.
    public func moveRow(at source: ItemPath, to destination: ItemPath) {
      self.source?.moveRow(at: source, to: destination)
    }

    /// Calls the chain's `didSelect` with the row's item.
    public func didSelectRow(at path: ItemPath) { source?.didSelectRow(at: path) }

    /// Calls the chain's `didDeselect` with the row's item.
    public func didDeselectRow(at path: ItemPath) { source?.didDeselectRow(at: path) }

    /// The chain's `emptyState` text, when it may show now.
    public var emptyStateText: String? { source?.emptyStateText }

    /// Calls the chain's `willDisplay` with the row's item.
    public func willDisplayRow(at path: ItemPath) { source?.willDisplayRow(at: path) }

    /// The chain's section index titles, or nil for none.
    public func sectionIndexTitles() -> [String]? { source?.sectionIndexTitles() }

    /// The section the index title `title` scrolls to.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
      source?.section(forSectionIndexTitle: title, at: index) ?? index
    }

    /// The chain's swipe actions of the row at `path` on `edge`.
    public func swipeActions(_ edge: SwipeEdge, forRowAt path: ItemPath) -> [SwipeAction]? {
      source?.swipeActions(edge, forRowAt: path)
    }

    /// Calls the chain's `prefetch` with the rows' items.
    public func prefetchRows(at paths: [ItemPath]) { source?.prefetchRows(at: paths) }

    /// Calls the chain's `cancelPrefetching` with the rows' items.
    public func cancelPrefetchingForRows(at paths: [ItemPath]) {
      source?.cancelPrefetchingForRows(at: paths)
    }

    /// The table answers to another data source now: this one stops driving it.
    public func tableDidDisconnect() { source?.tableDidDisconnect() }
  }
}
