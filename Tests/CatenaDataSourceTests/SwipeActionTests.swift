import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// Swipe actions on rows: listed per edge from a chain closure, performed as a user's tap,
/// completions counted once, and Delete replaced on the trailing edge as UIKit does.
@MainActor
@Suite("Swipe actions")
struct SwipeActionTests {
  /// A data source over `table` whose rows can be archived (leading) and flagged or removed
  /// (trailing); `log` records what the handlers did, by item id.
  func source(
    _ table: HeadlessTable, log: Log
  ) -> SectionedDataSource<String, Article> {
    SectionedDataSource<String, Article>()
      .bind(table)
      .configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
        cell.title = article.title
      }
      .swipeActions(.leading) { _, article in
        [
          SwipeAction("Archive") { done in
            log.lines.append("archive \(article.id)"); done(true)
          }
        ]
      }
      .swipeActions(.trailing) { _, article in
        article.id == 3
          ? []
          : [
            SwipeAction("Flag") { done in
              log.lines.append("flag \(article.id)"); done(false)
            },
            SwipeAction("Remove", style: .destructive) { done in
              log.lines.append("remove \(article.id)")
              log.pending.append(done)
            },
          ]
      }
  }

  @MainActor final class Log {
    var lines: [String] = []
    var pending: [@MainActor (Bool) -> Void] = []
  }

  @Test func eachEdgeListsItsActionsInOrderWithTheirStyles() throws {
    let table = HeadlessTable()
    let dataSource = source(table, log: Log())
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    let trailing = table.swipeActions(.trailing, forRowAt: ItemPath(item: 0, section: 0))
    #expect(trailing.map(\.title) == ["Flag", "Remove"])
    #expect(trailing.map(\.style) == [.normal, .destructive])
    #expect(
      table.swipeActions(.leading, forRowAt: ItemPath(item: 1, section: 0)).map(\.title)
        == ["Archive"])
    // A row the closure gives no actions reveals none; a row that does not exist neither.
    #expect(table.swipeActions(.trailing, forRowAt: ItemPath(item: 2, section: 0)).isEmpty)
    #expect(table.swipeActions(.trailing, forRowAt: ItemPath(item: 9, section: 0)).isEmpty)
  }

  @Test func performingAnActionRunsItsHandlerForTheRowsItem() throws {
    let table = HeadlessTable()
    let log = Log()
    let dataSource = source(table, log: log)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    let row = ItemPath(item: 1, section: 0)
    #expect(table.performSwipeAction(.leading, at: 0, forRowAt: row))
    #expect(table.performSwipeAction(.trailing, at: 0, forRowAt: row))
    #expect(log.lines == ["archive 2", "flag 2"])
    #expect(
      table.events.suffix(4) == [
        .swipeAction(edge: .leading, path: row, title: "Archive"),
        .swipeActionCompleted(title: "Archive", performed: true),
        .swipeAction(edge: .trailing, path: row, title: "Flag"),
        .swipeActionCompleted(title: "Flag", performed: false),
      ])
    // No action at that index: nothing runs.
    #expect(!table.performSwipeAction(.leading, at: 1, forRowAt: row))
    #expect(!table.performSwipeAction(.trailing, at: 0, forRowAt: ItemPath(item: 2, section: 0)))
    #expect(log.lines.count == 2)
  }

  @Test func aLateCompletionIsRecordedOnce() throws {
    let table = HeadlessTable()
    let log = Log()
    let dataSource = source(table, log: log)
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    table.performSwipeAction(.trailing, at: 1, forRowAt: ItemPath(item: 0, section: 0))
    #expect(log.lines == ["remove 1"])
    // The list changes while the request behind "Remove" is in flight: the handler's item is
    // still article 1, wherever it is now.
    try dataSource.apply(try snapshot([("s", [4, 1, 2, 3])]))
    table.clearEvents()
    let done = try #require(log.pending.first)
    done(true)
    done(true)
    done(false)
    #expect(table.events == [.swipeActionCompleted(title: "Remove", performed: true)])
  }

  @Test func trailingActionsReplaceDeleteButLeadingOnesDoNot() throws {
    let table = HeadlessTable()
    var deleted: [Int] = []
    let dataSource = SectionedDataSource<String, Article>()
      .bind(table).configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _ in }
      .didDelete { _, article in deleted.append(article.id) }
      .swipeActions(.leading) { _, _ in [SwipeAction("Pin") { $0(true) }] }
    try dataSource.apply(try snapshot([("s", [1, 2, 3])]))
    try table.swipeToDeleteRow(at: ItemPath(item: 0, section: 0))
    #expect(deleted == [1])
    dataSource.swipeActions(.trailing) { _, _ in [SwipeAction("Flag") { $0(true) }] }
    try table.swipeToDeleteRow(at: ItemPath(item: 0, section: 0))
    #expect(deleted == [1])
    #expect(dataSource.snapshot?.sections.first?.items.map(\.id) == [2, 3])
    // An empty list of trailing actions also means no Delete, as in UIKit.
    dataSource.swipeActions(.trailing) { _, _ in [] }
    try table.swipeToDeleteRow(at: ItemPath(item: 0, section: 0))
    #expect(deleted == [1])
  }

  @Test func withoutClosuresOrAfterInvalidateThereAreNoActions() throws {
    let table = HeadlessTable()
    let plain = SectionedDataSource<String, Article>()
      .bind(table).configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _ in }
    try plain.apply(try snapshot([("s", [1])]))
    #expect(plain.swipeActions(.trailing, forRowAt: ItemPath(item: 0, section: 0)) == nil)
    #expect(!table.performSwipeAction(.trailing, at: 0, forRowAt: ItemPath(item: 0, section: 0)))

    let log = Log()
    let swiping = source(table, log: log)
    try swiping.apply(try snapshot([("s", [1])]))
    #expect(table.swipeActions(.leading, forRowAt: ItemPath(item: 0, section: 0)).count == 1)
    swiping.invalidate()
    #expect(table.swipeActions(.leading, forRowAt: ItemPath(item: 0, section: 0)).isEmpty)
    #expect(swiping.swipeActions(.leading, forRowAt: ItemPath(item: 0, section: 0)) == nil)
  }

  @Test func countModeRowsWithoutAnItemRevealNothing() {
    let table = HeadlessTable()
    let dataSource = SectionedDataSource<Int, Article>()
      .bind(table).configureCell(ArticleCell.self, reuseIdentifier: "article") { _, _ in }
      .rowsNumber { _ in 2 }
      .item { $0.item == 0 ? Article(id: 7, title: "seven") : nil }
      .swipeActions(.trailing) { _, article in [SwipeAction("Flag \(article.id)") { $0(true) }] }
    dataSource.reload()
    #expect(
      table.swipeActions(.trailing, forRowAt: ItemPath(item: 0, section: 0)).map(\.title)
        == ["Flag 7"])
    #expect(table.swipeActions(.trailing, forRowAt: ItemPath(item: 1, section: 0)).isEmpty)
  }
}
