import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// A row with an id and the text its cell shows.
struct Entry: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
}

/// A section header with an id and a title.
struct Shelf: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
}

typealias Shelves = [DiffSection<Shelf, Entry>]

/// A data source over diff sections, committed stage by stage.
@MainActor
final class ShelvesModel: HeadlessTableDataSource {
  var data: Shelves
  init(_ data: Shelves) { self.data = data }
  func numberOfSections(in table: HeadlessTable) -> Int { data.count }
  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int {
    data[section].items.count
  }
  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell {
    let cell = try table.dequeueReusableCell(withIdentifier: "row", for: path)
    (cell as? TextCell)?.text = data[path.section].items[path.item].text
    return cell
  }
  func table(_ table: HeadlessTable, titleForHeaderInSection section: Int) -> String? {
    data[section].model.title
  }
}

@MainActor
@Suite("Headless table under seeded random staged changes")
struct HeadlessTablePropertyTests {
  func shelves(_ random: inout SeededRandom, version: Int) -> Shelves {
    var ids = Array(0..<40)
    ids.shuffle(using: &random)
    var remaining = ids.prefix(random.below(40))[...]
    var shelfIDs = Array(0..<6)
    shelfIDs.shuffle(using: &random)
    return shelfIDs.prefix(random.below(6)).map { shelf in
      let take = min(remaining.count, random.below(12))
      defer { remaining = remaining.dropFirst(take) }
      let entries = remaining.prefix(take).map {
        Entry(id: $0, text: "\($0)" + (random.below(3) == 0 ? "·v\(version)" : ""))
      }
      return DiffSection(
        model: Shelf(id: shelf, title: "S\(shelf)·\(random.below(2))"), items: entries)
    }
  }

  @Test func everyStageValidatesAndEveryVisibleCellShowsItsRow() throws {
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed)
      let model = ShelvesModel(shelves(&random, version: 0))
      let table = HeadlessTable(viewportHeight: Double(44 * (3 + random.below(12))))
      table.register(TextCell.self, forCellReuseIdentifier: "row")
      table.dataSource = model
      table.reloadData()
      table.scroll(toOffset: Double(random.below(300)))
      for version in 1...4 {
        let target = shelves(&random, version: version)
        for stage in try StagedChangeset(source: model.data, target: target) {
          let warnings = try table.performBatchUpdates(stage.batch) { model.data = stage.data }
          #expect(warnings.isEmpty, "seed \(seed)")
          #expect(table.takeLayoutError() == nil, "seed \(seed)")
          #expect(table.rowCounts == model.data.map(\.items.count), "seed \(seed)")
        }
        #expect(model.data == target, "seed \(seed)")
        for path in table.indexPathsForVisibleRows {
          let shown = (table.cellForRow(at: path) as? TextCell)?.text
          #expect(shown == target[path.section].items[path.item].text, "seed \(seed) \(path)")
        }
        if random.below(2) == 0 {
          table.scroll(toOffset: table.contentOffset + Double(random.below(200)) - 100)
        }
      }
    }
  }
}

extension HeadlessTablePropertyTests {
  /// The same random sections as a snapshot.
  func snapshot(_ shelves: Shelves) throws -> Snapshot<Int, Entry> {
    var snapshot = Snapshot<Int, Entry>()
    for shelf in shelves {
      try snapshot.appendSection(shelf.model.id)
      try snapshot.appendItems(shelf.items)
    }
    return snapshot
  }

  @Test func snapshotSequencesThroughTheDataSourceEndEqualToTheLast() throws {
    for seed in UInt64(1)...2_000 {
      var random = SeededRandom(seed: seed &* 31)
      let table = HeadlessTable(viewportHeight: Double(44 * (3 + random.below(12))))
      // The shelves' titles, through the chain: a title that changes refreshes its section.
      var titles: [Int: String] = [:]
      let dataSource = SectionedDataSource<Int, Entry>()
        .bind(table)
        .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, entry in
          cell.text = entry.text
        }
        .headerTitle { _, id in id.flatMap { titles[$0] } }
      var shelves = shelves(&random, version: 0)
      titles = Dictionary(shelves.map { ($0.model.id, $0.model.title) }) { $1 }
      var last = try snapshot(shelves)
      try dataSource.apply(last)
      for version in 1...5 {
        if random.below(3) == 0 { table.tapRow(at: ItemPath(item: 0, section: 0)) }
        table.scroll(toOffset: table.contentOffset + Double(random.below(300)) - 100)
        shelves = self.shelves(&random, version: version)
        titles = Dictionary(shelves.map { ($0.model.id, $0.model.title) }) { $1 }
        last = try snapshot(shelves)
        try dataSource.apply(last)
        for section in table.rowCounts.indices {
          #expect(
            table.headerTitles[section] == titles[last.sections[section].model.id],
            "seed \(seed) section \(section)")
        }
        #expect(table.takeLayoutError() == nil, "seed \(seed)")
        #expect(!table.events.contains { if case .rejectedBatch = $0 { true } else { false } })
        for path in table.indexPathsForVisibleRows {
          #expect(
            (table.cellForRow(at: path) as? TextCell)?.text == last.item(at: path)?.text,
            "seed \(seed) \(path)")
        }
      }
      #expect(dataSource.snapshot == last, "seed \(seed)")
      #expect(table.rowCounts == last.rowCounts, "seed \(seed)")
    }
  }
}
