// The paged house list of the original articles: a header of featured houses, a section
// header, rows from `Data.HouseList` loaded page by page (page size at `Data.PageSize`),
// a model transform that drops entries it cannot read, pull-to-refresh and load-more driven by
// paging events, and cell taps as events. Scrolling the headless table loads pages to the end.
//
//   swift run HouseList [--base-url http://127.0.0.1:8080]
import Catena
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
  let houses: PagedList<House>
  private(set) var featured: [String] = []
  private(set) var tapped: [String] = []
  private(set) var events: [String] = []
  /// Loads finished, as `loadCompletion` counts them, and loads whose ending event the stream
  /// has delivered: every load sends exactly one ending event before it completes.
  private var finishedLoads = 0
  private var deliveredEndings = 0

  init(api: Client) {
    self.api = api
    houses = PagedList(
      pageSize: 20, firstPage: 1,
      source: .request(list: "Data.HouseList", pageSize: "Data.PageSize", on: api) {
        page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
      } transform: {
        House(json: $0)
      })
    let events = houses.events()
    houses.loadCompletion { [weak self] _ in self?.finishedLoads += 1 }
    Task { [weak self] in
      for await event in events {
        self?.events.append(event.description)
        switch event {
        case .headerEnded, .footerEnded, .failed: self?.deliveredEndings += 1
        case .started, .contentChanged: break
        }
      }
    }
  }

  func loadHeader() async throws(RequestError) {
    featured = try await Get("houses/featured").list(at: "Data.Featured")
      .compactMap { $0["title"].string }.value(on: api)
  }

  func tap(_ house: House) { tapped.append(house.title) }

  /// The events since the last call, once the stream has delivered those of every finished
  /// load.
  func takeEvents() async -> [String] {
    while deliveredEndings < finishedLoads { try? await Task.sleep(for: .milliseconds(1)) }
    defer { events.removeAll() }
    return events
  }
}

@MainActor
func run() async throws {
  let model = HouseListViewModel(api: SampleAPI.client())
  let table = HeadlessTable(viewportHeight: 6 * 44 + 28)
  var photos: Set<Int> = []  // the houses whose photos were requested ahead of the scroll
  let dataSource = SectionedDataSource<String, House, TextCell>()
    .bind(table, cell: TextCell.self, reuseIdentifier: "house")
    .configureCell { cell, _, house in
      let row = HouseRow(house: house)
      cell.text = row.title
      cell.detailText = row.detail
    }
    .header { _, _ in "Recommended" }
    .didSelect { _, house in model.tap(house) }
    .prefetch { _, houses in photos.formUnion(houses.map(\.id)) }  // start loading their photos
    .cancelPrefetching { _, houses in photos.subtract(houses.map(\.id)) }
  model.houses.bind(to: dataSource, section: "houses", loadWithin: 3, emptyText: "No houses")

  func settle() async throws {
    while model.houses.state.isLoading { try await Task.sleep(for: .milliseconds(5)) }
  }
  func show(_ step: String) async {
    print("── \(step)")
    for event in await model.takeEvents() { print("   event: \(event)") }
    print(
      "   \(model.houses.items.count) houses, page \(model.houses.currentPage ?? 0), "
        + "\(model.houses.state), \(model.houses.droppedCount) entr\(model.houses.droppedCount == 1 ? "y" : "ies") dropped"
    )
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
  await show("pull to refresh")
  var scrolls = 0
  while model.houses.state != .loaded(hasMore: false), scrolls < 20 {
    table.scrollToBottom()
    try await settle()
    scrolls += 1
    await show("scroll to the bottom")
  }
  table.tapRow(at: ItemPath(item: table.numberOfRows(inSection: 0) - 1, section: 0))
  print("tapped: \(model.tapped.joined(separator: ", "))")
  print()
  table.scroll(toOffset: 0)
  model.houses.refresh()
  try await settle()
  await show("pull to refresh again")
}

do {
  try await run()
} catch {
  print("error: \(error)")
}
