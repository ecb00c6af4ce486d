public import CatenaDataSource
import CatenaPaging

extension Outline {
  /// Where an item sits in the tree: under `parent` (nil: among the roots), at `index` among
  /// its siblings.
  public struct Place: Hashable, Sendable {
    /// The parent's id; nil for a root.
    public var parent: Item.ID?
    /// The item's index among its siblings.
    public var index: Int

    /// The place at `index` under `parent` (nil: among the roots); made by the outline.
    package init(parent: Item.ID?, index: Int) {
      self.parent = parent
      self.index = index
    }
  }

  /// Lets the user reorder the rows of nodes (the reorder control, a collection list's
  /// reorder accessory, a drag): an item may go under a parent (nil: among the roots) when
  /// `rule` says so. Where a row is held, it goes at the deepest place the rows around it
  /// allow and the rule accepts (a row held just under an open folder goes into it first);
  /// where no place is accepted the row stays where it was. Its children go with it.
  ///
  /// ```swift
  /// files.canPlace { item, parent in parent?.isFolder ?? true }
  ///   .didPlace { item, place in api.move(item, to: place.parent, at: place.index) }
  /// ```
  ///
  /// Without a rule, rows do not move. The data source's `canEdit(_:)` can keep some rows in
  /// place.
  ///
  /// Rows reorder while the list edits. Folders open and close from their chevron then too
  /// (leading in the row, beside the reorder control); a tap on the row itself, which opens a
  /// folder or retries a failed load, selects nothing while a UIKit list edits unless the
  /// app sets `allowsSelectionDuringEditing`.
  @discardableResult
  public func canPlace(_ rule: @escaping (_ item: Item, _ parent: Item?) -> Bool) -> Self {
    placementRule = rule
    return self
  }

  /// Calls `body` after the user moved an item, with its new place (the tree already holds
  /// it there).
  @discardableResult
  public func didPlace(_ body: @escaping (_ item: Item, _ place: Place) -> Void) -> Self {
    moveHandler = body
    return self
  }

  /// Inserts `nodes` where a drop between shown rows lands: before the row at `row` (the
  /// count of rows: at the end), at the deepest place the rows around allow and the
  /// ``canPlace(_:)`` rule accepts for every one of them (without a rule, any place).
  ///
  /// ```swift
  /// // UICollectionViewDropDelegate
  /// let row = coordinator.destinationIndexPath?.item ?? files.rows.count
  /// try files.drop(nodes, at: row)
  /// ```
  ///
  /// - Returns: where the nodes went, or nil when no place accepts them (nothing changes).
  /// - Throws: `DataSourceError` of kind `duplicateItemID` when a node repeats an id of the
  ///   tree or of another node (nothing changes), or what the bound data source's apply throws.
  @discardableResult
  public func drop(
    _ nodes: [OutlineNode<Item>], at row: Int, animated: Bool = true
  ) throws(DataSourceError) -> Place? {
    let shown = shownRows?() ?? rows
    guard !nodes.isEmpty, row >= 0, row <= shown.count else { return nil }
    guard
      let place = place(
        nodes.map { $0.item }, above: row > 0 ? shown[row - 1] : nil,
        below: row < shown.count ? shown[row] : nil, in: roots)
    else { return nil }
    var tree = roots
    tree.insert(nodes, at: place)
    try apply(tree, animated: animated)
    return place
  }

  /// Where the row dragged from `source` may drop when held over `proposed`, among `shown`
  /// (the rows on screen): `proposed` when a place accepts it, else `source`.
  func target(from source: Int, proposed: Int, shown: [OutlineRow<Item>]) -> Int {
    guard placementRule != nil, shown.indices.contains(source),
      let moving = shown[source].item
    else { return source }
    var others = shown
    others.remove(at: source)
    guard proposed >= 0, proposed <= others.count else { return source }
    var tree = roots
    guard tree.remove(moving.id) != nil else { return source }
    let above = proposed > 0 ? others[proposed - 1] : nil
    let below = proposed < others.count ? others[proposed] : nil
    return place([moving], above: above, below: below, in: tree) == nil
      ? source : proposed
  }

  /// The user dropped the row of `item` at `row` of `shown` (the rows on screen, the move
  /// made): the node moves in the tree to the place the rows around it give. When the tree
  /// changed during the drag so that no place accepts it, it stays where the tree has it.
  func moved(_ item: Item, to row: Int, shown: [OutlineRow<Item>]) {
    var tree = roots
    guard let node = tree.remove(item.id), shown.indices.contains(row),
      let place = place(
        [item], above: row > 0 ? shown[row - 1] : nil,
        below: row + 1 < shown.count ? shown[row + 1] : nil, in: tree)
    else {
      showOrSay(animated: true)  // the rows of the tree, as it is
      return
    }
    tree.insert([node], at: place)
    try? apply(tree, animated: true)
    moveHandler?(node.item, place)
  }

  /// The deepest place for `items` between the rows `above` and `below` in `tree` (`moving`
  /// taken out of it), that the rows allow and the rule accepts: into an open node just
  /// above, then after the node above or one of its ancestors, as long as the row below is
  /// no deeper than the node it would follow. Nil when none is accepted (a row held inside
  /// the subtree of `moving` finds none: that subtree is not in `tree`).
  private func place(
    _ items: [Item], above: OutlineRow<Item>?, below: OutlineRow<Item>?,
    in tree: [OutlineNode<Item>]
  ) -> Place? {
    let belowDepth = below?.depth ?? 0
    guard let above else { return accepts(items, under: nil) ? Place(parent: nil, index: 0) : nil }
    // The node the row above belongs to, and how deep it shows.
    var anchor: Item.ID
    var depth: Int
    switch above {
    case .item(let item, let shownDepth, _):
      anchor = item.id
      depth = shownDepth
      if expandedIDs.contains(item.id), let node = tree.node(item.id), node.children != nil,
        accepts(items, under: node.item)
      {
        return Place(parent: item.id, index: 0)
      }
    case .loading(let parent, let shownDepth), .loadFailed(_, let parent, let shownDepth):
      anchor = parent
      depth = shownDepth - 1
    }
    while let location = tree.location(of: anchor) {
      if below == nil || belowDepth <= depth {
        let parent = location.parent.flatMap { tree.node($0)?.item }
        if accepts(items, under: parent) {
          return Place(parent: location.parent, index: location.index + 1)
        }
      }
      guard let parent = location.parent else { return nil }
      anchor = parent
      depth -= 1
    }
    return nil
  }

  /// Whether the rule lets every one of `items` go under `parent`.
  private func accepts(_ items: [Item], under parent: Item?) -> Bool {
    guard let placementRule else { return true }
    return items.allSatisfy { placementRule($0, parent) }
  }
}

extension Array {
  /// Where the node with `id` is: its parent's id and its index among its siblings.
  func location<Item>(
    of id: Item.ID, parent: Item.ID? = nil
  ) -> Outline<Item>.Place? where Element == OutlineNode<Item> {
    for (index, node) in enumerated() {
      if node.item.id == id { return Outline<Item>.Place(parent: parent, index: index) }
      if let found = node.children?.location(of: id, parent: node.item.id) { return found }
    }
    return nil
  }

  /// Takes the node with `id` (and its subtree) out of the forest.
  mutating func remove<Item>(_ id: Item.ID) -> OutlineNode<Item>?
  where Element == OutlineNode<Item> {
    for index in indices {
      if self[index].item.id == id { return remove(at: index) }
      if let found = self[index].children?.remove(id) { return found }
    }
    return nil
  }

  /// Puts `nodes` at `place` (an index past the end appends).
  mutating func insert<Item>(_ nodes: [OutlineNode<Item>], at place: Outline<Item>.Place)
  where Element == OutlineNode<Item> {
    guard let parent = place.parent else {
      insert(contentsOf: nodes, at: Swift.min(place.index, count))
      return
    }
    for index in indices {
      if self[index].item.id == parent, var children = self[index].children {
        children.insert(contentsOf: nodes, at: Swift.min(place.index, children.count))
        self[index].children = children
        return
      }
      self[index].children?.insert(nodes, at: place)
    }
  }
}
