public import CatenaDataSource
import CatenaPaging

/// Rows with children that expand and collapse: a tree whose visible rows (the nodes whose
/// ancestors are all expanded) fill a section of a data source, diffed like any section, so
/// expanding and collapsing are ordinary, minimal batch updates (one batch inserting or
/// deleting the rows that come or go), never a reload. The list shows each row's disclosure
/// from the outline, without reconfiguring it.
///
/// ```swift
/// let files = Outline<File> { folder in try await api.children(of: folder) }
/// files.bind(dataSource, section: "files")
/// try files.apply(tree)
/// try files.expand(documents.id)
/// ```
///
/// Expansion is kept by id across applies: a node that moves to another parent stays
/// expanded; a node an apply removes forgets it was (if it comes back, it comes back
/// collapsed). Expanding a node whose ancestors are collapsed marks it expanded; its children
/// show once they are.
///
/// A node made with ``OutlineNode/lazy(_:)`` loads its children when first expanded: a
/// loading row shows under it, then the children; a load that fails shows a row that retries
/// when tapped. A load whose node an apply removed is cancelled, and its answer dropped.
///
/// With a ``canPlace(_:)`` rule the user reorders rows, and ``drop(_:at:animated:)`` places nodes
/// dropped from outside; an apply made while a row is held shows after the drop.
@MainActor
public final class Outline<Item: Identifiable & Sendable & Equatable> where Item.ID: Sendable {
  /// Loads the children of a node made with ``OutlineNode/lazy(_:)``.
  public typealias ChildLoader = @Sendable (Item) async throws -> [OutlineNode<Item>]

  /// The tree, as last applied (with the children loaded since).
  public internal(set) var roots: [OutlineNode<Item>] = []
  /// The ids of the expanded nodes.
  public private(set) var expandedIDs: Set<Item.ID> = []
  /// Every node's depth and whether it can expand, by id.
  @usableFromInline var nodes: [Item.ID: (depth: Int, expands: Bool)] = [:]
  /// Loads children.
  private let loadChildren: ChildLoader?
  /// The loads running, by node.
  var loads: [Item.ID: Task<Void, Never>] = [:]
  /// The loads that failed, with their messages, by node.
  @usableFromInline var failures: [Item.ID: String] = [:]
  /// Shows the rows in the bound data source.
  @usableFromInline var show: ((_ animated: Bool) throws(DataSourceError) -> Void)?
  /// The outline's rows the bound data source shows now (during a drag, the order on screen).
  var shownRows: (() -> [OutlineRow<Item>])?
  /// Lets go of the bound section (its answers and rows): the outline is bound elsewhere.
  var unbind: (() -> Void)?
  /// The data source and section bound now.
  weak var boundDataSource: AnyObject?
  var boundSection: AnyHashable?
  /// Where the user may put an item (``canPlace(_:)``); nil: rows do not move.
  var placementRule: ((_ item: Item, _ parent: Item?) -> Bool)?
  /// Told of the user's moves (``didPlace(_:)``).
  var moveHandler: ((_ item: Item, _ place: Place) -> Void)?

  /// An empty outline; `loadChildren` loads the children of lazy nodes (``OutlineNode/lazy(_:)``)
  /// when they are first opened.
  public init(loadChildren: ChildLoader? = nil) { self.loadChildren = loadChildren }

  /// The rows that show: every node whose ancestors are all expanded, in order, and under an
  /// expanded lazy node the status of its children.
  @inlinable public var rows: [OutlineRow<Item>] {
    var rows: [OutlineRow<Item>] = []
    rows.reserveCapacity(nodes.count)
    func add(_ nodes: [OutlineNode<Item>], depth: Int) {
      for node in nodes {
        let id = node.item.id
        rows.append(.item(node.item, depth: depth, isExpandable: node.expands))
        guard expandedIDs.contains(id) else { continue }
        if let children = node.children {
          add(children, depth: depth + 1)
        } else if let message = failures[id] {
          rows.append(.loadFailed(message, parent: id, depth: depth + 1))
        } else if node.loadsChildren {
          rows.append(.loading(parent: id, depth: depth + 1))
        }
      }
    }
    add(roots, depth: 0)
    return rows
  }

  /// Shows `roots` as the tree; nodes still in it keep their expansion. A lazy node that has
  /// loaded its children keeps them when `roots` marks it lazy again (the app's tree cannot
  /// know them): nothing blinks and nothing loads twice; ``reloadChildren(of:)`` asks for
  /// them again. Loaded children whose ids `roots` has elsewhere are dropped, and load again.
  ///
  /// - Throws: `DataSourceError` of kind `duplicateItemID` when two nodes share an id (the
  ///   outline keeps its tree), or what the bound data source's apply throws.
  public func apply(_ roots: [OutlineNode<Item>], animated: Bool = true) throws(DataSourceError) {
    var roots = roots
    var ids = Set(try Self.index(roots).keys)
    roots.keepLoadedChildren(from: self.roots, ids: &ids)
    let index = try Self.index(roots)
    self.roots = roots
    nodes = index
    expandedIDs = expandedIDs.filter { index[$0]?.expands == true }
    for (id, load) in loads where roots.node(id)?.loadsChildren != true {
      load.cancel()
      loads[id] = nil
    }
    failures = failures.filter { roots.node($0.key)?.loadsChildren == true }
    startLoads()
    try show?(animated)
  }

  /// Shows the children of the node with `id` (nothing changes for a leaf); a lazy node's
  /// children start loading.
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
    startLoads()
    try show?(animated)
  }

  /// Loads the children of the lazy node with `id` again (the app knows they changed): the
  /// children loaded before show until the new ones arrive, which replace them in one batch;
  /// a load that fails shows its status row in their place. A node not loaded yet loads when
  /// it is expanded, as before.
  ///
  /// - Throws: `DataSourceError` of kind `unknownItem` when the tree has no such node.
  public func reloadChildren(of id: Item.ID) throws(DataSourceError) {
    guard let node = roots.node(id) else {
      throw DataSourceError(kind: .unknownItem, id: "\(id)")
    }
    guard node.loadsChildren, node.children != nil, loads[id] == nil else { return }
    startLoad(of: node)
  }

  /// Starts loading the children of every expanded lazy node that has none, neither loads
  /// nor failed.
  private func startLoads() {
    for id in expandedIDs where loads[id] == nil && failures[id] == nil {
      guard let node = roots.node(id), node.loadsChildren, node.children == nil else { continue }
      startLoad(of: node)
    }
  }

  /// Starts loading the children of `node`.
  private func startLoad(of node: OutlineNode<Item>) {
    guard let loadChildren else { return }
    let id = node.item.id
    let item = node.item
    loads[id] = Task { [weak self] in
      let result: Result<[OutlineNode<Item>], any Error>
      do { result = .success(try await loadChildren(item)) } catch { result = .failure(error) }
      guard !Task.isCancelled else { return }
      self?.finishLoad(id, result)
    }
  }

  /// A load ended: its children join the tree, or its failure shows under the node.
  private func finishLoad(_ id: Item.ID, _ result: Result<[OutlineNode<Item>], any Error>) {
    loads[id] = nil
    guard roots.node(id)?.loadsChildren == true else { return }
    switch result {
    case .success(let children):
      var tree = roots
      tree.setChildren(of: id, to: children)
      do {
        nodes = try Self.index(tree)
        roots = tree
      } catch {
        failures[id] = PageLoadError.message(for: error)
      }
    case .failure(let error):
      failures[id] = PageLoadError.message(for: error)
      // Children loaded before give way to the failure's status row (it retries).
      var tree = roots
      tree.setChildren(of: id, to: nil)
      if let index = try? Self.index(tree) {
        roots = tree
        nodes = index
      }
    }
    startLoads()  // loaded children that were expanded before load theirs
    showOrSay(animated: true)
  }

  /// Opens the node with `id` when it is closed, closes it when it is open (a tap on it).
  /// Shows the rows where no caller hears a failure (a child load landing, a drop, binding):
  /// a change the data source refuses is said in debug builds, not lost.
  @usableFromInline
  func showOrSay(animated: Bool) {
    do throws(DataSourceError) {
      try show?(animated)
    } catch {
      #if DEBUG
        print("Catena: an outline's rows were not shown: \(error)")
      #endif
    }
  }

  func toggle(_ id: Item.ID) {
    try? expandedIDs.contains(id) ? collapse(id) : expand(id)
  }

  /// Loads the children of the node with `id` again after a failure (its status row's tap).
  func retry(_ id: Item.ID) {
    guard failures.removeValue(forKey: id) != nil else { return }
    startLoads()
    showOrSay(animated: true)
  }

  /// Every node's depth and whether it expands, by id.
  ///
  /// - Throws: `duplicateItemID` naming the first id found twice.
  private static func index(
    _ roots: [OutlineNode<Item>]
  ) throws(DataSourceError) -> [Item.ID: (depth: Int, expands: Bool)] {
    var index: [Item.ID: (depth: Int, expands: Bool)] = [:]
    var duplicate: Item.ID?
    func visit(_ nodes: [OutlineNode<Item>], depth: Int) {
      for node in nodes where duplicate == nil {
        guard index.updateValue((depth, node.expands), forKey: node.item.id) == nil else {
          duplicate = node.item.id
          return
        }
        if let children = node.children { visit(children, depth: depth + 1) }
      }
    }
    visit(roots, depth: 0)
    if let duplicate { throw DataSourceError(kind: .duplicateItemID, id: "\(duplicate)") }
    return index
  }
}

extension Array {
  /// The node with `id` in this forest, at any depth.
  func node<Item>(_ id: Item.ID) -> OutlineNode<Item>? where Element == OutlineNode<Item> {
    for node in self {
      if node.item.id == id { return node }
      if let found = node.children?.node(id) { return found }
    }
    return nil
  }

  /// Gives the node with `id` its loaded `children` (it stays lazy: it can load them again).
  mutating func setChildren<Item>(of id: Item.ID, to children: [OutlineNode<Item>]?)
  where Element == OutlineNode<Item> {
    for index in indices {
      if self[index].item.id == id {
        self[index].children = children
        return
      }
      self[index].children?.setChildren(of: id, to: children)
    }
  }

  /// Gives every lazy node of this forest that has no children the children the node with
  /// its id had loaded in `old`, unless one of their ids is in `ids` (the forest's, and those
  /// given before), which then holds theirs too.
  mutating func keepLoadedChildren<Item>(from old: [OutlineNode<Item>], ids: inout Set<Item.ID>)
  where Element == OutlineNode<Item> {
    for index in indices {
      if self[index].loadsChildren, self[index].children == nil {
        guard let previous = old.node(self[index].item.id), previous.loadsChildren,
          let loaded = previous.children
        else { continue }
        var loadedIDs: [Item.ID] = []
        loaded.forEachID { loadedIDs.append($0) }
        guard ids.isDisjoint(with: loadedIDs) else { continue }
        ids.formUnion(loadedIDs)
        self[index].children = loaded
      } else {
        self[index].children?.keepLoadedChildren(from: old, ids: &ids)
      }
    }
  }

  /// Calls `body` with the id of every node of this forest.
  func forEachID<Item>(_ body: (Item.ID) -> Void) where Element == OutlineNode<Item> {
    for node in self {
      body(node.item.id)
      node.children?.forEachID(body)
    }
  }
}
