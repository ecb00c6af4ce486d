package import CatenaDataSource
import CatenaDiff

extension HeadlessTable {
  /// Makes `provider` answer the table's questions, through an adapter the table owns; the
  /// provider itself is held weakly. Nil disconnects.
  package func connect(_ provider: (any TableContentProviding)?) {
    if let previous = providerAdapter?.provider, previous !== provider {
      previous.tableDidDisconnect()
    }
    guard let provider else {
      providerAdapter = nil
      dataSource = nil
      return
    }
    let adapter = ProviderAdapter(provider)
    providerAdapter = adapter
    dataSource = adapter
    // As a UIKit list reads its new data source: what the provider has shows at once (and
    // rows of an earlier one go).
    if provider.numberOfSections() > 0 || !rowCounts.isEmpty { reloadData() }
  }

  /// The empty-state text of the connected provider when the table has no rows.
  var emptyStateText: String? {
    guard rowCounts.allSatisfy({ $0 == 0 }) else { return nil }
    return providerAdapter?.provider?.emptyStateText
  }
}

/// Forwards a ``HeadlessTable``'s data-source calls to a ``TableContentProviding`` held weakly.
@MainActor
final class ProviderAdapter: HeadlessTableDataSource, HeadlessTableRowHeights {
  weak var provider: (any TableContentProviding)?
  /// Whether the provider gave row heights when it was connected: read once, as UIKit asks
  /// its delegate what it implements only when the delegate is set.
  let providesRowHeights: Bool
  /// Whether the provider gave header or footer views when it was connected.
  let providesSectionViews: Bool

  init(_ provider: any TableContentProviding) {
    self.provider = provider
    providesRowHeights = provider.providesRowHeights
    providesSectionViews = provider.providesSectionViews
  }

  func numberOfSections(in table: HeadlessTable) -> Int { provider?.numberOfSections() ?? 0 }

  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int {
    provider?.numberOfRows(inSection: section) ?? 0
  }

  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell {
    guard let provider else { throw DataSourceError(kind: .unregisteredCell, id: "") }
    let cell = try provider.cell(forRowAt: path)
    guard let headless = cell as? any HeadlessCell else {
      throw DataSourceError(kind: .unexpectedCellType, id: "\(type(of: cell))", incoming: path)
    }
    return headless
  }

  func table(_ table: HeadlessTable, titleForHeaderInSection section: Int) -> String? {
    provider?.titleForHeader(inSection: section)
  }

  func table(_ table: HeadlessTable, titleForFooterInSection section: Int) -> String? {
    provider?.titleForFooter(inSection: section)
  }

  func table(
    _ table: HeadlessTable, viewFor kind: SectionViewKind, inSection section: Int
  ) throws -> (any HeadlessHeaderFooterView)? {
    guard providesSectionViews, let provider, provider.hasView(kind, inSection: section) else {
      return nil
    }
    let view = try provider.view(kind, inSection: section)
    guard let view, let headless = view as? any HeadlessHeaderFooterView else {
      throw DataSourceError(
        kind: .unregisteredView, id: view.map { "\(type(of: $0))" } ?? "nil",
        incoming: ItemPath(item: 0, section: section))
    }
    return headless
  }

  func table(
    _ table: HeadlessTable, heightFor kind: SectionViewKind, inSection section: Int
  ) -> Double? {
    guard providesSectionViews, let provider, provider.hasView(kind, inSection: section) else {
      return nil
    }
    return provider.height(of: kind, inSection: section)
      ?? (kind == .header ? table.sectionHeaderHeight : table.sectionFooterHeight)
  }

  func table(_ table: HeadlessTable, heightForRowAt path: ItemPath) -> Double {
    provider?.heightForRow(at: path) ?? table.rowHeight
  }

  func table(_ table: HeadlessTable, canEditRowAt path: ItemPath) -> Bool {
    provider?.canEditRow(at: path) ?? false
  }

  func table(_ table: HeadlessTable, canDeleteRowAt path: ItemPath) -> Bool {
    provider?.canDeleteRow(at: path) ?? false
  }

  func table(_ table: HeadlessTable, canMoveRowAt path: ItemPath) -> Bool {
    provider?.canMoveRow(at: path) ?? false
  }

  func table(_ table: HeadlessTable, commitDeleteAt path: ItemPath) throws {
    try provider?.commitDelete(at: path)
  }

  func table(
    _ table: HeadlessTable, targetForMoveFrom source: ItemPath, proposed: ItemPath
  ) -> ItemPath {
    provider?.targetForMove(from: source, proposed: proposed) ?? source
  }

  func table(_ table: HeadlessTable, moveRowAt source: ItemPath, to destination: ItemPath) {
    provider?.moveRow(at: source, to: destination)
  }

  func tableDidEndReorder(_ table: HeadlessTable) { provider?.endReorder() }

  func table(_ table: HeadlessTable, didSelectRowAt path: ItemPath) {
    provider?.didSelectRow(at: path)
  }

  func table(_ table: HeadlessTable, didDeselectRowAt path: ItemPath) {
    provider?.didDeselectRow(at: path)
  }

  func table(_ table: HeadlessTable, willDisplayRowAt path: ItemPath) {
    // Every row that comes on screen was configured for it: no cell to catch up.
    provider?.willDisplayRow(at: path, cell: nil)
  }

  func tableDidScroll(_ table: HeadlessTable) { provider?.didScroll() }

  func sectionIndexTitles(for table: HeadlessTable) -> [String]? {
    provider?.sectionIndexTitles()
  }

  func table(
    _ table: HeadlessTable, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int {
    provider?.section(forSectionIndexTitle: title, at: index) ?? index
  }

  func table(
    _ table: HeadlessTable, swipeActions edge: SwipeEdge, forRowAt path: ItemPath
  ) -> [SwipeAction]? {
    provider?.swipeActions(edge, forRowAt: path)
  }

  func table(_ table: HeadlessTable, prefetchRowsAt paths: [ItemPath]) {
    provider?.prefetchRows(at: paths)
  }

  func table(_ table: HeadlessTable, cancelPrefetchingForRowsAt paths: [ItemPath]) {
    provider?.cancelPrefetchingForRows(at: paths)
  }
}
