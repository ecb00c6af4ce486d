import CatenaDiff
import CatenaTesting

/// A section model: an id and a title.
public struct Group: Identifiable, Equatable, Sendable {
  /// The identity.
  public var id: Int
  /// The content.
  public var title: Int

  /// Creates a section model.
  public init(id: Int, title: Int) {
    self.id = id
    self.title = title
  }
}

/// The sectioned workload: 100 sections × 1,000 items, the W2 mix inside every section, 10 items
/// moved across sections and 5 section moves (seed 5).
public struct SectionedWorkload: Sendable {
  /// The old sections.
  public var source: [DiffSection<Group, Item>]
  /// The new sections.
  public var target: [DiffSection<Group, Item>]
  /// All old item ids, flattened, for the baseline.
  public var sourceIDs: [Int] { source.flatMap { $0.items.map(\.id) } }
  /// All new item ids, flattened, for the baseline.
  public var targetIDs: [Int] { target.flatMap { $0.items.map(\.id) } }

  /// Builds the workload.
  public init() {
    var random = SeededRandom(seed: 5)
    var source: [DiffSection<Group, Item>] = []
    var target: [DiffSection<Group, Item>] = []
    for section in 0..<100 {
      let (old, new) = Workloads.mix(count: 1_000, idOffset: section * 2_000, random: &random)
      source.append(DiffSection(model: Group(id: section, title: section), items: old))
      target.append(DiffSection(model: Group(id: section, title: section), items: new))
    }
    var crossMoves = 0
    while crossMoves < 10 {
      let from = random.below(100)
      let to = random.below(100)
      guard from != to, !target[from].items.isEmpty else { continue }
      let item = target[from].items.remove(at: random.below(target[from].items.count))
      target[to].items.insert(item, at: random.below(target[to].items.count + 1))
      crossMoves += 1
    }
    for _ in 0..<5 {
      let section = target.remove(at: random.below(target.count))
      target.insert(section, at: random.below(target.count + 1))
    }
    self.source = source
    self.target = target
  }
}
