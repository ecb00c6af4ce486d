// The paged house list of the original articles: a header of featured houses, a section
// header, rows from `Data.HouseList` loaded page by page (page size at `Data.PageSize`),
// a model transform that drops entries it cannot read, the load states after each step, a
// status row at the end, and cell taps. Scrolling the headless table loads pages to the end.
//
//   swift run HouseList [--base-url http://127.0.0.1:8080]
import Catena
import CatenaHeadless
import SampleAPI

/// A house, from one entry of the list.
struct House: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var price: Int
  var rooms: Int

  /// The transform step: nil for an entry without a title (the server sends a few).
  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.id = id
    self.title = title
    price = json["price"].int ?? 0
    rooms = json["rooms"].int ?? 0
  }
}

/// What a row shows: the cell's view model.
struct HouseRow {
  let house: House
  var title: String { house.title }
  var detail: String { "¥\(house.price)/month · \(house.rooms) room\(house.rooms == 1 ? "" : "s")" }
}

/// The screen's view model: the featured header, the paged list, and the taps.
@MainActor
final class HouseListViewModel {
  let api: Client
  let houses: Pager<House>
  private(set) var featured: [String] = []
  private(set) var tapped: [String] = []

  init(api: Client) {
    self.api = api
    houses = Pager(
      PagerConfiguration(pageSize: 20, prefetchDistance: 3),
      source: .request(
        PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize"), on: api
      ) { page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
      } transform: {
        House(json: $0)
      })
  }

  func loadHeader() async throws(RequestError) {
    featured = try await Get("houses/featured").list(at: "Data.Featured")
      .compactMap { $0["title"].string }.value(on: api)
  }

  func tap(_ house: House) { tapped.append(house.title) }
}

@MainActor
func run() async throws {
  let model = HouseListViewModel(api: SampleAPI.client())
  let table = HeadlessTable(viewportHeight: 6 * 44 + 28)
  var photos: Set<Int> = []  // the houses whose photos were requested ahead of the scroll
  let dataSource = SectionedDataSource<String, PagerRow<House>>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, row in
      guard let house = row.item else { return cell.text = "[\(row.text)]" }
      let shown = HouseRow(house: house)
      cell.text = shown.title
      cell.detailText = shown.detail
    }
    .headerTitle { _, _ in "Recommended" }
    .emptyState { "No houses" }
    .didSelect { _, row in if let house = row.item { model.tap(house) } }
    // Start loading the photos of the rows about to come on screen; stop when they will not.
    .prefetch { _, rows in photos.formUnion(rows.compactMap(\.item?.id)) }
    .cancelPrefetching { _, rows in photos.subtract(rows.compactMap(\.item?.id)) }
  model.houses.bind(dataSource, section: "houses")

  // Rows coming on screen (or prefetched) ask for the next page on the next main-actor turn:
  // wait until no load has run for a few turns.
  func settle() async throws {
    var quiet = 0
    while quiet < 3 {
      try await Task.sleep(for: .milliseconds(5))
      quiet = model.houses.loadStates.isLoading ? 0 : quiet + 1
    }
  }
  func show(_ step: String) {
    let houses = model.houses
    print("── \(step)")
    print(
      "   \(houses.items.count) houses in \(houses.loadedPageCount) page\(houses.loadedPageCount == 1 ? "" : "s"), \(houses.loadStates), "
        + "\(houses.unreadableCount) entr\(houses.unreadableCount == 1 ? "y" : "ies") unreadable")
    print("   photos requested ahead of the scroll: \(photos.count)")
    print("Featured: " + model.featured.joined(separator: " · "))
    print(table.render())
    print()
  }

  print("House list (\(SampleAPI.origin()))\n")
  try await model.loadHeader()
  // The pull-to-refresh on first appearance. The table prefetches the rows past the screen,
  // as UIKit does, so the second page starts before its rows come on screen.
  model.houses.refresh()
  try await settle()
  show("pull to refresh")
  var scrolls = 0
  while model.houses.loadStates.append != .end, scrolls < 20 {
    table.scrollToBottom()
    try await settle()
    scrolls += 1
    show("scroll to the bottom")
  }
  table.tapRow(at: ItemPath(item: table.rowCounts[0] - 2, section: 0))
  print("tapped: \(model.tapped.joined(separator: ", "))")
  print()
  table.scroll(toOffset: 0)
  model.houses.refresh()
  try await settle()
  show("pull to refresh again")
}

do {
  try await run()
} catch {
  print("error: \(error)")
}
