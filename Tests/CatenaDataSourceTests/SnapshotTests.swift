import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import Testing

struct Article: Identifiable, Equatable, Sendable {
  var id: Int
  var title = ""
}

func articles(_ ids: [Int]) -> [Article] { ids.map { Article(id: $0) } }

@Suite("Snapshot")
struct SnapshotTests {
  @Test func buildsSectionsAndFindsEveryItemByID() throws {
    var snapshot = Snapshot<String, Article>()
    try snapshot.appendSection("news")
    try snapshot.appendItems(articles([1, 2, 3]))
    try snapshot.appendSection("archive")
    try snapshot.appendItems(articles([4]), toSection: "archive")
    try snapshot.appendItems(articles([5]), toSection: "news")
    #expect(snapshot.sectionIDs == ["news", "archive"])
    #expect(snapshot.rowCounts == [4, 1])
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.path(of: 5) == ItemPath(item: 3, section: 0))
    #expect(snapshot.path(of: 4) == ItemPath(item: 0, section: 1))
    #expect(snapshot.item(at: ItemPath(item: 1, section: 0))?.id == 2)
    #expect(snapshot.item(at: ItemPath(item: 9, section: 0)) == nil)
    #expect(snapshot.sections.first?.model == SnapshotSection(id: "news"))
    #expect(try snapshot.items(inSection: "archive").map(\.id) == [4])
    #expect(snapshot.index(ofSection: "archive") == 1)
  }

  @Test func duplicateItemIsATypedErrorNamingBothPositions() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSections([0, 1])
    try snapshot.appendItems(articles([7, 8]), toSection: 0)
    #expect(
      throws: DataSourceError(
        kind: .duplicateItemID, id: "7", existing: ItemPath(item: 0, section: 0),
        incoming: ItemPath(item: 1, section: 1))
    ) {
      try snapshot.appendItems(articles([9, 7]), toSection: 1)
    }
    // Items before the duplicate stay added.
    #expect(snapshot.path(of: 9) == ItemPath(item: 0, section: 1))
  }

  @Test func duplicateSectionIsATypedError() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSection(3)
    #expect(throws: DataSourceError.self) { try snapshot.appendSection(3) }
    #expect(snapshot.sectionIDs.count == 1)
  }

  @Test func keepFirstDropsTheNewCopyAndRecordsIt() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSection(0)
    try snapshot.appendItems([Article(id: 1, title: "first")])
    try snapshot.appendItems(
      [Article(id: 2), Article(id: 1, title: "second")], duplicates: .keepFirst)
    #expect(snapshot.allItems.map(\.title) == ["first", ""])
    #expect(snapshot.droppedDuplicates.map(\.incoming) == [ItemPath(item: 2, section: 0)])
  }

  @Test func keepLastMovesTheIDToItsNewPlace() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSections([0, 1])
    try snapshot.appendItems(articles([1, 2, 3]), toSection: 0)
    try snapshot.appendItems([Article(id: 2, title: "new")], toSection: 1, duplicates: .keepLast)
    #expect(snapshot.rowCounts == [2, 1])
    #expect(snapshot.path(of: 3) == ItemPath(item: 1, section: 0))
    #expect(snapshot.item(withID: 2)?.title == "new")
    #expect(snapshot.droppedDuplicates.map(\.existing) == [ItemPath(item: 1, section: 0)])
  }

  @Test func appendingNeedsAKnownSection() throws {
    var snapshot = Snapshot<Int, Article>()
    #expect(throws: DataSourceError(kind: .noSection, id: "1")) {
      try snapshot.appendItems(articles([1]))
    }
    try snapshot.appendSection(0)
    #expect(throws: DataSourceError(kind: .unknownSection, id: "5")) {
      try snapshot.appendItems(articles([1]), toSection: 5)
    }
  }

  @Test func deletingItemsReindexesAndUnknownIDsDeleteNothing() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSection(0)
    try snapshot.appendItems(articles([1, 2, 3, 4]))
    #expect(throws: DataSourceError(kind: .unknownItem, id: "9")) {
      try snapshot.deleteItems([2, 9])
    }
    #expect(snapshot.numberOfItems == 4)
    try snapshot.deleteItems([1, 3])
    #expect(snapshot.allItems.map(\.id) == [2, 4])
    #expect(snapshot.path(of: 4) == ItemPath(item: 1, section: 0))
    #expect(snapshot.path(of: 1) == nil)
  }

  @Test func deletingSectionsRemovesTheirItems() throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSections([0, 1, 2])
    try snapshot.appendItems(articles([1]), toSection: 0)
    try snapshot.appendItems(articles([2]), toSection: 1)
    try snapshot.appendItems(articles([3]), toSection: 2)
    try snapshot.deleteSections([1])
    #expect(snapshot.sectionIDs == [0, 2])
    #expect(snapshot.path(of: 2) == nil)
    #expect(snapshot.path(of: 3) == ItemPath(item: 0, section: 1))
    #expect(snapshot.index(ofSection: 2) == 1)
  }

  @MainActor
  @Test func contentChangesAreReconfiguresAndAChangedTitleRefreshesItsSectionOnly() throws {
    var old = Snapshot<Int, Article>()
    try old.appendSection(0)
    try old.appendItems(articles([1, 2]))
    var new = old
    try new.updateItem(Article(id: 2, title: "changed"))
    let changes = try old.changes(to: new)
    #expect(
      changes.map(\.batch) == [BatchUpdate(itemReconfigures: [ItemPath(item: 1, section: 0)])])
    #expect(try changes.apply(to: old.sections) == new.sections)

    // Titles are the data source's: one that changes refreshes its section, not its rows.
    var title = "A"
    let table = HeadlessTable(viewportHeight: 200)
    let dataSource = SectionedDataSource<Int, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .headerTitle { _, _ in title }
    try dataSource.apply(old)
    #expect(table.render().hasPrefix("[A]"))
    table.clearEvents()
    title = "B"
    try dataSource.apply(new)
    #expect(
      table.events.filter { if case .batch = $0 { true } else { false } } == [
        .batch(BatchUpdate(itemReconfigures: [ItemPath(item: 1, section: 0)])),
        .batch(BatchUpdate(sectionUpdates: [0])),
      ])
    #expect(table.render().hasPrefix("[B]"))
    table.clearEvents()
    try dataSource.apply(new)
    #expect(table.events.isEmpty, "the same title refreshes nothing")
  }

  @Test func snapshotsAreSendableValues() async throws {
    var snapshot = Snapshot<Int, Article>()
    try snapshot.appendSection(0)
    try snapshot.appendItems(articles([1]))
    let copy = snapshot
    let count = await Task.detached { copy.numberOfItems }.value
    #expect(count == 1)
  }
}
