public import CatenaDiff

extension SectionedDataSource {
  /// Shows items in cells of `type`, registered on the bound table for `reuseIdentifier` and
  /// dequeued (reused) for each row; `configure` sets one up for its row and item.
  ///
  /// ```swift
  /// .configureCell(ArticleCell.self) { cell, path, article in
  ///   cell.title = article.title
  /// }
  /// .configureCell(AdCell.self, when: { $0.isAd }) { cell, _, ad in
  ///   cell.banner = ad.banner
  /// }
  /// ```
  ///
  /// A kind given with `when` shows the items it accepts (the first such kind, in the order
  /// given); the kind given without `when` shows every other item (giving it again replaces
  /// it). A row without an item (count closures without ``item(_:)``) gets the kind without
  /// `when`, and `configure` is not called for it: use the `(cell, path)` form.
  ///
  /// **Content is diffed; behaviour is not.** `configure` runs when a row's cell is made or its
  /// item's content changed; a cell whose item is equal keeps what `configure` set. What a
  /// cell *does* (a tap handler, a binding to the screen) goes in `behaviors`, which runs after
  /// `configure` and again for every cell on screen after each apply, reload and batch
  /// update, even when nothing visible changed: a cell never calls a closure an earlier apply
  /// gave it.
  ///
  /// ```swift
  /// .configureCell(ArticleCell.self) { cell, _, article in
  ///   cell.title = article.title
  /// } behaviors: { cell, _, article in
  ///   cell.onLike = { [weak self] in self?.like(article) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the cell class: a `UITableViewCell` (or `UICollectionViewCell`) subclass on
  ///     UIKit, a `HeadlessCell` headless.
  ///   - reuseIdentifier: the identifier the class is registered and dequeued under; by
  ///     default the class's name (give one only to keep two pools of the same class apart).
  ///   - accepts: which items the kind shows; nil: every item no other kind accepts.
  ///   - configure: sets up a dequeued cell for its row and item.
  ///   - behaviors: sets what the cell does; run after `configure` and after every update.
  @discardableResult
  public func configureCell<Cell: AnyObject>(
    _ type: Cell.Type, reuseIdentifier: String = String(reflecting: Cell.self),
    when accepts: ((Item) -> Bool)? = nil,
    _ configure: @escaping (Cell, ItemPath, Item) -> Void,
    behaviors: ((Cell, ItemPath, Item) -> Void)? = nil
  ) -> Self {
    addKind(
      type, reuseIdentifier, accepts, Self.forItems(configure),
      behaviors: behaviors.map(Self.forItems))
  }

  /// `body` for the kind's type-erased closures: called for a cell of `Cell` with an item.
  private static func forItems<Cell: AnyObject>(
    _ body: @escaping (Cell, ItemPath, Item) -> Void
  ) -> (Any, ItemPath, Item?) -> Void {
    { cell, path, item in
      guard let cell = cell as? Cell, let item else { return }
      body(cell, path, item)
    }
  }

  /// Shows rows in cells of `type`, configured for their row only: the original article's
  /// style, for count closures without ``item(_:)``.
  ///
  /// ```swift
  /// .configureCell(UITableViewCell.self) { cell, path in
  ///   cell.textLabel?.text = names[path.item]
  /// }
  /// ```
  @discardableResult
  public func configureCell<Cell: AnyObject>(
    _ type: Cell.Type, reuseIdentifier: String = String(reflecting: Cell.self),
    _ configure: @escaping (Cell, ItemPath) -> Void
  ) -> Self {
    addKind(type, reuseIdentifier, nil) { cell, path, _ in
      guard let cell = cell as? Cell else { return }
      configure(cell, path)
    }
  }

  func addKind(
    _ type: AnyClass, _ identifier: String, _ accepts: ((Item) -> Bool)?,
    _ configure: @escaping (Any, ItemPath, Item?) -> Void,
    behaviors: ((Any, ItemPath, Item?) -> Void)? = nil
  ) -> Self {
    guard !isInvalidated else { return self }
    let kind = CellKind(
      identifier: identifier, cellClass: type, accepts: accepts, configure: configure,
      behaviors: behaviors)
    if accepts == nil {
      defaultKind = kind
    } else {
      cellKinds.append(kind)
    }
    binding?.register(type, identifier)
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

  /// The header title of a section (by index and, with snapshots, id): the one place a
  /// section title is given. With snapshots, each apply reads it again, and a section whose
  /// title changed has its header refreshed (not its rows).
  ///
  /// ```swift
  /// dataSource.headerTitle { _, day in day.map { "\($0)" } }
  /// ```
  @discardableResult
  public func headerTitle(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
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

  /// The footer title of a section (by index and, with snapshots, id); like
  /// ``headerTitle(_:)``.
  @discardableResult
  public func footerTitle(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
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
  /// `didDelete(_:)` or ``didMove(_:)`` is set.
  @discardableResult
  public func canEdit(_ body: @escaping (ItemPath, Item?) -> Bool) -> Self {
    if !isInvalidated { canEdit = body }
    return self
  }

  /// Called after the user deleted a row. With snapshots the data source has already removed
  /// the item from its snapshot and the table (animated); `body` updates the app's own model.
  @discardableResult
  public func didDelete(_ body: @escaping (ItemPath, Item) -> Void) -> Self {
    if !isInvalidated { deleteHandler = body }
    return self
  }

  /// Called when the user deleted a row in the count-closure style: update the model and the
  /// table (for example with ``performUpdates(_:commit:)``).
  @discardableResult
  public func didDelete(_ body: @escaping (ItemPath) -> Void) -> Self {
    if !isInvalidated { countDeleteHandler = body }
    return self
  }

  /// Called after the user moved a row. With snapshots the data source has already moved the
  /// item in its snapshot; `body` updates the app's own model.
  @discardableResult
  public func didMove(_ body: @escaping (ItemPath, ItemPath, Item?) -> Void) -> Self {
    if !isInvalidated { moveHandler = body }
    return self
  }

  /// The buttons a swipe on `edge` of a row reveals (rows without an item reveal none).
  /// Actions on the trailing edge replace the Delete that `didDelete(_:)` offers; include
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

  /// The context menu a long press on a row shows (rows without an item, and a pager's
  /// status rows, show none); nil for a row without one.
  ///
  /// ```swift
  /// .contextMenu { _, mail in
  ///   ContextMenu(actions: [MenuAction("Archive") { archive(mail) }])
  /// }
  /// ```
  @discardableResult
  public func contextMenu(_ body: @escaping (ItemPath, Item) -> ContextMenu?) -> Self {
    if !isInvalidated { contextMenuBuilder = body }
    return self
  }

  /// Called when the table expects to show rows soon (UIKit's prefetching), with their paths
  /// (nearest first) and the items of those that have one: start loading what they show.
  /// UIKit asks from inside its layout pass, so `handler` runs on the next main-actor turn,
  /// after the pass, in the order UIKit asked (with the paths as they were then).
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
  /// scrolled the other way): cancel what was started for them. Like ``prefetch(_:)``, on
  /// the next main-actor turn, after the layout pass UIKit says so from.
  @discardableResult
  public func cancelPrefetching(_ body: @escaping ([ItemPath], [Item]) -> Void) -> Self {
    if !isInvalidated { cancelPrefetchHandler = body }
    return self
  }

  /// Called when a row comes on screen, with its item (nil in count mode without ``item(_:)``).
  /// UIKit says so from inside its layout pass, so `handler` runs on the next main-actor
  /// turn, after the pass, in order (with the path as it was then).
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
