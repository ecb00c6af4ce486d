public import CatenaDiff

extension SectionedDataSource {
  /// The number of sections shown.
  package func numberOfSections() -> Int {
    guard !isInvalidated else { return 0 }
    if usesSnapshot { return displayed.count }
    if let sectionsCount { return sectionsCount() }
    return rowsCount == nil ? 0 : 1
  }

  /// The number of rows shown in `section`.
  @usableFromInline package func numberOfRows(inSection section: Int) -> Int {
    guard !isInvalidated else { return 0 }
    if usesSnapshot {
      return displayed.indices.contains(section) ? displayed[section].items.count : 0
    }
    return rowsCount?(section) ?? 0
  }

  /// Dequeues the cell kind that shows the row's item from the bound table and configures it.
  ///
  /// - Throws: ``DataSourceError`` when the data source is not bound or the table cannot
  ///   dequeue the cell.
  package func cell(forRowAt path: ItemPath) throws -> Any {
    guard !isInvalidated, let binding else {
      throw DataSourceError(kind: .unregisteredCell, id: "(not bound to a table)", incoming: path)
    }
    let item = item(at: path)
    guard let kind = kind(for: item) else {
      throw DataSourceError(
        kind: .unregisteredCell, id: "(no configureCell shows this row's item)", incoming: path)
    }
    let cell = try binding.dequeue(kind.identifier, path)
    kind.configure?(cell, path, item)
    kind.behaviors?(cell, path, item)
    for decorate in cellDecorators.values { decorate(cell, item) }
    if let outline = outline(forRowAt: path) { binding.showOutline(outline, cell) }
    lastConfiguredCell = ObjectIdentifier(cell as AnyObject)
    return cell
  }

  /// Sets the behaviours of every cell on screen again (``configureCell(_:reuseIdentifier:when:_:behaviors:)``):
  /// after an update, a cell whose content did not change still gets the closures of now.
  func resetBehaviors() {
    guard !isInvalidated, let binding,
      cellKinds.contains(where: { $0.behaviors != nil }) || defaultKind?.behaviors != nil
    else { return }
    for path in binding.visible() {
      guard let cell = binding.cell(path) else { continue }
      let item = item(at: path)
      kind(for: item)?.behaviors?(cell, path, item)
    }
  }

  /// The cell showing the item with `id`, when its row is on screen.
  package func visibleCell(for id: Item.ID) -> Any? {
    guard let path = shownSnapshot?.path(of: id) else { return nil }
    return binding?.cell(path)
  }

  /// The reuse identifier of the cell kind that shows `item`.
  func kindIdentifier(for item: Item) -> String? {
    kind(for: item)?.identifier
  }

  /// The cell kind that shows `item`: the first kind given with a `when` that accepts it, else
  /// the kind given without one (which also shows a row without an item).
  func kind(for item: Item?) -> CellKind? {
    item.flatMap { item in cellKinds.first { $0.accepts?(item) == true } } ?? defaultKind
  }

  /// The header of `section`: what the ``headerTitle(_:)`` closure gives.
  package func titleForHeader(inSection section: Int) -> String? {
    guard !isInvalidated else { return nil }
    return headerText?(section, sectionID(at: section))
  }

  /// The footer of `section`: what the ``footerTitle(_:)`` closure gives.
  package func titleForFooter(inSection section: Int) -> String? {
    guard !isInvalidated else { return nil }
    return footerText?(section, sectionID(at: section))
  }

  /// The titles the chain gives the sections of `target` now, by section id.
  func titles(of target: Content) -> [SectionID: SectionTitles] {
    guard headerText != nil || footerText != nil else { return [:] }
    var titles: [SectionID: SectionTitles] = [:]
    for (index, section) in target.sections.enumerated() {
      let id = section.model.id
      titles[id] = SectionTitles(
        header: headerText?(index, id), footer: footerText?(index, id))
    }
    return titles
  }
  /// The titles of the section index, top to bottom, with the section each one scrolls to;
  /// empty without a ``sectionIndexTitle(_:)`` closure.
  func sectionIndex() -> [(title: String, section: Int)] {
    guard !isInvalidated, let indexTitle else { return [] }
    return (0..<numberOfSections()).compactMap { section in
      indexTitle(section, sectionID(at: section)).map { ($0, section) }
    }
  }

  /// The ``sectionIndexTitle(_:)`` titles, or nil when there is no section index (no
  /// closure, or no section has a title).
  package func sectionIndexTitles() -> [String]? {
    guard indexTitle != nil else { return nil }
    let titles = sectionIndex().map { $0.title }
    return titles.isEmpty ? nil : titles
  }

  /// The section the index title `title` scrolls to: the first section with that title, else
  /// (an index read before the sections changed) the entry at `index`, kept within the
  /// sections there are.
  package func section(forSectionIndexTitle title: String, at index: Int) -> Int {
    let entries = sectionIndex()
    if let entry = entries.first(where: { $0.title == title }) { return entry.section }
    if !entries.isEmpty { return entries[min(max(index, 0), entries.count - 1)].section }
    return min(max(index, 0), max(numberOfSections() - 1, 0))
  }

  /// Whether a ``rowHeight(_:)`` closure is set.
  package var providesRowHeights: Bool { !isInvalidated && rowHeight != nil }

  /// The ``rowHeight(_:)`` of the row at `path`.
  package func heightForRow(at path: ItemPath) -> Double? {
    guard !isInvalidated else { return nil }
    return rowHeight?(path, item(at: path))
  }

  /// Whether the user may edit the row at `path`: delete it, move it, or swipe it for the
  /// actions of a ``swipeActions(_:_:)`` closure (UIKit shows no swipe actions on a row its
  /// data source says is not editable).
  package func canEditRow(at path: ItemPath) -> Bool {
    canDeleteRow(at: path) || canMoveRow(at: path)
      || (!swipeActionBuilders.isEmpty && isEditableContent(at: path))
  }

  /// Whether the user may delete the row at `path`: an `didDelete(_:)` is set (and
  /// ``canEdit(_:)``, if set, allows the row).
  package func canDeleteRow(at path: ItemPath) -> Bool {
    guard !isInvalidated, deleteHandler != nil || countDeleteHandler != nil else { return false }
    return isEditableContent(at: path)
  }

  /// Whether the user may move the row at `path`: an ``didMove(_:)`` is set, or a bound
  /// outline reorders its item (and ``canEdit(_:)``, if set, allows the row).
  package func canMoveRow(at path: ItemPath) -> Bool {
    guard !isInvalidated else { return false }
    let canMove = roles(at: path)?.canMove
    guard moveHandler != nil || item(at: path).map({ canMove?($0) == true }) == true else {
      return false
    }
    return isEditableContent(at: path)
  }

  /// Whether the row at `path` is content the user may edit: not a row that only stands for
  /// the list's state (a pager's status, separator, header or placeholder rows), and allowed
  /// by ``canEdit(_:)`` when set.
  func isEditableContent(at path: ItemPath) -> Bool {
    guard !isInvalidated else { return false }
    let item = item(at: path)
    if let roles = roles(at: path), !roles.isContent(item) { return false }
    return canEdit?(path, item) ?? true
  }

  /// Deletes the row's item from the snapshot and the table (animated), then calls
  /// `didDelete(_:)`; in the count-closure style it calls the count `didDelete(_:)` only.
  /// Without an `didDelete(_:)` nothing is deleted: the app would never hear of it.
  package func commitDelete(at path: ItemPath) throws {
    guard canDeleteRow(at: path) else { return }
    guard usesSnapshot, var next = shownSnapshot, let item = item(at: path) else {
      countDeleteHandler?(path)
      return
    }
    try next.deleteItems([item.id])
    try apply(next, animated: true)
    deleteHandler?(path, item)
  }

  /// Moves the item in the snapshot (the table has moved the row), then calls
  /// ``didMove(_:)`` and a bound outline. An apply kept for the end of the reorder is then
  /// diffed against the order the move made.
  /// A row let go where it was lifted (UIKit tells of a move to the same path) moves nothing.
  package func moveRow(at source: ItemPath, to destination: ItemPath) {
    let moved = roles(at: source)?.moved
    guard !isInvalidated, moveHandler != nil || moved != nil, source != destination else {
      return
    }
    guard usesSnapshot, displayed.indices.contains(source.section),
      displayed[source.section].items.indices.contains(source.item),
      displayed.indices.contains(destination.section)
    else {
      // The app moves its model after this call, so the dragged item is still at `source`.
      moveHandler?(source, destination, itemAt?(source))
      return
    }
    var sections = displayed
    let item = sections[source.section].items.remove(at: source.item)
    sections[destination.section].items.insert(
      item, at: min(destination.item, sections[destination.section].items.count))
    displayed = sections
    snapshot = Snapshot(rebuilding: sections)
    version &+= 1
    if case .apply(let target, _, let animated, let keepingPosition, let diff) = pendingWork {
      // A diff made in the background before the move no longer describes what shows.
      pendingWork = .apply(
        target, changes: nil, animated: animated, keepingPosition: keepingPosition, diff: diff)
    }
    moveHandler?(source, destination, item)
    moved?(source, destination, item)
    // The row rests elsewhere: it may show less (or more) than before, with no scroll.
    lookAtImpressionsNextTurn()
  }

  /// The ``swipeActions(_:_:)`` of the row's item on `edge`; nil without a closure for the
  /// edge, empty for a row without an item.
  package func swipeActions(_ edge: SwipeEdge, forRowAt path: ItemPath) -> [SwipeAction]? {
    guard !isInvalidated, let builder = swipeActionBuilders[edge] else { return nil }
    guard isEditableContent(at: path) else { return [] }
    return item(at: path).map { builder(path, $0) } ?? []
  }

  /// Where the row at `path` sits in an outline, when a bound outline says.
  package func outline(forRowAt path: ItemPath) -> RowOutline? {
    guard !isInvalidated, let outline = roles(at: path)?.outline else { return nil }
    return item(at: path).flatMap(outline)
  }

  /// The ``contextMenu(_:)`` of the row's item; nil without one, or for a row that is not
  /// content (no item, a pager's status row).
  package func contextMenu(forRowAt path: ItemPath) -> ContextMenu? {
    guard !isInvalidated, let builder = contextMenuBuilder, let item = item(at: path),
      isContent(at: path)
    else { return nil }
    return builder(path, item)
  }

  /// Tells the bound sections of their rows (a pager loads the pages past them), then, after
  /// the layout pass UIKit asks from, calls ``prefetch(_:)`` with the rows' items (``afterLayout(_:)``).
  package func prefetchRows(at paths: [ItemPath]) {
    guard !isInvalidated else { return }
    duringLayout {
      // Each bound section hears of its own rows, in the order of the sections.
      guard !sectionRoles.isEmpty else { return }
      for section in Set(paths.map(\.section)).sorted() {
        let rows = paths.filter { $0.section == section }
        roles(at: rows[0])?.prefetched?(rows)
      }
    }
    guard let handler = prefetchHandler else { return }
    let items = paths.compactMap { item(at: $0) }
    afterLayout { handler(paths, items) }
  }

  /// Calls ``cancelPrefetching(_:)`` with the rows' items, after the layout pass UIKit says
  /// so from (``afterLayout(_:)``).
  package func cancelPrefetchingForRows(at paths: [ItemPath]) {
    guard !isInvalidated, let handler = cancelPrefetchHandler else { return }
    let items = paths.compactMap { item(at: $0) }
    afterLayout { handler(paths, items) }
  }

  /// Calls `didSelect(_:)` with the row's item. A row that is not content (a pager's status,
  /// separator, header or placeholder rows) is deselected first: a tapped "Tap to retry" does
  /// not stay selected through "Loading…" into "End of list".
  package func didSelectRow(at path: ItemPath) {
    guard !isInvalidated else { return }
    // The row tapped, read before the binding answers (a retry turns a failed row into a
    // loading one): the app hears of the row the user saw.
    let item = item(at: path)
    let content = isContent(at: path)
    roles(at: path)?.selected?(path)
    if !content { binding?.deselect(path) }
    selectHandler?(path, item)
  }

  /// Whether the row at `path` highlights when touched: content does, and a row that is not
  /// content only when it answers a tap (a failed status row; "Loading…" and "End of list"
  /// do not flash as if they did something).
  package func highlightsRow(at path: ItemPath) -> Bool {
    guard !isInvalidated, let roles = roles(at: path) else { return true }
    let item = item(at: path)
    return roles.isContent(item) || roles.answersTap(item)
  }

  /// Deselects the row at `path` on the bound table, animated (a folder row a tap opened).
  package func deselectRow(at path: ItemPath) { binding?.deselect(path) }

  /// Calls ``didDeselect(_:)`` with the row's item.
  package func didDeselectRow(at path: ItemPath) {
    guard !isInvalidated else { return }
    deselectHandler?(path, item(at: path))
  }

  /// Shows on `cell` what an update changed without reconfiguring its row (the behaviours
  /// of now, its place in an outline), then calls ``willDisplay(_:)`` with the row's item and
  /// the internal observers, and looks at what shows (impressions) after the layout pass.
  /// UIKit shows a cell it kept from an earlier showing (a prepared cell, iOS 15) with this
  /// call alone, so this is where such a cell catches up.
  package func willDisplayRow(at path: ItemPath, cell: Any? = nil) {
    guard !isInvalidated else { return }
    duringLayout {
      // A cell configured for this row just now is current; one shown again is not (nor one
      // configured before an update, then kept off screen: only the very next showing of
      // the cell configured last is skipped).
      if let cell {
        let configuredNow = ObjectIdentifier(cell as AnyObject) == lastConfiguredCell
        lastConfiguredCell = nil
        if !configuredNow { refresh(cell, at: path) }
      }
      roles(at: path)?.displayed?(path)
    }
    if let handler = displayHandler {
      let item = item(at: path)
      afterLayout { handler(path, item) }
    }
    // A row can come on screen without a scroll (a row above it shrank): what shows changed.
    lookAtImpressionsNextTurn()
    schedulePendingScroll()
  }

  /// Sets the behaviours of now and the outline place on the cell showing the row at `path`.
  func refresh(_ cell: Any, at path: ItemPath) {
    let item = item(at: path)
    kind(for: item)?.behaviors?(cell, path, item)
    if let outline = outline(forRowAt: path) { binding?.showOutline(outline, cell) }
  }

  /// The paths of the rows the bound table shows, in order (none when unbound).
  @usableFromInline package var visibleItemPaths: [ItemPath] { binding?.visible() ?? [] }

  /// The ``emptyState(_:)`` text.
  package var emptyStateText: String? {
    isInvalidated || sectionRoles.values.contains { !$0.showsEmptyState() } ? nil : emptyText?()
  }

  /// Shows or hides the empty-state text as the table's rows and its bound sections say now.
  @usableFromInline package func updateEmptyState() { binding?.showEmptyState() }
}
