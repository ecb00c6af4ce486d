public import CatenaDataSource
import CatenaDiff

extension PagedList where Item: Identifiable & Equatable {
  /// Shows the list in `section` of `dataSource`: every page becomes an animated batch update
  /// (the first one a reload), and rows coming on screen within `distance` rows of the end
  /// load the next page, so scrolling loads pages. After each page the rows on screen are
  /// checked again, so a page that does not fill the screen is followed by the next at once.
  ///
  /// ```swift
  /// let dataSource = SectionedDataSource<String, House, HouseCell>()
  ///   .bind(table, cell: HouseCell.self, reuseIdentifier: "house")
  ///   .configureCell { cell, path, house in cell.title = house.title }
  /// houses.bind(to: dataSource, section: "houses", emptyText: "No houses yet")
  /// houses.refresh()
  /// ```
  ///
  /// - Parameters:
  ///   - dataSource: the data source; held weakly. Other sections of its snapshot are kept.
  ///   - section: the section the list's items fill (created after the others if missing).
  ///   - distance: how close to the last row a displayed row must be to load the next page.
  ///   - duplicates: what to do with an item whose id is already shown (a page that overlaps
  ///     the previous one after the server's list changed): kept once by default, and
  ///     reported in ``PagingBinding/droppedDuplicates``.
  ///   - emptyText: the text the table shows when the first page came back empty.
  /// - Returns: the binding, which reports what the data source could not show.
  @discardableResult
  public func bind<SectionID: Hashable, Cell: AnyObject>(
    to dataSource: SectionedDataSource<SectionID, Item, Cell>, section: SectionID,
    loadWithin distance: Int = 5, duplicates: DuplicatePolicy = .keepFirst,
    emptyText: String? = nil
  ) -> PagingBinding {
    let binding = PagingBinding()
    let show: () -> Void = { [weak self, weak dataSource] in
      guard let self, let dataSource else { return }
      do throws(DataSourceError) {
        var snapshot = dataSource.snapshot ?? Snapshot()
        if !snapshot.sectionIDs.contains(section) { try snapshot.appendSection(section) }
        let shown = snapshot.sections.first { $0.model.id == section }?.items.map(\.id) ?? []
        try snapshot.deleteItems(shown)
        try snapshot.appendItems(self.items, toSection: section, duplicates: duplicates)
        binding.droppedDuplicates = snapshot.droppedDuplicates
        try dataSource.apply(snapshot)
      } catch {
        binding.errors.append(error)
      }
    }
    let check: (ItemPath?) -> Void = { [weak self, weak dataSource] displayed in
      guard let self, let dataSource, self.canLoadNextPage,
        let sectionIndex = dataSource.snapshot?.sectionIDs.firstIndex(of: section)
      else { return }
      let rows = dataSource.numberOfRows(inSection: sectionIndex)
      let candidates = displayed.map { [$0] } ?? dataSource.visibleItemPaths
      if candidates.contains(where: { $0.section == sectionIndex && $0.item >= rows - distance }) {
        self.loadNextPage()
      }
    }
    dataSource.displayObservers.append { path in check(path) }
    listeners.append { event in
      guard
        event == .contentChanged || event == .footerEnded(hasMore: true)
          || event == .headerEnded(hasMore: true)
      else { return }
      if event == .contentChanged { show() }
      check(nil)
    }
    if let emptyText {
      dataSource.emptyState { [weak self] in self?.state == .empty ? emptyText : nil }
    }
    if !items.isEmpty || lastLoadedPage != nil { show() }
    return binding
  }
}

/// What a paged list's data-source binding could not show as it was.
@MainActor
public final class PagingBinding {
  /// Items left out because their id was already shown, with both positions (from the
  /// latest page).
  public internal(set) var droppedDuplicates: [DataSourceError] = []
  /// Errors the data source reported (a duplicate under `.fail`, a rejected batch); the table
  /// then shows the last snapshot it could.
  public internal(set) var errors: [DataSourceError] = []

  init() {}
}
