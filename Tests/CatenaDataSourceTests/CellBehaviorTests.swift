import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import Testing

/// A headless cell with a tap handler: behaviour a screen gives it.
@MainActor
final class TappableCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var title = ""
  var onTap: (() -> Void)?
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() {
    title = ""
    onTap = nil
  }
  var renderedText: String { title }
}

/// An item whose content is its title.
struct Mail: Identifiable, Equatable {
  let id: Int
  var title: String
}

/// What the screen's closures saw, and which generation of the screen gave them.
@MainActor
final class MailScreen {
  var generation = 1
  var taps: [String] = []
  var configures = 0
  var behaviorRuns = 0
}

@MainActor
@Suite("Behaviour is set again on every update; content is diffed")
struct CellBehaviorTests {
  func snapshot(_ mails: [Mail]) throws -> Snapshot<Int, Mail> {
    var snapshot = Snapshot<Int, Mail>()
    try snapshot.appendSection(0)
    try snapshot.appendItems(mails)
    return snapshot
  }

  /// A data source on `table` whose cells show a mail's title and tap into `screen`.
  func mailSource(_ table: HeadlessTable, _ screen: MailScreen) -> SectionedDataSource<Int, Mail> {
    SectionedDataSource<Int, Mail>()
      .bind(table)
      .configureCell(TappableCell.self, reuseIdentifier: "mail") { cell, _, mail in
        cell.title = mail.title
        screen.configures += 1
      } behaviors: { cell, _, mail in
        let generation = screen.generation
        cell.onTap = { screen.taps.append("\(generation):\(mail.id)") }
        screen.behaviorRuns += 1
      }
  }

  func tap(_ table: HeadlessTable, _ item: Int) {
    (table.cellForRow(at: ItemPath(item: item, section: 0)) as? TappableCell)?.onTap?()
  }

  @Test func aCellWhoseItemIsEqualGetsTheClosuresOfNow() throws {
    let screen = MailScreen()
    let table = HeadlessTable(viewportHeight: 440)
    let dataSource = mailSource(table, screen)
    let mails = [Mail(id: 1, title: "a"), Mail(id: 2, title: "b")]
    try dataSource.apply(snapshot(mails))
    tap(table, 0)
    #expect(screen.taps == ["1:1"])
    let configured = screen.configures

    // The screen moves on; the same items are applied again: nothing visible changes.
    screen.generation = 2
    try dataSource.apply(snapshot(mails))
    #expect(screen.configures == configured, "equal content is not configured again")
    tap(table, 0)
    tap(table, 1)
    #expect(screen.taps == ["1:1", "2:1", "2:2"], "no stale closure is called")

    // A changed item is configured again, and its behaviour set once more too.
    screen.generation = 3
    try dataSource.apply(snapshot([Mail(id: 1, title: "a"), Mail(id: 2, title: "B")]))
    #expect(screen.configures == configured + 1)
    tap(table, 1)
    #expect(screen.taps.last == "3:2")
    #expect(table.render().contains("B"))
  }

  @Test func aClosureSetInConfigureAloneStaysStaleWhichIsWhyBehaviorsExist() throws {
    // The control: the same closure given in `configure` keeps the first generation.
    let screen = MailScreen()
    let table = HeadlessTable(viewportHeight: 440)
    let dataSource = SectionedDataSource<Int, Mail>()
      .bind(table)
      .configureCell(TappableCell.self, reuseIdentifier: "mail") { cell, _, mail in
        let generation = screen.generation
        cell.onTap = { screen.taps.append("\(generation):\(mail.id)") }
      }
    let mails = [Mail(id: 1, title: "a")]
    try dataSource.apply(snapshot(mails))
    screen.generation = 2
    try dataSource.apply(snapshot(mails))
    tap(table, 0)
    #expect(screen.taps == ["1:1"])
  }

  @Test func behaviorsRunForNewCellsReloadsBatchesAndOnlyForCellsOnScreen() throws {
    let screen = MailScreen()
    let table = HeadlessTable(viewportHeight: 2 * 44)
    let dataSource = mailSource(table, screen)
    let mails = (0..<20).map { Mail(id: $0, title: "m\($0)") }
    try dataSource.apply(snapshot(mails))
    let afterFirst = screen.behaviorRuns
    #expect(afterFirst >= 2 && afterFirst <= 2 * 2, "the two rows on screen, not all twenty")

    screen.generation = 2
    dataSource.reload()
    tap(table, 1)
    #expect(screen.taps == ["2:1"])

    // A batch update (the count-closure style's way) sets them again too.
    screen.generation = 3
    try dataSource.performUpdates(BatchUpdate()) {}
    tap(table, 0)
    #expect(screen.taps == ["2:1", "3:0"])

    // A cell scrolled into view gets the behaviour when it is made.
    screen.generation = 4
    table.scroll(toOffset: 10 * 44)
    tap(table, 10)
    #expect(screen.taps.last == "4:10")
  }

  @Test func anApplyAskedForFromBehaviorsWaitsForTheUpdateItRunsIn() throws {
    let screen = MailScreen()
    let table = HeadlessTable(viewportHeight: 440)
    var dataSource: SectionedDataSource<Int, Mail>?
    var next: Snapshot<Int, Mail>? = try snapshot([Mail(id: 9, title: "new")])
    var rowsWhenAsked: [Int] = []
    dataSource = SectionedDataSource<Int, Mail>()
      .bind(table)
      .configureCell(TappableCell.self, reuseIdentifier: "mail") { cell, _, mail in
        cell.title = mail.title
      } behaviors: { _, _, _ in
        guard let asked = next else { return }
        next = nil
        rowsWhenAsked = table.rowCounts
        // Re-entrant: an apply from inside the update that sets the behaviours.
        try? dataSource?.apply(asked)
        screen.behaviorRuns += 1
      }
    try dataSource?.apply(snapshot([Mail(id: 1, title: "a"), Mail(id: 2, title: "b")]))
    #expect(rowsWhenAsked == [2], "the first update was whole when the closure ran")
    #expect(dataSource?.snapshot?.allItems.map(\.id) == [9], "the asked-for apply ran after it")
    #expect(table.render().contains("new") && !table.render().contains("a"))
    #expect(screen.behaviorRuns == 1)
  }
}
