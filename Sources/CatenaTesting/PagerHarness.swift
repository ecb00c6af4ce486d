public import CatenaDataSource
import CatenaDiff
public import CatenaHeadless
public import CatenaPaging

/// Drives an app's own list screen headless, the way a user would: its pager (with its own
/// page source), its data source (with its own cells) and a headless table the data source is
/// bound to. Refresh, scroll to a row, scroll while a condition holds, tap a status row; then
/// read what the app's cells show on screen and the load states.
///
/// ```swift
/// let screen = HousesScreen(source: FixturePages(count: 95) { House(id: $0) }.source)
/// let list = PagerHarness(screen.houses, shownBy: screen.dataSource, on: screen.table)
/// try await list.refresh()
/// try await list.scroll(toRow: 60)
/// #expect(list.visibleRows.contains("House 60"))
/// ```
///
/// The harness waits for loads by letting the main actor run (a bounded number of turns,
/// never a clock), so the source must answer without a clock too (`FixturePages` does, and so
/// does a `FixtureTransport` without a delay); it throws ``PagerHarness/Stuck`` when a load
/// does not end.
@MainActor
public final class PagerHarness<Item: Identifiable & Sendable & Equatable, SectionID: Hashable>
where Item.ID: Sendable {
  /// The pager under test.
  public let pager: Pager<Item>
  /// The data source the pager is bound to.
  public let dataSource: SectionedDataSource<SectionID, PagerRow<Item>>
  /// The table the user scrolls, the data source's.
  public let table: HeadlessTable

  /// Drives `pager`, bound (by the app's code) to `dataSource`, which is bound to `table`.
  public init(
    _ pager: Pager<Item>, shownBy dataSource: SectionedDataSource<SectionID, PagerRow<Item>>,
    on table: HeadlessTable
  ) {
    self.pager = pager
    self.dataSource = dataSource
    self.table = table
  }

  /// A load did not end within the turns the harness waits.
  public struct Stuck: Error, CustomStringConvertible {
    /// The load states at the time.
    public let states: LoadStates
    /// "a load did not end: refresh loading · …".
    public var description: String { "a load did not end: \(states)" }
  }

  // MARK: Acting

  /// Refreshes (at `key`, or the first page) and waits until every load has ended.
  public func refresh(at key: PageKey? = nil) async throws {
    pager.refresh(at: key)
    try await settle()
  }

  /// Scrolls until the row at `index` is on screen (rows load on the way), and waits.
  public func scroll(toRow index: Int) async throws {
    var turns = 0
    while !visiblePaths.contains(where: { $0.item == index }), turns < 1_000 {
      let before = table.contentOffset
      let first = visiblePaths.first?.item ?? 0
      table.scroll(
        toOffset: table.contentOffset + (index < first ? -1 : 1) * table.viewportHeight / 2)
      try await settle()
      if table.contentOffset == before { break }  // at an end, and nothing more loaded
      turns += 1
    }
  }

  /// Scrolls by `rows` rows (negative: up) and waits.
  public func scroll(byRows rows: Int) async throws {
    table.scroll(toOffset: table.contentOffset + Double(rows) * table.rowHeight)
    try await settle()
  }

  /// Scrolls half a screen at a time towards the end (or, with `up`, the start) while
  /// `condition` holds and the table still moves, and waits after each step.
  public func scroll(up: Bool = false, while condition: () -> Bool) async throws {
    while condition() {
      let before = table.contentOffset
      table.scroll(toOffset: table.contentOffset + (up ? -1 : 1) * table.viewportHeight / 2)
      try await settle()
      if table.contentOffset == before { return }
    }
  }

  /// Scrolls to the end, loading pages on the way, until nothing more loads.
  public func scrollToBottom() async throws {
    try await scroll { true }
  }

  /// Scrolls to the start, loading pages on the way, until nothing more loads.
  public func scrollToTop() async throws {
    try await scroll(up: true) { true }
  }

  /// Taps the first status row on screen that retries (a failed load), and waits.
  public func tapRetry() async throws {
    guard
      let path = visiblePaths.first(where: {
        dataSource.item(at: $0)?.status?.isRetryable == true
      })
    else { return }
    table.tapRow(at: path)
    try await settle()
  }

  /// Lets the main actor run until no load runs.
  ///
  /// - Throws: ``Stuck`` when a load is still running after 10,000 turns.
  public func settle() async throws {
    var turns = 0
    while pager.loadStates.isLoading || pager.hasScheduledLoads, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    if pager.loadStates.isLoading || pager.hasScheduledLoads {
      throw Stuck(states: pager.loadStates)
    }
  }

  // MARK: Reading

  /// Every row of the data source, in order: items, status, separator and placeholder rows.
  public var rows: [PagerRow<Item>] { dataSource.snapshot?.allItems ?? [] }

  /// What the app's cells on screen show (`HeadlessCell.renderedText`), top to bottom.
  public var visibleRows: [String] {
    visiblePaths.map { table.cellForRow(at: $0)?.renderedText ?? "" }
  }

  private var visiblePaths: [ItemPath] { table.visibleItemPaths }
}
