import CatenaDataSource
import CatenaDiff

/// Row heights for a ``HeadlessTable`` whose rows are not all `rowHeight` tall.
///
/// A data source that adopts this protocol is asked for every row's height on each layout
/// (O(rows)); without it the table lays out in O(sections), however many rows there are.
@MainActor
protocol HeadlessTableRowHeights: AnyObject {
  /// The height of the row at `path`.
  func table(_ table: HeadlessTable, heightForRowAt path: ItemPath) -> Double
}

extension HeadlessTable {
  /// The height of all sections, headers, rows and footers.
  public var contentHeight: Double {
    rowCounts.indices.reduce(0.0) { $0 + sectionHeight($1) }
  }

  /// Scrolls so that `offset` is at the top of the viewport (clamped to the content).
  public func scroll(toOffset offset: Double) {
    let clamped = min(max(offset, 0), max(contentHeight - viewportHeight, 0))
    contentOffset = clamped
    record(.scroll(offset: clamped))
    layOut()
    dataSource?.tableDidScroll(self)
  }

  /// Scrolls to the end of the content.
  public func scrollToBottom() { scroll(toOffset: .infinity) }

  /// The titles of the section index down the table's edge (empty without one).
  public var sectionIndexTitles: [String] { dataSource?.sectionIndexTitles(for: self) ?? [] }

  /// Simulates a tap on the section index title at `index`: the table scrolls so that the
  /// section the data source names starts at the top of the viewport.
  public func tapSectionIndex(at index: Int) {
    let titles = sectionIndexTitles
    guard titles.indices.contains(index), let dataSource else { return }
    let section = dataSource.table(self, sectionForSectionIndexTitle: titles[index], at: index)
    guard rowCounts.indices.contains(section) else { return }
    scroll(toOffset: (0..<section).reduce(0.0) { $0 + sectionHeight($1) })
  }

  /// The height of a section: its header, rows and footer.
  func sectionHeight(_ section: Int) -> Double {
    headerHeight(section) + rowsHeight(section) + footerHeight(section)
  }

  /// Where the row at `path` starts in the content.
  func top(of path: ItemPath) -> Double {
    var offset = (0..<path.section).reduce(0.0) { $0 + sectionHeight($1) }
    offset += headerHeight(path.section)
    if rowHeightSource == nil { return offset + Double(path.item) * rowHeight }
    for item in 0..<path.item { offset += height(of: ItemPath(item: item, section: path.section)) }
    return offset
  }

  /// The rows the viewport shows now, in order.
  func visiblePaths() -> [ItemPath] {
    let top = contentOffset
    let bottom = contentOffset + viewportHeight
    var paths: [ItemPath] = []
    var y = 0.0
    let heights = rowHeightSource
    for section in rowCounts.indices {
      y += headerHeight(section)
      let rows = rowCounts[section]
      if let heights {
        for item in 0..<rows {
          let path = ItemPath(item: item, section: section)
          let height = heights.table(self, heightForRowAt: path)
          if y + height > top && y < bottom && height > 0 { paths.append(path) }
          y += height
          if y >= bottom { break }
        }
      } else if rowHeight > 0 {
        // Floor and ceiling by integer conversion: no libm for a Foundation-free module.
        let first = Int(max(0, min((top - y) / rowHeight, Double(rows))))
        let end = max(0, min((bottom - y) / rowHeight, Double(rows)))
        let last = Int(end) + (Double(Int(end)) < end ? 1 : 0)
        if first < last {
          for item in first..<last { paths.append(ItemPath(item: item, section: section)) }
        }
        y += Double(rows) * rowHeight
      }
      y += footerHeight(section)
      if y >= bottom { break }
    }
    return paths
  }

  /// Brings the visible cells in line with the viewport: rows that left go back to the pool,
  /// rows that arrived are configured by the data source, which then hears that they are
  /// displayed (once the layout is consistent, so it may change the table in response).
  func layOut() {
    refreshTitles()
    let wanted = visiblePaths()
    let wantedSet = Set(wanted)
    for path in visibleCells.keys.sorted() where !wantedSet.contains(path) { retireCell(at: path) }
    let arrived = wanted.filter { visibleCells[$0] == nil && showCell(at: $0) }
    layOutSectionViews()
    for path in arrived { dataSource?.table(self, willDisplayRowAt: path) }
    updatePrefetching(visible: wanted)
  }

  /// Asks the data source for the cell of the row at `path` and puts it on screen.
  @discardableResult
  func showCell(at path: ItemPath) -> Bool {
    guard let dataSource else { return false }
    do {
      let cell = try dataSource.table(self, cellForRowAt: path)
      record(.configure(path: path))
      cell.isSelected = selection.contains(path)
      cell.isHighlighted = highlighted == path
      visibleCells[path] = cell
      record(.willDisplay(path: path))
      return true
    } catch {
      if layoutError == nil { layoutError = error }
      return false
    }
  }

  /// The first error a data source threw while configuring a cell, cleared by reading it.
  public func takeLayoutError() -> (any Error)? {
    defer { layoutError = nil }
    return layoutError
  }

  func refreshTitles() {
    guard let dataSource else {
      headerTitles = []
      footerTitles = []
      headerHeights = []
      footerHeights = []
      return
    }
    headerTitles = rowCounts.indices.map { dataSource.table(self, titleForHeaderInSection: $0) }
    footerTitles = rowCounts.indices.map { dataSource.table(self, titleForFooterInSection: $0) }
    headerHeights = rowCounts.indices.map {
      dataSource.table(self, heightFor: .header, inSection: $0)
        ?? (headerTitles[$0] != nil ? sectionHeaderHeight : 0)
    }
    footerHeights = rowCounts.indices.map {
      dataSource.table(self, heightFor: .footer, inSection: $0)
        ?? (footerTitles[$0] != nil ? sectionFooterHeight : 0)
    }
  }

  func headerHeight(_ section: Int) -> Double {
    section < headerHeights.count ? headerHeights[section] : 0
  }

  func footerHeight(_ section: Int) -> Double {
    section < footerHeights.count ? footerHeights[section] : 0
  }

  /// Who gives row heights: a data source adopting ``HeadlessTableRowHeights``, or a
  /// connected provider that ``TableContentProviding/providesRowHeights`` when it was
  /// connected (a provider that starts giving heights later connects again).
  var rowHeightSource: (any HeadlessTableRowHeights)? {
    if let providerAdapter, dataSource === providerAdapter {
      return providerAdapter.providesRowHeights && providerAdapter.provider != nil
        ? providerAdapter : nil
    }
    return dataSource as? any HeadlessTableRowHeights
  }

  func rowsHeight(_ section: Int) -> Double {
    guard let heights = rowHeightSource else {
      return Double(rowCounts[section]) * rowHeight
    }
    return (0..<rowCounts[section]).reduce(0) {
      $0 + heights.table(self, heightForRowAt: ItemPath(item: $1, section: section))
    }
  }

  func height(of path: ItemPath) -> Double {
    rowHeightSource?.table(self, heightForRowAt: path) ?? rowHeight
  }
}
