import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

@MainActor
@Suite("SectionedDataSource")
struct SectionedDataSourceTests {
  func articleSource(_ table: HeadlessTable) -> SectionedDataSource<String, Article> {
    SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
  }

  @Test func theChainConfiguresCellsAndSelection() throws {
    let table = HeadlessTable()
    var picked: [Int] = []
    let dataSource = articleSource(table).didSelect { _, article in picked.append(article.id) }
      .headerTitle { _, id in id == "news" ? "News" : nil }
    try dataSource.apply(try snapshot([("news", [1, 2]), ("old", [3])]))
    #expect(
      table.render() == """
        [News]
          0-0  a1
          0-1  a2
          1-0  a3
        """)
    table.tapRow(at: row(1, 0))
    #expect(picked == [3])
    #expect(table.events.contains(.reloadData))
  }

  @Test func laterSnapshotsAnimateAndReconfigureInPlace() throws {
    let table = HeadlessTable()
    let dataSource = articleSource(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    let second = table.cellForRow(at: row(0, 1))
    table.clearEvents()
    try dataSource.apply(try snapshot([("s", [4, 2, 1])], titles: [2: "two"]))
    #expect(!table.events.contains(.reloadData))
    let batches = table.events.compactMap { if case .batch(let b) = $0 { b } else { nil } }
    #expect(batches.count == 2)
    #expect(batches.last?.itemReconfigures == [row(0, 1)])
    #expect(table.cellForRow(at: row(0, 1)) === second)
    #expect((second as? ArticleCell)?.title == "two")
    #expect(table.render() == "  0-0  a4\n  0-1  two\n  0-2  a1")
  }

  @Test func countClosuresInTheOriginalStyle() throws {
    let table = HeadlessTable()
    var rows = ["x", "y"]
    let dataSource = SectionedDataSource<Int, Article>()
      .bind(table)
      .sectionsNumber { 1 }
      .rowsNumber { _ in rows.count }
      .configureCell(ArticleCell.self, reuseIdentifier: "cell") { cell, path in
        cell.title = rows[path.item]
      }
    dataSource.reload()
    #expect(table.render() == "  0-0  x\n  0-1  y")
    try dataSource.performUpdates(BatchUpdate(itemInserts: [row(0, 0)])) { rows.insert("w", at: 0) }
    #expect(table.render() == "  0-0  w\n  0-1  x\n  0-2  y")
  }

  @Test func countClosuresStillHitTheClassicCrashAsAnError() {
    let table = HeadlessTable()
    var rows = ["x"]
    let dataSource = SectionedDataSource<Int, Article>()
      .bind(table)
      .rowsNumber { _ in rows.count }
      .configureCell(ArticleCell.self, reuseIdentifier: "cell") { cell, path in
        cell.title = rows[path.item]
      }
    dataSource.reload()
    rows.append("committed too early")
    let error = #expect(throws: DataSourceError.self) {
      try dataSource.performUpdates(BatchUpdate(itemInserts: [row(0, 1)])) {}
    }
    #expect(error?.batchError?.kind == .invalidRowCount)
  }

  @Test func severalCellTypesInOneTable() throws {
    let table = HeadlessTable()
    let dataSource = articleSource(table)
      .configureCell(AdCell.self, reuseIdentifier: "ad", when: { $0.id >= 100 }) { cell, _, item in
        cell.banner = item.title
      }
    try dataSource.apply(try snapshot([("s", [1, 100, 2])]))
    #expect(table.cellForRow(at: row(0, 1)) is AdCell)
    #expect(table.cellForRow(at: row(0, 2)) is ArticleCell)
    #expect(table.render() == "  0-0  a1\n  0-1  AD a100\n  0-2  a2")
  }

  @Test func headersFootersHeightsAndEmptyState() throws {
    let table = HeadlessTable(viewportHeight: 100)
    let dataSource = articleSource(table)
      .headerTitle { _, _ in "Head" }
      .footerTitle { section, id in "end of \(id ?? "?")" }
      .rowHeight { _, _ in 50 }
      .emptyState { "Nothing to read" }
    try dataSource.apply(Snapshot())
    #expect(table.render() == "(Nothing to read)")
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    #expect(table.contentHeight == 28 + 150 + 28)
    #expect(table.indexPathsForVisibleRows == [row(0, 0), row(0, 1)])
    #expect(table.render().hasPrefix("[Head]"))
  }

  @Test func swipeToDeleteUpdatesTheSnapshotAndTellsTheApp() throws {
    let table = HeadlessTable()
    var deleted: [Int] = []
    let dataSource = articleSource(table).didDelete { _, article in deleted.append(article.id) }
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    try table.swipeToDeleteRow(at: row(0, 1))
    #expect(deleted == [2])
    #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 3])
    #expect(table.render() == "  0-0  a1\n  0-1  a3")
  }

  @Test func reorderingMovesTheItemInTheSnapshot() throws {
    let table = HeadlessTable()
    var moved: [(ItemPath, ItemPath)] = []
    let dataSource = articleSource(table).didMove { from, to, _ in moved.append((from, to)) }
    try dataSource.apply(try snapshot([("a", [1, 2]), ("b", [3])]))
    #expect(table.dragRow(at: row(0, 0), to: row(1, 1)))
    #expect(dataSource.snapshot?.path(of: 1) == row(1, 1))
    #expect(moved.count == 1)
    // The next apply diffs from the reordered state.
    try dataSource.apply(try snapshot([("a", [2]), ("b", [3, 1])]))
    #expect(table.render() == "  0-0  a2\n  1-0  a3\n  1-1  a1")
  }

  @Test func selectionIsKeptByIdentityAcrossUpdatesAndReloads() throws {
    let table = HeadlessTable()
    let dataSource = articleSource(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    table.selectRow(at: row(0, 2))
    try dataSource.apply(try snapshot([("s", [3, 0, 1])]))
    #expect(table.indexPathsForSelectedRows == [row(0, 0)])
    table.isInWindow = false
    try dataSource.apply(try snapshot([("s", [5, 6, 3])]))
    #expect(table.events.last(where: { $0 == .reloadData }) != nil)
    #expect(table.indexPathsForSelectedRows == [row(0, 2)])
  }

  @Test func afterInvalidateNoClosureIsCalled() throws {
    let table = HeadlessTable()
    var calls = 0
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _, _ in calls += 1 }
      .didSelect { _, _ in calls += 1 }
    try dataSource.apply(try snapshot([("s", [1])]))
    #expect(calls == 1)
    dataSource.invalidate()
    table.reloadData()
    table.tapRow(at: row(0, 0))
    try dataSource.apply(try snapshot([("s", [1, 2])]))
    #expect(calls == 1)
    #expect(table.render() == "(empty)")
    #expect(!dataSource.isValid)
  }

  @Test func dataSourceTableAndClosuresAllDeallocate() throws {
    weak var weakTable: HeadlessTable?
    weak var weakSource: SectionedDataSource<String, Article>?
    do {
      let table = HeadlessTable()
      let dataSource = SectionedDataSource<String, Article>()
        .bind(table)
        .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
          cell.title = article.title
        }
        .didSelect { _, _ in }
      try dataSource.apply(try snapshot([("s", [1, 2])]))
      table.tapRow(at: row(0, 0))
      weakTable = table
      weakSource = dataSource
    }
    #expect(weakTable == nil)
    #expect(weakSource == nil)
  }

  @Test func theTableKeepsTheDataSourceBoundToIt() throws {
    let table = HeadlessTable()
    weak var weakSource: SectionedDataSource<String, Article>?
    do {
      let dataSource = articleSource(table)  // a local: nothing else keeps it
      try dataSource.apply(try snapshot([("s", [1])]))
      weakSource = dataSource
    }
    table.reloadData()
    #expect(table.numberOfRows(inSection: 0) == 1, "still shown: the table keeps it")
    try weakSource?.apply(try snapshot([("s", [1, 2])]))
    #expect(table.numberOfRows(inSection: 0) == 2)
  }

  @Test func aDataSourceBoundElsewhereOrInvalidatedIsLetGo() throws {
    let first = HeadlessTable()
    let second = HeadlessTable()
    weak var weakSource: SectionedDataSource<String, Article>?
    do {
      let dataSource = articleSource(first)
      weakSource = dataSource
      dataSource.bind(second)
    }
    #expect(weakSource != nil, "the second table keeps it")
    weakSource?.invalidate()
    #expect(weakSource == nil, "invalidated, nothing keeps it")
  }

  @Test func backgroundAppliesLetTheLatestWin() async throws {
    let table = HeadlessTable()
    let dataSource = articleSource(table)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    let first = try snapshot([("s", [3, 2, 1])])
    let second = try snapshot([("s", [2, 4])])
    // Hold the first background apply (generation 2) until the second one has started.
    dataSource.backgroundDiffFinished = { [weak dataSource] generation in
      for _ in 0..<10_000 {
        guard generation == 2, let dataSource, dataSource.generation < 3 else { break }
        await Task.yield()
      }
    }
    // The first apply starts (and takes generation 2) before the second is asked for.
    let firstApplied = Task { try await dataSource.applyDiffingInBackground(first) }
    for _ in 0..<10_000 where dataSource.generation < 2 { await Task.yield() }
    #expect(dataSource.generation == 2, "the first apply has started")
    let secondApplied = Task { try await dataSource.applyDiffingInBackground(second) }
    let results = [try await firstApplied.value, try await secondApplied.value]
    #expect(results == [false, true])
    #expect(dataSource.snapshot == second)
    #expect(table.render() == "  0-0  a2\n  0-1  a4")
  }

  @Test func aBackgroundApplyAfterASynchronousOneStillEndsRight() async throws {
    let table = HeadlessTable()
    let dataSource = articleSource(table)
    try dataSource.apply(try snapshot([("s", [1, 2])]))
    let applied = try await dataSource.applyDiffingInBackground(
      try snapshot([("s", [2, 1, 3])]))
    #expect(applied)
    #expect(table.render() == "  0-0  a2\n  0-1  a1\n  0-2  a3")
  }
}
