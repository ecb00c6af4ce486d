public import CatenaDataSource
import CatenaDiff

extension PagedList where Item: Identifiable & Equatable {
  /// Shows the list in `section` of `dataSource`: every page becomes an animated batch update
  /// (the first one a reload), and rows coming on screen within `distance` rows of the end
  /// load the next page, so scrolling loads pages; so do rows the table prefetches (UIKit's
  /// prefetching, `HeadlessTable.prefetchDistance`), which starts the page earlier. After each page the rows on screen are
  /// checked again, so a page that does not fill the screen is followed by the next at once.
  ///
  /// ```swift
  /// // A stored property of the screen: the table and the list hold it weakly.
  /// dataSource = SectionedDataSource<String, House, HouseCell>()
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
    // Rebuilt from the sections shown each time, so the drops it records are this page's
    // view of the list only (a snapshot value keeps every drop of its history).
    let show: () -> Void = { [weak self, weak dataSource] in
      guard let self, let dataSource else { return }
      do throws(DataSourceError) {
        var snapshot = Snapshot<SectionID, Item>()
        for shown in dataSource.snapshot?.sections ?? [] {
          try snapshot.appendSection(
            shown.model.id, header: shown.model.header, footer: shown.model.footer)
          if shown.model.id != section { try snapshot.appendItems(shown.items) }
        }
        if !snapshot.sectionIDs.contains(section) { try snapshot.appendSection(section) }
        try snapshot.appendItems(self.items, toSection: section, duplicates: duplicates)
        binding.droppedDuplicates = snapshot.droppedDuplicates
        try dataSource.apply(snapshot)
      } catch {
        binding.errors.append(error)
      }
    }
    let rowCount = { [weak dataSource] () -> Int in
      guard let snapshot = dataSource?.snapshot,
        let index = snapshot.sectionIDs.firstIndex(of: section)
      else { return 0 }
      return snapshot.sections[index].items.count
    }
    // Rows displayed (or, with nil, those on screen) or prefetched near the end load the
    // next page; a displayed row lifts a pause that is not a failure, a prefetched one
    // (which the table also asks for after updates, without a scroll) does not.
    let check: ([ItemPath]?, Bool) -> Void = { [weak self, weak dataSource] paths, scrolled in
      guard let self, let dataSource, self.canLoadNextPage,
        let sectionIndex = dataSource.snapshot?.sectionIDs.firstIndex(of: section)
      else { return }
      let rows = dataSource.numberOfRows(inSection: sectionIndex)
      let candidates = paths ?? dataSource.visibleItemPaths
      if candidates.contains(where: { $0.section == sectionIndex && $0.item >= rows - distance }) {
        self.autoLoadNextPage(byScrolling: scrolled)
      }
    }
    dataSource.displayObservers.append { path in check([path], true) }
    dataSource.prefetchObservers.append { paths in check(paths, false) }
    var grew = false
    listeners.append { [weak self] event in
      guard let self else { return }
      switch event {
      case .contentChanged:
        let before = rowCount()
        show()
        grew = rowCount() > before
        return
      case .footerEnded(hasMore: true) where !self.isAbandoning:
        // A next page that added no row would be followed by the same forever.
        if !grew, let page = self.lastLoadedPage { self.autoLoadPause = .noNewRows(page: page) }
      case .footerEnded(hasMore: true), .headerEnded(hasMore: true):
        break
      default:
        return
      }
      grew = false
      check(nil, false)
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
  /// The list's items left out of the table because their id was already shown, with both
  /// positions, as of the latest page (at most one entry per item of the list).
  public internal(set) var droppedDuplicates: [DataSourceError] = []
  /// Errors the data source reported (a duplicate under `.fail`, a rejected batch); the table
  /// then shows the last snapshot it could.
  public internal(set) var errors: [DataSourceError] = []

  init() {}
}
