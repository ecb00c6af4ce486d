import CatenaDataSource
import CatenaDiff
import CatenaTesting
import Testing

/// Appending with `.keepFirst` / `.keepLast`, one item at a time, on plain arrays: the rule
/// the snapshot's batched implementation must reproduce exactly.
struct DuplicateModel {
  var sections: [[Article]]
  var dropped: [(id: Int, existing: ItemPath, incoming: ItemPath)] = []

  func path(of id: Int) -> ItemPath? {
    for (section, items) in sections.enumerated() {
      if let item = items.firstIndex(where: { $0.id == id }) {
        return ItemPath(item: item, section: section)
      }
    }
    return nil
  }

  mutating func append(_ items: [Article], to section: Int, keepLast: Bool) {
    for item in items {
      let incoming = ItemPath(item: sections[section].count, section: section)
      if let existing = path(of: item.id) {
        dropped.append((item.id, existing, incoming))
        guard keepLast else { continue }
        sections[existing.section].remove(at: existing.item)
      }
      sections[section].append(item)
    }
  }
}

/// A position as the model prints it, or "none".
func place(_ path: ItemPath?) -> String { path.map { "\($0)" } ?? "none" }

@Suite("Duplicate policies over seeded random appends")
struct DuplicatePolicyPropertyTests {
  @Test func keepFirstAndKeepLastAgreeWithTheOneAtATimeRule() throws {
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed)
      let sectionCount = 1 + random.below(4)
      var snapshot = Snapshot<Int, Article>()
      try snapshot.appendSections(Array(0..<sectionCount))
      var model = DuplicateModel(sections: Array(repeating: [], count: sectionCount))
      for step in 0..<(1 + random.below(8)) {
        let section = random.below(sectionCount)
        let keepLast = random.below(3) != 0
        let items = (0..<random.below(12)).map {
          Article(id: random.below(20), title: "\(step).\($0)")
        }
        try snapshot.appendItems(
          items, toSection: section, duplicates: keepLast ? .keepLast : .keepFirst)
        model.append(items, to: section, keepLast: keepLast)
      }
      #expect(snapshot.sections.map(\.items) == model.sections, "seed \(seed)")
      #expect(
        snapshot.droppedDuplicates.map { "\($0.id) \(place($0.existing)) \(place($0.incoming))" }
          == model.dropped.map { "\($0.id) \($0.existing) \($0.incoming)" },
        "seed \(seed)")
      for item in snapshot.allItems {
        #expect(snapshot.path(of: item.id) == model.path(of: item.id), "seed \(seed)")
      }
    }
  }

  @Test func manyDuplicatesAreHandledInOnePass() throws {
    // 20,000 duplicates of a 20,000-item section took about two minutes one at a time; the
    // time target itself lives in the benchmarks (DiffRatios snapshot).
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSection(0)
    try snapshot.appendItems(articles(Array(0..<20_000)))
    try snapshot.appendItems(articles(Array((0..<20_000).reversed())), duplicates: .keepLast)
    #expect(snapshot.allItems.map(\.id) == Array((0..<20_000).reversed()))
    #expect(snapshot.droppedDuplicates.count == 20_000)
    #expect(snapshot.droppedDuplicates.first?.existing == ItemPath(item: 19_999, section: 0))
    #expect(snapshot.droppedDuplicates.last?.existing == ItemPath(item: 0, section: 0))
    #expect(snapshot.path(of: 0) == ItemPath(item: 19_999, section: 0))
  }
}
