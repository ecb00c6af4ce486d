#if os(Linux)
  import CatenaOutline
  import CatenaPaging
  import CatenaTesting

  /// The model the outline model test checks against: a tree, the expanded names and the
  /// lazy folders whose load failed, and what shows from them alone. Written apart from
  /// `Outline`, over names.
  struct OutlineReference {
    /// A shown row: a node's name, or the status under a lazy folder (`parent`).
    struct Row: Equatable {
      var name: String?
      var parent: String?
      var depth: Int
    }

    var tree: [OutlineNode<Entry>]
    var expanded: Set<String> = []
    var failed: Set<String> = []

    /// Where an item may go: not into folders whose names end in 3 or 7; loaded files
    /// (`n4/0`) not at the top.
    static func rule(_ item: Entry, _ parent: Entry?) -> Bool {
      guard let parent else { return !item.id.contains("/") }
      return !parent.id.hasSuffix("3") && !parent.id.hasSuffix("7")
    }

    /// The rows that show.
    var rows: [Row] {
      var rows: [Row] = []
      func add(_ nodes: [OutlineNode<Entry>], _ depth: Int) {
        for node in nodes {
          rows.append(Row(name: node.item.id, depth: depth))
          guard expanded.contains(node.item.id) else { continue }
          if let children = node.children {
            add(children, depth + 1)
          } else {
            rows.append(Row(parent: node.item.id, depth: depth + 1))
          }
        }
      }
      add(tree, 0)
      return rows
    }

    /// The rows as lines: indented, with the disclosure, or the status text.
    var lines: [String] {
      rows.map { row in
        let indent = String(repeating: "  ", count: row.depth)
        guard let name = row.name else {
          return indent + (failed.contains(row.parent ?? "") ? "failed" : "loading")
        }
        let node = Self.find(name, in: tree)
        let expands = node?.children != nil || node?.loadsChildren == true
        return indent + (expands ? (expanded.contains(name) ? "▾ " : "▸ ") : "  ") + name
      }
    }

    /// Every node that can expand, less than `depth` levels down (nil: all).
    func expandable(aboveDepth depth: Int?) -> Set<String> {
      var names: Set<String> = []
      func visit(_ nodes: [OutlineNode<Entry>], _ level: Int) {
        for node in nodes {
          guard node.children != nil || node.loadsChildren else { continue }
          if depth.map({ level < $0 }) ?? true { names.insert(node.item.id) }
          visit(node.children ?? [], level + 1)
        }
      }
      visit(tree, 0)
      return names
    }

    /// Shows `tree`: expansion and failures kept for the nodes that can still have them.
    mutating func apply(_ tree: [OutlineNode<Entry>]) {
      // A lazy folder given again without children keeps those it loaded, unless one of
      // their names is elsewhere in the new tree (or in a folder kept before it).
      var names = Set(Self.names(in: tree))
      func keep(_ nodes: inout [OutlineNode<Entry>]) {
        for index in nodes.indices {
          if nodes[index].loadsChildren, nodes[index].children == nil {
            guard let old = Self.find(nodes[index].item.id, in: self.tree), old.loadsChildren,
              let loaded = old.children
            else { continue }
            let loadedNames = Self.names(in: loaded)
            guard names.isDisjoint(with: loadedNames) else { continue }
            names.formUnion(loadedNames)
            nodes[index].children = loaded
          } else if var children = nodes[index].children {
            keep(&children)
            nodes[index].children = children
          }
        }
      }
      var tree = tree
      keep(&tree)
      self.tree = tree
      expanded.formIntersection(expandable(aboveDepth: nil))
      failed = failed.filter { Self.find($0, in: tree)?.loadsChildren == true }
    }

    /// Every name in `nodes`, at any depth.
    static func names(in nodes: [OutlineNode<Entry>]) -> [String] {
      nodes.flatMap { [$0.item.id] + names(in: $0.children ?? []) }
    }

    /// The lazy folders expanded whose children neither came nor failed.
    var loading: Set<String> {
      Set(
        expanded.filter {
          let node = Self.find($0, in: tree)
          return node?.loadsChildren == true && node?.children == nil && !failed.contains($0)
        })
    }

    /// A load of `name` answered with `children`, or failed (nil).
    mutating func finish(_ name: String, with children: [OutlineNode<Entry>]?) {
      guard Self.find(name, in: tree)?.loadsChildren == true else { return }
      guard let children else {
        failed.insert(name)
        return
      }
      Self.update(name, in: &tree) { $0.children = children }
    }

    /// Where `item` goes dropped between `above` and `below` in the tree without `moving`:
    /// into an open, loaded folder right above; else after the node above or an ancestor of
    /// it, where the row below is no deeper; the first the rule accepts.
    func place(
      _ item: Entry, above: Row?, below: Row?, in tree: [OutlineNode<Entry>]
    ) -> Outline<Entry>.Place? {
      guard let above else { return Self.rule(item, nil) ? .init(parent: nil, index: 0) : nil }
      var anchor: String
      var depth: Int
      if let name = above.name {
        if expanded.contains(name), let node = Self.find(name, in: tree), node.children != nil,
          Self.rule(item, node.item)
        {
          return .init(parent: name, index: 0)
        }
        anchor = name
        depth = above.depth
      } else {
        anchor = above.parent ?? ""
        depth = above.depth - 1
      }
      while let (parent, index) = Self.locate(anchor, in: tree) {
        if below.map({ $0.depth <= depth }) ?? true,
          Self.rule(item, parent.flatMap { Self.find($0, in: tree)?.item })
        {
          return .init(parent: parent, index: index + 1)
        }
        guard let parent else { return nil }
        anchor = parent
        depth -= 1
      }
      return nil
    }

    /// Moves the node `name` to `place`.
    mutating func move(_ name: String, to place: Outline<Entry>.Place) {
      guard let node = Self.take(name, from: &tree) else { return }
      if let parent = place.parent {
        Self.update(parent, in: &tree) { $0.children?.insert(node, at: place.index) }
      } else {
        tree.insert(node, at: place.index)
      }
    }

    static func find(_ name: String, in nodes: [OutlineNode<Entry>]) -> OutlineNode<Entry>? {
      for node in nodes {
        if node.item.id == name { return node }
        if let found = find(name, in: node.children ?? []) { return found }
      }
      return nil
    }

    static func locate(
      _ name: String, in nodes: [OutlineNode<Entry>], parent: String? = nil
    ) -> (String?, Int)? {
      for (index, node) in nodes.enumerated() {
        if node.item.id == name { return (parent, index) }
        if let found = locate(name, in: node.children ?? [], parent: node.item.id) {
          return found
        }
      }
      return nil
    }

    static func update(
      _ name: String, in nodes: inout [OutlineNode<Entry>],
      _ body: (inout OutlineNode<Entry>) -> Void
    ) {
      for index in nodes.indices {
        if nodes[index].item.id == name { return body(&nodes[index]) }
        if var children = nodes[index].children {
          update(name, in: &children, body)
          nodes[index].children = children
        }
      }
    }

    static func take(_ name: String, from nodes: inout [OutlineNode<Entry>]) -> OutlineNode<Entry>?
    {
      for index in nodes.indices {
        if nodes[index].item.id == name { return nodes.remove(at: index) }
        if var children = nodes[index].children, let found = take(name, from: &children) {
          nodes[index].children = children
          return found
        }
      }
      return nil
    }

    /// A random tree over "n0" … "n29": folders, files, and lazy folders, four levels deep.
    static func randomTree(_ random: inout SeededRandom) -> [OutlineNode<Entry>] {
      var names = (0..<30).map { "n\($0)" }.filter { _ in random.chance(70) }
      names.shuffle(using: &random)
      func level(_ depth: Int) -> [OutlineNode<Entry>] {
        var nodes: [OutlineNode<Entry>] = []
        while !names.isEmpty, random.chance(depth == 0 ? 85 : 60) {
          let item = Entry(id: names.removeLast())
          switch random.below(10) {
          case 0..<2: nodes.append(.lazy(item))
          case 2..<6 where depth < 4: nodes.append(OutlineNode(item, children: level(depth + 1)))
          default: nodes.append(OutlineNode(item))
          }
        }
        return nodes
      }
      return level(0)
    }
  }
#endif
