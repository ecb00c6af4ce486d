public import CatenaDiff

extension SectionedDataSource {
  /// Configures the bound cell for a row and its item.
  ///
  /// ```swift
  /// .configureCell { cell, path, article in cell.title = article.title }
  /// ```
  @discardableResult
  public func configureCell(_ body: @escaping (Cell, ItemPath, Item) -> Void) -> Self {
    setDefaultConfigure { cell, path, item in
      guard let cell = cell as? Cell, let item else { return }
      body(cell, path, item)
    }
  }

  /// Configures the bound cell for a row, without an item: the original article's style, for
  /// count closures without ``item(_:)``.
  @discardableResult
  public func configureCell(_ body: @escaping (Cell, ItemPath) -> Void) -> Self {
    setDefaultConfigure { cell, path, _ in
      guard let cell = cell as? Cell else { return }
      body(cell, path)
    }
  }

  private func setDefaultConfigure(_ configure: @escaping (Any, ItemPath, Item?) -> Void) -> Self {
    guard !isInvalidated else { return self }
    if let kind = defaultKind {
      defaultKind = CellKind(
        identifier: kind.identifier, cellClass: kind.cellClass, accepts: nil, configure: configure)
    } else {
      pendingDefaultConfigure = configure
    }
    return self
  }

  /// The number of sections, for the count-closure style.
  @discardableResult
  public func sectionsNumber(_ body: @escaping () -> Int) -> Self {
    if !isInvalidated { sectionsCount = body }
    return self
  }

  /// The number of rows in a section, for the count-closure style.
  @discardableResult
  public func rowsNumber(_ body: @escaping (Int) -> Int) -> Self {
    if !isInvalidated { rowsCount = body }
    return self
  }

  /// The item at a path, for the count-closure style (so item-taking closures get it).
  @discardableResult
  public func item(_ body: @escaping (ItemPath) -> Item?) -> Self {
    if !isInvalidated { itemAt = body }
    return self
  }

  /// The header text of a section (by index and, with snapshots, id): the one place a section
  /// title is given. With snapshots, each apply reads it again, and a section whose title
  /// changed has its header refreshed (not its rows).
  ///
  /// ```swift
  /// dataSource.header { _, day in day.map { "\($0)" } }
  /// ```
  @discardableResult
  public func header(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
    if !isInvalidated { headerText = body }
    return self
  }

  /// The section index (the letters down a table's edge): the title of a section (by index
  /// and, with snapshots, id) in the index, or nil to leave the section out of it. Tapping a
  /// title scrolls to its section.
  ///
  /// ```swift
  /// dataSource.sectionIndexTitle { _, letter in letter }  // sections "A", "B", …
  /// ```
  @discardableResult
  public func sectionIndexTitle(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
    if !isInvalidated { indexTitle = body }
    return self
  }

  /// The footer text of a section (by index and, with snapshots, id); like ``header(_:)``.
  @discardableResult
  public func footer(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
    if !isInvalidated { footerText = body }
    return self
  }

  /// The height of each row; without it every row has the table's row height.
  @discardableResult
  public func rowHeight(_ body: @escaping (ItemPath, Item?) -> Double) -> Self {
    guard !isInvalidated else { return self }
    let hadHeights = rowHeight != nil
    rowHeight = body
    // A table reads once, when the data source is connected, whether rows have heights.
    if !hadHeights { binding?.reconnect() }
    return self
  }

  /// Called when the user selects a row.
  ///
  /// ```swift
  /// .didSelect { path, article in router.open(article) }
  /// ```
  @discardableResult
  public func didSelect(_ body: @escaping (ItemPath, Item) -> Void) -> Self {
    if !isInvalidated {
      selectHandler = { path, item in
        if let item { body(path, item) }
      }
    }
    return self
  }

  /// Called when the user selects a row, without the item (count-closure style).
  @discardableResult
  public func didSelect(_ body: @escaping (ItemPath) -> Void) -> Self {
    if !isInvalidated { selectHandler = { path, _ in body(path) } }
    return self
  }

  /// Called when the user selects a row, with `owner` passed in if it is still alive; the data
  /// source holds `owner` weakly, so the closure needs no capture list.
  ///
  /// ```swift
  /// .didSelect(owner: self) { owner, path, article in owner.show(article) }
  /// ```
  @discardableResult
  public func didSelect<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item) -> Void
  ) -> Self { didSelect(weakly(owner, otherwise: (), body)) }

  /// Called when the user deselects a row.
  @discardableResult
  public func didDeselect(_ body: @escaping (ItemPath, Item) -> Void) -> Self {
    if !isInvalidated {
      deselectHandler = { path, item in
        if let item { body(path, item) }
      }
    }
    return self
  }

  /// Whether the user may delete or move a row; by default rows are editable once
  /// `onDelete(_:)` or ``onMove(_:)`` is set.
  @discardableResult
  public func canEdit(_ body: @escaping (ItemPath, Item?) -> Bool) -> Self {
    if !isInvalidated { canEdit = body }
    return self
  }

  /// Called after the user deleted a row. With snapshots the data source has already removed
  /// the item from its snapshot and the table (animated); `body` updates the app's own model.
  @discardableResult
  public func onDelete(_ body: @escaping (ItemPath, Item) -> Void) -> Self {
    if !isInvalidated { deleteHandler = body }
    return self
  }

  /// Called when the user deleted a row in the count-closure style: update the model and the
  /// table (for example with ``performUpdates(_:commit:)``).
  @discardableResult
  public func onDelete(_ body: @escaping (ItemPath) -> Void) -> Self {
    if !isInvalidated { countDeleteHandler = body }
    return self
  }

  /// Called after the user moved a row. With snapshots the data source has already moved the
  /// item in its snapshot; `body` updates the app's own model.
  @discardableResult
  public func onMove(_ body: @escaping (ItemPath, ItemPath, Item?) -> Void) -> Self {
    if !isInvalidated { moveHandler = body }
    return self
  }

  /// The buttons a swipe on `edge` of a row reveals (rows without an item reveal none).
  /// Actions on the trailing edge replace the Delete that `onDelete(_:)` offers; include
  /// your own destructive action if rows should still be deleted by a swipe. Return an
  /// empty array for a row that reveals nothing.
  ///
  /// ```swift
  /// .swipeActions(.trailing) { _, house in
  ///   [SwipeAction("Delete", style: .destructive) { done in store.remove(house.id); done(true) }]
  /// }
  /// ```
  @discardableResult
  public func swipeActions(
    _ edge: SwipeEdge, _ body: @escaping (ItemPath, Item) -> [SwipeAction]
  ) -> Self {
    if !isInvalidated { swipeActionBuilders[edge] = body }
    return self
  }

  /// Called when the table expects to show rows soon (UIKit's prefetching), with their paths
  /// (nearest first) and the items of those that have one: start loading what they show.
  /// The table is laying out its rows: an apply or reload asked for here runs on the next
  /// main-actor turn.
  ///
  /// ```swift
  /// .prefetch { _, houses in images.prefetch(houses.map(\.photoURL)) }
  /// ```
  @discardableResult
  public func prefetch(_ body: @escaping ([ItemPath], [Item]) -> Void) -> Self {
    if !isInvalidated { prefetchHandler = body }
    return self
  }

  /// Called when rows given to ``prefetch(_:)`` are no longer expected soon (the user
  /// scrolled the other way): cancel what was started for them.
  @discardableResult
  public func cancelPrefetching(_ body: @escaping ([ItemPath], [Item]) -> Void) -> Self {
    if !isInvalidated { cancelPrefetchHandler = body }
    return self
  }

  /// Called when a row comes on screen, with its item (nil in count mode without ``item(_:)``).
  /// The table is laying out its rows: an apply or reload asked for here runs on the next
  /// main-actor turn, when UIKit allows it.
  @discardableResult
  public func willDisplay(_ body: @escaping (ItemPath, Item?) -> Void) -> Self {
    if !isInvalidated { displayHandler = body }
    return self
  }

  /// The text a table shows when there are no rows.
  @discardableResult
  public func emptyState(_ body: @escaping () -> String?) -> Self {
    if !isInvalidated { emptyText = body }
    return self
  }
}
