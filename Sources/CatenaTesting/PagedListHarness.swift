public import CatenaDataSource
import CatenaDiff
public import CatenaPaging

/// Drives a `Pager` bound to a headless table in a few lines, the way a user would: refresh,
/// scroll to a row, scroll while a condition holds, tap a status row; and reads what the
/// screen shows, what was asked of the server, and the load states.
///
/// ```swift
/// let list = PagedListHarness(count: 95, pageSize: 20) { Message(id: $0) }
/// try await list.refresh()
/// try await list.scroll(toRow: 60)
/// #expect(list.requestedPages == [1, 2, 3, 4])
/// list.failNextRequest()
/// try await list.scrollToBottom()
/// #expect(list.pager.loadStates.append.error != nil)
/// #expect(list.visibleRows.last == "[Couldn't load: … Tap to retry.]")
/// ```
///
/// Loads are answered by ``FixturePages`` at once; the harness waits for them by letting the
/// main actor run (a bounded number of turns, never a clock), and throws
/// ``PagedListHarness/Stuck`` when a load does not end.
@MainActor
public final class PagedListHarness<Item: Identifiable & Sendable & Equatable>
where Item.ID: Sendable {
  /// The pager under test.
  public let pager: Pager<Item>
  /// The server: the fixture pages the pager loads.
  public let pages: FixturePages<Item>
  /// The table the user scrolls.
  public let table: HeadlessTable
  /// The data source between them.
  public let dataSource: SectionedDataSource<String, PagerRow<Item>, TextCell>
  /// The pager's binding (separators, header and footer rows, filter).
  public let binding: PagerBinding<Item>
  private let describe: (Item) -> String

  /// A pager over `count` items made by `make`, in pages of `pageSize`, keyed as `keying`
  /// says, shown in a table `viewportRows` rows high; `describe` is an item's text on screen.
  public init(
    count: Int, pageSize: Int = 20, keying: PageKeying = .index, viewportRows: Int = 10,
    configuration: PagerConfiguration? = nil,
    describe: @escaping (Item) -> String = { "\($0.id)" },
    make: @escaping @Sendable (Int) -> Item
  ) {
    self.describe = describe
    pages = FixturePages(count: count, make: make)
    var settings = configuration ?? PagerConfiguration(pageSize: pageSize)
    settings.pageSize = pageSize
    pager = Pager(settings, source: pages.source(keying))
    table = HeadlessTable(viewportHeight: Double(viewportRows) * 44)
    dataSource = SectionedDataSource<String, PagerRow<Item>, TextCell>()
      .bind(table, cell: TextCell.self, reuseIdentifier: "row")
      .configureCell { cell, _, row in cell.text = row.item.map(describe) ?? "[\(row.text)]" }
    binding = pager.bind(to: dataSource, section: "list")
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
      table.scroll(by: (index < first ? -1 : 1) * table.viewportHeight / 2)
      try await settle()
      if table.contentOffset == before { break }  // at an end, and nothing more loaded
      turns += 1
    }
  }

  /// Scrolls by `rows` rows (negative: up) and waits.
  public func scroll(byRows rows: Int) async throws {
    table.scroll(by: Double(rows) * table.rowHeight)
    try await settle()
  }

  /// Scrolls half a screen at a time towards the end (or, with `up`, the start) while
  /// `condition` holds and the table still moves, and waits after each step.
  public func scroll(up: Bool = false, while condition: () -> Bool) async throws {
    while condition() {
      let before = table.contentOffset
      table.scroll(by: (up ? -1 : 1) * table.viewportHeight / 2)
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

  /// Fails the next `times` requests the server gets.
  public func failNextRequest(_ times: Int = 1) { pages.failingNext(times) }

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

  /// Every row of the list as the table shows it: an item's text, or a status, separator,
  /// header or footer row in brackets.
  public var rows: [String] {
    (dataSource.snapshot?.allItems ?? []).map { row in
      textOfRow(row)
    }
  }

  /// The rows on screen, as ``rows`` writes them.
  public var visibleRows: [String] {
    visiblePaths.compactMap { dataSource.item(at: $0) }.map { row in
      textOfRow(row)
    }
  }

  /// The page numbers the server was asked for, in order (for offsets and cursors: the page
  /// their first item falls in).
  public var requestedPages: [Int] { pages.requests.map(\.page) }

  private var visiblePaths: [ItemPath] { table.visibleItemPaths }

  private func textOfRow(_ row: PagerRow<Item>) -> String {
    row.item.map(describe) ?? "[\(row.text)]"
  }

}
