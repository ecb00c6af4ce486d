import CatenaDataSource
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// Pages of rows from `GET rows` on `transport`, through a client with a memory cache.
func cachedRows(on transport: FixtureTransport) -> PageSource<Row> {
  var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
  api.cache = HTTPCache()
  return PageSource<Row>.request(PageFormat(list: "items"), on: api) { page, size in
    Get("rows", ["page": .int(page), "size": .int(size)])
  } transform: { json in
    json["id"].int.map { Row($0) }
  }
}

@MainActor
@Suite("Instant lists on a request source: the kept page in the same turn")
struct KeptPageTests {
  @Test func aListOpenedAgainShowsItsKeptRowsInTheSameTurnWithNoLoadRow() async throws {
    let kept: HTTPHeaders = [
      "Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": "\"1\"",
    ]
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}, {"id": 2}]}"#, headers: kept)
    let source = cachedRows(on: transport)
    let first = Pager(source: source)
    await first.refresh().value
    #expect(first.items.count == 2)
    let table = HeadlessTable(viewportHeight: 440)
    let pager = Pager(source: source)
    let (dataSource, _) = bindRows(pager, on: table)
    table.clearEvents()
    let applied = Applied()
    pager.log = PagerLog { entry in
      if case .applied(let inserted, let deleted, let moved, let updated, _, _) = entry {
        applied.append([inserted, deleted, moved, updated])
      }
    }
    let refresh = pager.refresh()
    // No await since: the kept rows are on the table already, and no load row came first.
    #expect(applied.all.first == [2, 0, 0, 0], "the two rows first, no load row before them")
    #expect(pager.items.map(\.id) == [1, 2])
    #expect(dataSource.snapshot?.allItems.compactMap(\.item?.id) == [1, 2])
    #expect(dataSource.snapshot?.allItems.compactMap(\.status) == [.end], "no load row")
    #expect(
      table.events.first == .reloadData,
      "the kept rows are the table's first content: shown at once, not animated in")
    #expect(pager.loadStates.refresh == .loading, "the server is still asked")
    await refresh.value
    #expect(transport.requests.count == 2)
    #expect(pager.loadStates.refresh == .idle)
  }

  @Test func withNothingKeptTheServersPageComesLater() async throws {
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}]}"#)
    let pager = Pager(source: cachedRows(on: transport))
    pager.refresh()
    #expect(pager.items.isEmpty, "nothing kept: the server's page comes later")
    try await turns("the server's page") { pager.items.count == 1 }
  }
}
