import Catena
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

@Suite("Paging over real HTTP", .timeLimit(.minutes(5)))
struct PagingIntegrationTests {
  @MainActor
  @Test func scrollingAHeadlessTableLoadsEveryHouseOnceAndInOrder() async throws {
    let run = UUID().uuidString
    try await TestServer.run { @MainActor port in
      let api = client(port)
      let source = PageSource<House>.request(list: "Data.HouseList", on: api) { page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size), "run": .string(run)])
      } transform: {
        House(json: $0)
      }
      let houses = PagedList(pageSize: 20, source: source)
      let table = HeadlessTable(viewportHeight: 10 * 44)
      let dataSource = SectionedDataSource<String, House, TextCell>()
        .bind(table, cell: TextCell.self, reuseIdentifier: "house")
        .configureCell { cell, _, house in cell.text = house.title }
      let binding = houses.bind(to: dataSource, section: "houses", loadWithin: 5)
      await houses.refresh()?.value
      var scrolls = 0
      while houses.state != .loaded(hasMore: false), scrolls < 200 {
        table.scrollToBottom()
        while houses.state.isLoading { try await Task.sleep(for: .milliseconds(2)) }
        scrolls += 1
      }
      #expect(houses.items.map(\.id) == Array(0..<95))
      #expect(dataSource.snapshot?.allItems.map(\.id) == Array(0..<95))
      #expect(table.numberOfRows(inSection: 0) == 95)
      #expect(binding.errors.isEmpty && binding.droppedDuplicates.isEmpty)
      table.scrollToBottom()
      let shown = table.indexPathsForVisibleRows.map { table.cellForRow(at: $0)?.renderedText }
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
  func scrollThrough(_ houses: PagedList<House>) async throws -> [Int] {
    let table = HeadlessTable(viewportHeight: 10 * 44)
    let dataSource = SectionedDataSource<String, House, TextCell>()
      .bind(table, cell: TextCell.self, reuseIdentifier: "house")
      .configureCell { cell, _, house in cell.text = house.title }
    let binding = houses.bind(to: dataSource, section: "houses", loadWithin: 5)
    await houses.refresh()?.value
    var scrolls = 0
    while houses.state != .loaded(hasMore: false), scrolls < 200 {
      table.scrollToBottom()
      while houses.state.isLoading { try await Task.sleep(for: .milliseconds(2)) }
      scrolls += 1
    }
    #expect(binding.errors.isEmpty && binding.droppedDuplicates.isEmpty)
    return dataSource.snapshot?.allItems.map(\.id) ?? []
  }

  @MainActor
  @Test func aCursorListLoadsEveryHouseOnce() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(list: "data", cursor: "meta.next", on: client(port)) {
        cursor, size in
        Get("paged/cursor", ["limit": .int(size), "cursor": cursor.map(JSONValue.string) ?? .null])
      } transform: {
        House(json: $0)
      }
      let houses = PagedList(pageSize: 20, source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.lastLoadedPage == 5 && houses.nextKey == nil)
    }
  }

  @MainActor
  @Test func aLinkHeaderListFollowsTheServersLinks() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(list: "data", nextLink: "next", on: client(port)) {
        size in
        Get("paged/link", ["per_page": .int(size)])
      } transform: {
        House(json: $0)
      }
      let houses = PagedList(pageSize: 20, source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.lastLoadedPage == 5 && houses.nextKey == nil)
    }
  }

  @MainActor
  @Test func anOffsetListCountsWhatArrived() async throws {
    try await TestServer.run { @MainActor port in
      let source = PageSource<House>.request(
        list: "data", on: client(port), strategy: .totalCount(at: "Data.Total"), by: .offset
      ) { offset, limit in
        Get("paged/offset", ["offset": .int(offset), "limit": .int(limit)])
      } transform: {
        House(json: $0)
      }
      let houses = PagedList(
        pageSize: 20, strategy: .totalCount(at: "Data.Total"), source: source)
      let shown = try await scrollThrough(houses)
      #expect(shown == Array(0..<95))
      #expect(houses.lastLoadedPage == 5)
    }
  }
}
