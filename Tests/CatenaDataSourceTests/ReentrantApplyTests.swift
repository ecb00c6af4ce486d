import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// A closure the chain takes, made to call back into the data source while the table calls it.
enum Hook: String, CaseIterable, Sendable {
  case configureCell, configureCellByPath, otherCellKind, header, footer, rowHeight, willDisplay
}

/// What the hook asks the data source for.
enum Reentry: String, CaseIterable, Sendable {
  case apply, reload, performUpdates
}

@MainActor
@Suite("Re-entrant applies from the chain's closures")
struct ReentrantApplyTests {
  /// Binds a data source whose `hook` runs `reenter` once, when armed.
  func source(
    _ table: HeadlessTable, hook: Hook, armed: @escaping () -> Bool, reenter: @escaping () -> Void
  ) -> SectionedDataSource<String, Article> {
    let fire = {
      if armed() { reenter() }
    }
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
    switch hook {
    case .configureCell:
      dataSource.configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        fire()
        cell.title = article.title
      }
    case .configureCellByPath:
      dataSource.configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, path in
        fire()
        cell.title = dataSource.item(at: path)?.title ?? "?"
      }
    case .otherCellKind:
      dataSource.configureCell(ArticleCell.self, reuseIdentifier: "odd", when: { $0.id % 2 == 1 }) {
        cell, _, article in
        fire()
        cell.title = article.title
      }
    case .header:
      dataSource.headerTitle { _, id in
        fire()
        return id
      }
    case .footer:
      dataSource.footerTitle { _, id in
        fire()
        return id.map { "end of \($0)" }
      }
    case .rowHeight:
      dataSource.rowHeight { _, _ in
        fire()
        return 44
      }
    case .willDisplay:
      dataSource.willDisplay { _, _ in fire() }
    }
    return dataSource
  }

  /// The table's rows, its visible cells and the data source's snapshot all show `expected`.
  func expectAgreement(
    _ table: HeadlessTable, _ dataSource: SectionedDataSource<String, Article>,
    _ expected: Snapshot<String, Article>, _ context: Comment
  ) {
    #expect(dataSource.snapshot == expected, context)
    #expect(table.rowCounts == expected.rowCounts, context)
    for path in table.indexPathsForVisibleRows {
      let shown = (table.cellForRow(at: path) as? ArticleCell)?.title
      #expect(shown == expected.item(at: path)?.title, "\(context) at \(path)")
    }
    #expect(table.takeLayoutError() == nil, context)
  }

  @Test(arguments: Hook.allCases, Reentry.allCases)
  func aClosureThatCallsBackDuringAnApplyNeverInterleaves(hook: Hook, reentry: Reentry)
    async throws
  {
    let table = HeadlessTable(viewportHeight: 1_000)
    let base = try snapshot([("s", [1, 2, 3])])
    let outer = try snapshot([("s", [1, 2, 3, 5]), ("t", [7])], titles: [2: "two"])
    let inner = try snapshot([("s", [1, 2, 3, 4])], titles: [1: "one", 4: "four"])
    var armed = false
    var fired = 0
    var innerError: DataSourceError?
    var dataSource: SectionedDataSource<String, Article>?
    dataSource = source(table, hook: hook, armed: { armed }) {
      armed = false
      fired += 1
      do {
        switch reentry {
        case .apply: try dataSource?.apply(inner)
        case .reload: dataSource?.reload()
        case .performUpdates: try dataSource?.performUpdates(BatchUpdate()) {}
        }
      } catch {
        innerError = error as? DataSourceError
      }
    }
    let source = try #require(dataSource)
    try source.apply(base)
    armed = true
    try source.apply(outer)
    let context: Comment = "\(hook) → \(reentry)"
    // `willDisplay` is told after the layout pass, on the next turn: after the apply.
    let afterwards = hook == .willDisplay
    if afterwards {
      #expect(fired == 0, "not inside the apply: \(context)")
      await source.afterLayoutDone()
    }
    #expect(fired == 1, "the hook ran: \(context)")
    switch reentry {
    case .apply:
      #expect(innerError == nil, context)
      expectAgreement(table, source, inner, context)
    case .reload:
      #expect(innerError == nil, context)
      expectAgreement(table, source, outer, context)
    case .performUpdates where afterwards:
      #expect(innerError == nil, "no apply runs any more: \(context)")
      expectAgreement(table, source, outer, context)
    case .performUpdates:
      #expect(innerError?.kind == .reentrantUpdate, context)
      #expect(innerError?.description.contains("performUpdates") == true, context)
      expectAgreement(table, source, outer, context)
    }
  }

  @Test func theLatestOfSeveralReentrantAppliesWins() throws {
    let table = HeadlessTable(viewportHeight: 1_000)
    let targets = try (4...8).map { try snapshot([("s", Array(1...$0))]) }
    var pending = targets[...]
    var dataSource: SectionedDataSource<String, Article>?
    var armed = false
    dataSource = source(table, hook: .configureCell, armed: { armed }) {
      // Each cell the first apply inserts asks for the next snapshot while that apply runs.
      if let next = pending.popFirst() { try? dataSource?.apply(next) }
      if pending.isEmpty { armed = false }
    }
    let source = try #require(dataSource)
    try source.apply(try snapshot([("s", [1, 2, 3])]))
    armed = true
    try source.apply(try snapshot([("s", [1, 2, 3, 10, 11, 12, 13, 14])]))
    #expect(pending.isEmpty)
    expectAgreement(table, source, targets[targets.count - 1], "latest wins")
  }

  @Test func aClosureThatAlwaysAppliesIsCutOffWithATypedError() throws {
    let table = HeadlessTable(viewportHeight: 100_000)
    var count = 4
    var dataSource: SectionedDataSource<String, Article>?
    var armed = false
    dataSource = source(table, hook: .configureCell, armed: { armed }) {
      count += 1
      try? dataSource?.apply(try snapshot([("s", Array(1...count))]))
    }
    let source = try #require(dataSource)
    try source.apply(try snapshot([("s", [1, 2, 3])]))
    armed = true
    #expect(throws: DataSourceError(kind: .reentrantUpdate, id: "apply")) {
      try source.apply(try snapshot([("s", [1, 2, 3, 4])]))
    }
    armed = false
    let shown = try #require(source.snapshot)
    expectAgreement(table, source, shown, "after the cut")
  }
}
