public import CatenaDataSource

/// Rows with children that expand and collapse: a tree whose visible rows (the nodes whose
/// ancestors are all expanded) fill a section of a data source, diffed like any section, so
/// expanding and collapsing are ordinary, minimal batch updates (one batch inserting or
/// deleting the rows that come or go), never a reload. The list shows each row's disclosure
/// from the outline, without reconfiguring it.
///
/// ```swift
/// let files = Outline<File>()
/// files.bind(dataSource, section: "files")
/// try files.apply(tree)
/// try files.expand(documents.id)
/// ```
///
/// Expansion is kept by id across applies: a node that moves to another parent stays
/// expanded; a node an apply removes forgets it was (if it comes back, it comes back
/// collapsed). Expanding a node whose ancestors are collapsed marks it expanded; its children
/// show once they are.
@MainActor
public final class Outline<Item: Identifiable & Sendable & Equatable> where Item.ID: Sendable {
  /// The tree, as last applied.
  public private(set) var roots: [OutlineNode<Item>] = []
  /// The ids of the expanded nodes.
  public private(set) var expandedIDs: Set<Item.ID> = []
  /// Every node's depth and whether it can expand, by id.
  private var nodes: [Item.ID: (depth: Int, expands: Bool)] = [:]
  /// Shows the rows in the bound data source.
  var show: ((_ animated: Bool) throws(DataSourceError) -> Void)?

  /// An empty outline.
  public init() {}

  /// The rows that show: every node whose ancestors are all expanded, in order.
  public var rows: [OutlineRow<Item>] {
    var rows: [OutlineRow<Item>] = []
    rows.reserveCapacity(nodes.count)
    func add(_ nodes: [OutlineNode<Item>], depth: Int) {
      for node in nodes {
        rows.append(OutlineRow(item: node.item, depth: depth, isExpandable: node.children != nil))
        if let children = node.children, expandedIDs.contains(node.item.id) {
          add(children, depth: depth + 1)
        }
      }
    }
    add(roots, depth: 0)
    return rows
  }

  /// Shows `roots` as the tree; nodes still in it keep their expansion.
  ///
  /// - Throws: `DataSourceError` of kind `duplicateItemID` when two nodes share an id (the
  ///   outline keeps its tree), or what the bound data source's apply throws.
  public func apply(_ roots: [OutlineNode<Item>], animated: Bool = true) throws(DataSourceError) {
    var index: [Item.ID: (depth: Int, expands: Bool)] = [:]
    var duplicate: Item.ID?
    func visit(_ nodes: [OutlineNode<Item>], depth: Int) {
      for node in nodes where duplicate == nil {
        guard index.updateValue((depth, node.children != nil), forKey: node.item.id) == nil
        else {
          duplicate = node.item.id
          return
        }
        if let children = node.children { visit(children, depth: depth + 1) }
      }
    }
    visit(roots, depth: 0)
    if let duplicate {
      throw DataSourceError(kind: .duplicateItemID, id: "\(duplicate)")
    }
    self.roots = roots
    nodes = index
    expandedIDs = expandedIDs.filter { index[$0]?.expands == true }
    try show?(animated)
  }

  /// Shows the children of the node with `id` (nothing changes for a leaf).
  ///
  /// - Throws: `DataSourceError` of kind `unknownItem` when the tree has no such node.
  public func expand(_ id: Item.ID, animated: Bool = true) throws(DataSourceError) {
    try change([id], animated: animated) { $0.insert(id) }
  }

  /// Hides the children of the node with `id`; expanded nodes below it stay expanded, and
  /// show again with it.
  ///
  /// - Throws: `DataSourceError` of kind `unknownItem` when the tree has no such node.
  public func collapse(_ id: Item.ID, animated: Bool = true) throws(DataSourceError) {
    try change([id], animated: animated) { $0.remove(id) }
  }

  /// Expands every node down to `depth` levels below the roots (0: only the roots show) and
  /// collapses the rest; nil expands every node.
  public func expand(toDepth depth: Int?, animated: Bool = true) throws(DataSourceError) {
    try change([], animated: animated) { expanded in
      expanded = Set(
        nodes.compactMap { id, node in
          node.expands && depth.map { node.depth < $0 } ?? true ? id : nil
        })
    }
  }

  /// Changes the expanded ids with `body`, after checking that `ids` are nodes of the tree,
  /// and shows the rows when they changed.
  private func change(
    _ ids: [Item.ID], animated: Bool, _ body: (inout Set<Item.ID>) -> Void
  ) throws(DataSourceError) {
    for id in ids where nodes[id] == nil {
      throw DataSourceError(kind: .unknownItem, id: "\(id)")
    }
    var expanded = expandedIDs
    body(&expanded)
    expanded = expanded.filter { nodes[$0]?.expands == true }
    guard expanded != expandedIDs else { return }
    expandedIDs = expanded
    try show?(animated)
  }
}
