import CatenaDataSource
import CatenaDiff
import CatenaTesting
import Testing

@Suite("Snapshot properties over seeded random edits")
struct SnapshotPropertyTests {
  /// Random edits through the snapshot's API must agree with a plain model of sections, keep
  /// every id findable in O(1), and diff back and forth exactly.
  @Test func editsAgreeWithAPlainModelAndDiffExactly() throws {
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed)
      var snapshot = Snapshot<Int, Article>()
      var model: [(id: Int, items: [Article])] = []
      var nextItem = 0
      var previous = snapshot
      for _ in 0..<random.below(12) {
        switch random.below(5) {
        case 0:
          let id = random.below(8)
          if model.contains(where: { $0.id == id }) {
            #expect(throws: DataSourceError.self) { try snapshot.appendSection(id) }
          } else {
            try snapshot.appendSection(id)
            model.append((id, []))
          }
        case 1 where !model.isEmpty:
          let section = random.below(model.count)
          let fresh = (0..<random.below(4)).map { Article(id: nextItem + $0, title: "\(seed)") }
          nextItem += fresh.count
          try snapshot.appendItems(fresh, toSection: model[section].id)
          model[section].items += fresh
        case 2 where model.contains(where: { !$0.items.isEmpty }):
          let section = model.indices.filter { !model[$0].items.isEmpty }[0]
          let doomed = model[section].items[random.below(model[section].items.count)]
          try snapshot.deleteItems([doomed.id])
          model[section].items.removeAll { $0.id == doomed.id }
        case 3 where !model.isEmpty:
          let section = random.below(model.count)
          try snapshot.deleteSections([model[section].id])
          model.remove(at: section)
        default:
          if let item = model.flatMap(\.items).first {
            let changed = Article(id: item.id, title: item.title + "!")
            try snapshot.updateItem(changed)
            for index in model.indices {
              model[index].items = model[index].items.map { $0.id == item.id ? changed : $0 }
            }
          }
        }
        #expect(snapshot.sectionIDs == model.map(\.id), "seed \(seed)")
        #expect(snapshot.allItems == model.flatMap(\.items), "seed \(seed)")
        for (section, entry) in model.enumerated() {
          for (index, item) in entry.items.enumerated() {
            #expect(
              snapshot.path(of: item.id) == ItemPath(item: index, section: section), "seed \(seed)")
          }
        }
        let forward = try previous.changes(to: snapshot)
        #expect(try forward.apply(to: previous.sections) == snapshot.sections, "seed \(seed)")
        previous = snapshot
      }
    }
  }
}
