public import CatenaDataSource
public import CatenaDiff

extension HeadlessTable: TableDriving {
  /// The headless table hands out ``HeadlessCell``s.
  package typealias Cell = any HeadlessCell
  /// Its section views are ``HeadlessHeaderFooterView``s.
  package typealias HeaderFooterView = any HeadlessHeaderFooterView

  /// The paths of the rows on screen, in order.
  public var visibleItemPaths: [ItemPath] { indexPathsForVisibleRows }

  /// The paths of the selected rows, in order.
  public var selectedItemPaths: [ItemPath] { indexPathsForSelectedRows }

  /// The rows on screen, each with how far the viewport's top is below its top.
  public var scrollAnchors: [TableAnchor] {
    visiblePaths().map { TableAnchor(path: $0, offset: contentOffset - top(of: $0)) }
  }

  /// Scrolls so that the viewport's top is `anchor.offset` below the row's top (clamped to the
  /// content, as a scroll view is).
  public func scroll(to anchor: TableAnchor) {
    guard rowCounts.indices.contains(anchor.path.section),
      anchor.path.item < rowCounts[anchor.path.section]
    else { return }
    let offset = top(of: anchor.path) + anchor.offset
    if offset != contentOffset { scroll(toOffset: offset) }
  }

  /// Does nothing: the headless table draws a row's outline when it renders.
  package func show(_ outline: RowOutline, in cell: any HeadlessCell) {}

  /// How much of each row on screen shows, along the table's height.
  package func visibleFractions(settle: Bool) -> [ItemPath: Double] {
    let bottom = contentOffset + viewportHeight
    var fractions: [ItemPath: Double] = [:]
    for path in visiblePaths() {
      let top = top(of: path)
      let height = height(of: path)
      guard height > 0 else { continue }
      fractions[path] = (min(top + height, bottom) - max(top, contentOffset)) / height
    }
    return fractions
  }

  /// Scrolls so that the row at `path` rests at `position` (the headless table is always laid
  /// out); false out of the window or when there is no such row.
  package func scroll(toRowAt path: ItemPath, at position: RowPosition, animated: Bool) -> Bool {
    guard isInWindow, rowCounts.indices.contains(path.section), path.item < rowCounts[path.section]
    else { return false }
    let offset = position.offset(
      forRowAt: top(of: path), length: height(of: path), viewport: viewportHeight,
      offset: contentOffset, content: contentHeight)
    if offset != contentOffset { scroll(toOffset: offset) }
    return true
  }

  /// Whether a row is held (between ``beginDrag(at:)`` and ``endDrag()`` or
  /// ``cancelDrag()``).
  package func isHoldingRows(settling: Bool) -> Bool { drag != nil }

  /// Runs `changes`: the headless table does not animate.
  package func performWithoutAnimation(_ changes: () -> Void) { changes() }

  /// Does nothing: the headless table renders ``TableContentProviding/emptyStateText`` itself.
  package func showEmptyState(_ text: String?) {}

}
