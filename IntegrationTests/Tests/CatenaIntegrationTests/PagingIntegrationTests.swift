import Catena
import CatenaHeadless
import Foundation
import Testing

struct House: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String

  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.id = id
    self.title = title
  }
}

/// Waits until `houses` has loaded nothing for a few turns: rows coming on screen ask for the
/// next page on the next main-actor turn.
@MainActor
func settle(_ houses: Pager<House>) async throws {
  var quiet = 0
  while quiet < 3 {
    try await Task.sleep(for: .milliseconds(2))
    quiet = houses.loadStates.isLoading ? 0 : quiet + 1
  }
}

/// A headless table 10 rows high over a data source of a pager's houses (no status rows).
@MainActor
func housesTable(_ houses: Pager<House>) -> (
  HeadlessTable, SectionedDataSource<String, PagerRow<House>>
) {
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource = SectionedDataSource<String, PagerRow<House>>()
    .bind(table)
    .configureCell(TextCell.self, reuseIdentifier: "house") { cell, _, row in
      cell.text = row.item?.title ?? row.text
    }
  houses.bind(dataSource, section: "houses", rows: PagerRows(showsStatus: false))
  return (table, dataSource)
}

/// The duplicates a pager's loads left out and the changes its data source refused, from its
/// log.
final class DuplicateCount: @unchecked Sendable {
  // NB: `lock` guards `counts`.
  private let lock = NSLock()
  private var counts = (duplicates: 0, rejected: 0)

  @MainActor init(_ pager: Pager<House>) {
    pager.log = PagerLog { [self] entry in
      switch entry {
      case .ended(_, _, .loaded(_, let duplicates, _), _):
        lock.withLock { counts.duplicates += duplicates }
      case .rejected: lock.withLock { counts.rejected += 1 }
      default: break
      }
    }
  }

  var total: Int { lock.withLock { counts.duplicates } }
  var rejected: Int { lock.withLock { counts.rejected } }
}

/// Whether the table refused none of the batches it was given.
@MainActor
func rejectedNone(_ table: HeadlessTable) -> Bool {
  !table.events.contains { if case .rejectedBatch = $0 { true } else { false } }
}

@Suite("Paging over real HTTP", .timeLimit(.minutes(5)))
struct PagingIntegrationTests {
  @MainActor
  @Test func scrollingAHeadlessTableLoadsEveryHouseOnceAndInOrder() async throws {
    let run = UUID().uuidString
    try await TestServer.run { @MainActor port in
      let api = client(port)
      let format = PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
      let source = PageSource<House>.request(format, on: api) { page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size), "run": .string(run)])
      } transform: {
        House(json: $0)
      }
      let houses = Pager(PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: source)
      let (table, dataSource) = housesTable(houses)
      let duplicates = DuplicateCount(houses)
      await houses.refresh().ended()
      var scrolls = 0
      while houses.loadStates.append != .end, scrolls < 200 {
        table.scrollToBottom()
        try await settle(houses)
        scrolls += 1
      }
      #expect(houses.items.map(\.id) == Array(0..<95))
      #expect(dataSource.snapshot?.allItems.compactMap(\.item?.id) == Array(0..<95))
      #expect(table.rowCounts[0] == 95)
      #expect(rejectedNone(table) && duplicates.total == 0 && duplicates.rejected == 0)
      table.scrollToBottom()
      let shown = table.visibleItemPaths.map { table.cellForRow(at: $0)?.renderedText }
      #expect(shown == (85..<95).map { "House \($0)" })
      for page in 1...5 {
        #expect(await Attempts.shared.count("houses-\(run)-\(page)") == 1, "page \(page)")
      }
      #expect(await Attempts.shared.count("houses-\(run)-6") == 0, "a short page ends the list")
    }
  }
}

@Suite("Cursor and Link-header paging over real HTTP", .timeLimit(.minutes(5)))
struct KeyedPagingIntegrationTests {
  /// Scrolls a headless table bound to `houses` to the end; returns the rows it shows.
  @MainActor
  func scrollThrough(_ houses: Pager<House>) async throws -> [Int] {
    let (table, dataSource) = housesTable(houses)
    let duplicates = DuplicateCount(houses)
    await houses.refresh().ended()
    var scrolls = 0
    while houses.loadStates.append != .end, scrolls < 200 {
      table.scrollToBottom()
      try await settle(houses)
      scrolls += 1
    }
    #expect(rejectedNone(table) && duplicates.total == 0 && duplicates.rejected == 0)
    return dataSource.snapshot?.allItems.compactMap(\.item?.id) ?? []
  }

  @MainActor
  @Test func aCursorListLoadsEveryHouseOnce() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(
        PageFormat(list: "data"), cursor: "meta.next", on: client(port)
      ) { cursor, size in
        Get("paged/cursor", ["limit": .int(size), "cursor": cursor.map(JSONValue.string) ?? .null])
      } transform: {
        House(json: $0)
      }
      let houses = Pager(PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.loadedPageCount == 5 && houses.loadStates.append == .end)
    }
  }

  @MainActor
  @Test func aLinkHeaderListFollowsTheServersLinks() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(
        PageFormat(list: "data"), nextLink: "next", on: client(port)
      ) { size in
        Get("paged/link", ["per_page": .int(size)])
      } transform: {
        House(json: $0)
      }
      let houses = Pager(PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.loadedPageCount == 5 && houses.loadStates.append == .end)
    }
  }

  @MainActor
  @Test func anOffsetListCountsWhatArrived() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(
        PageFormat(list: "data", total: "Data.Total"), on: client(port), by: .offset
      ) { offset, limit in
        Get("paged/offset", ["offset": .int(offset), "limit": .int(limit)])
      } transform: {
        House(json: $0)
      }
      let houses = Pager(PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.loadedPageCount == 5)
    }
  }
}
