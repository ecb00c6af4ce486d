import CatenaDiff

extension SectionedDataSource {
  /// Scrolls the bound table so that the item with `id` rests at `position`.
  ///
  /// ```swift
  /// try dataSource.apply(snapshot)
  /// try dataSource.scroll(to: unread.id, at: .middle, animated: false)
  /// ```
  ///
  /// Called before the table can scroll (not bound, not in a window, not yet laid out at a
  /// size, from a closure during an apply, while an apply waits for a held row), the scroll
  /// waits and is made once it can: at the table's first layout, after the apply, or on
  /// binding. A later call replaces a scroll that waits; one whose item an apply removed is
  /// dropped.
  ///
  /// - Throws: ``DataSourceError`` of kind `unknownItem` when the snapshot applied last (shown,
  ///   or kept to show once the table can take it) has no item with `id`, or none was applied.
  public func scroll(
    to id: Item.ID, at position: RowPosition = .top, animated: Bool = true
  ) throws(DataSourceError) {
    guard !isInvalidated else { return }
    guard latestSnapshot?.path(of: id) != nil else {
      throw DataSourceError(kind: .unknownItem, id: "\(id)")
    }
    pendingScroll = (id, position, animated)
    if !isPerforming, layoutCallbackDepth == 0 { performPendingScroll() }
  }

  /// Makes the scroll that waits, if the table can now; it keeps waiting otherwise (an apply
  /// kept for later, whose snapshot has the item, shows first).
  func performPendingScroll() {
    guard let pending = pendingScroll, let binding, !isInvalidated else { return }
    guard latestSnapshot?.path(of: pending.id) != nil else {
      pendingScroll = nil
      return
    }
    guard pendingWork == nil, let path = shownSnapshot?.path(of: pending.id) else { return }
    if binding.scrollToRow(path, pending.position, pending.animated) { pendingScroll = nil }
  }

  /// A row came on screen during the table's layout: a scroll that waits is made on the next
  /// main-actor turn (a table may not scroll inside its own layout).
  func schedulePendingScroll() {
    guard pendingScroll != nil, pendingScrollTask == nil else { return }
    pendingScrollTask = Task { @MainActor [weak self] in
      guard let self else { return }
      self.pendingScrollTask = nil
      self.performPendingScroll()
      self.updateImpressions(settle: true)
    }
  }
}
