import CatenaDataSource
import CatenaDiff
import CatenaOutline
import CatenaPaging
import CatenaTesting
import Testing

/// A random tree over the names "n0" … "n29": each node a leaf or a folder, nested up to four
/// levels, every name at most once.
func randomTree(_ random: inout SeededRandom) -> [OutlineNode<File>] {
  var names = (0..<30).map { "n\($0)" }.filter { _ in random.chance(70) }
  names.shuffle(using: &random)
  func level(_ depth: Int) -> [OutlineNode<File>] {
    var nodes: [OutlineNode<File>] = []
    while !names.isEmpty, random.chance(depth == 0 ? 85 : 60) {
      let name = names.removeLast()
      let children = depth < 4 && random.chance(50) ? level(depth + 1) : nil
      nodes.append(node(name, children))
    }
    return nodes
  }
  return level(0)
}

/// The reference: what shows, from the tree and the expanded names alone.
func visibleNames(_ nodes: [OutlineNode<File>], expanded: Set<String>, depth: Int = 0)
  -> [String]
{
  nodes.flatMap { node -> [String] in
    let marker = node.children == nil ? "  " : expanded.contains(node.item.name) ? "▾ " : "▸ "
    let line = String(repeating: "  ", count: depth) + marker + node.item.name
    guard let children = node.children, expanded.contains(node.item.name) else { return [line] }
    return [line] + visibleNames(children, expanded: expanded, depth: depth + 1)
  }
}

/// The names of the folders in `nodes`, at any depth.
func folders(_ nodes: [OutlineNode<File>]) -> [String] {
  nodes.flatMap { node in
    node.children.map { [node.item.name] + folders($0) } ?? []
  }
}

@MainActor
@Suite("Outlines against a reference model")
struct OutlineModelTests {
  @Test func seededExpandsCollapsesAndAppliesThatMoveNodesMatchTheModel() throws {
    var steps = 0
    for seed in 0..<2_000 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      var tree = randomTree(&random)
      let screen = try OutlineScreen(tree)
      var expanded: Set<String> = []
      for step in 0..<25 {
        let names = folders(tree)
        switch random.below(10) {
        case 0..<4 where !names.isEmpty:
          let name = names[random.below(names.count)]
          try screen.files.expand(name, animated: random.chance(50))
          expanded.insert(name)
        case 4..<7 where !names.isEmpty:
          let name = names[random.below(names.count)]
          try screen.files.collapse(name, animated: random.chance(50))
          expanded.remove(name)
        case 7:
          let depth = random.below(4)
          try screen.files.expand(toDepth: depth)
          expanded = Set(folders(tree, aboveDepth: depth))
        default:
          // A new tree over the same names: nodes move across parents, come and go.
          tree = randomTree(&random)
          try screen.files.apply(tree, animated: random.chance(50))
          expanded.formIntersection(folders(tree))
        }
        steps += 1
        let expected = visibleNames(tree, expanded: expanded)
        #expect(screen.lines == expected, "seed \(seed), step \(step)")
        #expect(screen.files.expandedIDs == expanded, "seed \(seed), step \(step)")
        #expect(
          !screen.table.events.contains { if case .rejectedBatch = $0 { true } else { false } })
        if screen.lines != expected { return }
      }
    }
    #expect(steps == 50_000)
  }

}

/// The folders less than `depth` levels down.
func folders(_ nodes: [OutlineNode<File>], aboveDepth depth: Int, at level: Int = 0) -> [String] {
  nodes.flatMap { node -> [String] in
    guard let children = node.children, level < depth else { return [] }
    return [node.item.name] + folders(children, aboveDepth: depth, at: level + 1)
  }
}
