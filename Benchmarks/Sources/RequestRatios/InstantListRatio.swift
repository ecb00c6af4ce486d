// 5. An instant list end to end: a new screen opening on a first page of 50 rows its client's
//    cache keeps on disk, from `refresh()` to the rows applied to a headless table (the request
//    chain, the disk read and checksum, the JSON, the transform, the pager, the data source),
//    against hand-written code doing the same work (the same bytes read from a file,
//    `JSONDecoder`, a snapshot applied to the same kind of table); and, beside them, the
//    parse and the diff alone (`JSONDecoder` and the standard library's `difference(from:)`).
import Catena
import CatenaHeadless
import CatenaTesting
import Foundation

extension Item: Identifiable, Equatable {
  static func == (lhs: Item, rhs: Item) -> Bool {
    lhs.id == rhs.id && lhs.title == rhs.title && lhs.price == rhs.price && lhs.tags == rhs.tags
  }
}

/// A page of `items`, as the hand-written code decodes it.
struct ItemPage: Decodable { var items: [Item] }

/// The first page: 50 items.
let firstPage: Data = {
  let items = (0..<50).map {
    #"{"id": \#($0), "title": "House \#($0)", "price": \#(Double($0) * 1.5), "tags": ["a", "b"]}"#
  }
  return Data(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8)
}()

/// An item from an element of the list, as an app's transform reads it.
func item(_ json: JSONValue) -> Item? {
  guard let id = json["id"].int, let title = json["title"].string else { return nil }
  return Item(
    id: id, title: title, price: json["price"].double ?? 0,
    tags: json["tags"].array?.compactMap(\.string) ?? [])
}

/// Opens the list on `api` and returns once its 50 kept rows are applied to the table.
@MainActor
func openInstantList(_ api: Client) async {
  let pager = Pager(
    PagerConfiguration(pageSize: 50),
    source: .request(PageFormat(list: "items"), on: api) { _, _ in
      Get("page")
    } transform: {
      item($0)
    })
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource = SectionedDataSource<String, PagerRow<Item>>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.title ?? row.text }
  pager.bind(dataSource, section: "items")
  pager.refresh()
  while (dataSource.snapshot?.numberOfItems ?? 0) < 50 { await Task.yield() }
  pager.cancel()  // the revalidation is the network's time, not the screen's
  blackHole(table)
}

/// The same screen written by hand: the page's bytes from a file, `JSONDecoder`, a snapshot.
@MainActor
func openHandWritten(_ file: URL) {
  guard let data = try? Data(contentsOf: file),
    let items = try? JSONDecoder().decode(ItemPage.self, from: data).items
  else { return }
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource = SectionedDataSource<String, Item>()
    .bind(table)
    .configureCell(TextCell.self) { cell, _, item in cell.text = item.title }
  var snapshot = Snapshot<String, Item>()
  try? snapshot.appendSection("items")
  try? snapshot.appendItems(items)
  try? dataSource.apply(snapshot)
  blackHole(table)
}

/// Times both sides 41 times each on the main actor, alternating which goes first; prints the
/// medians and their ratio, and the parse and the diff alone.
@MainActor
func instantListRatio() async throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-instant-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  // The server takes 50 ms: the screen is measured up to its kept rows, and the revalidation
  // it starts is cancelled before it answers.
  let transport = FixtureTransport().route(
    .get, "page", body: firstPage, headers: ["Cache-Control": "no-cache", "ETag": "\"p1\""],
    delay: .milliseconds(50))
  let api = Client(
    baseURL: URL(string: "https://api.example.com/"), transport: transport,
    cache: HTTPCache(
      memoryLimit: 1_024, entryLimit: 8 << 20, directory: folder, diskLimit: 64 << 20))
  _ = try await Get("page").value(on: api)
  let file = folder.appendingPathComponent("by-hand.json")
  try firstPage.write(to: file)
  var ours: [Double] = []
  var hand: [Double] = []
  for round in 0..<41 {
    if round % 2 == 0 {
      hand.append(seconds(ContinuousClock().measure { openHandWritten(file) }))
      ours.append(seconds(await ContinuousClock().measure { await openInstantList(api) }))
    } else {
      ours.append(seconds(await ContinuousClock().measure { await openInstantList(api) }))
      hand.append(seconds(ContinuousClock().measure { openHandWritten(file) }))
    }
    transport.clearRequests()
  }
  let old = (0..<50).map { $0 + 3 }
  let parseAndDiff = (0..<41).map { _ in
    seconds(
      ContinuousClock().measure {
        let items = (try? JSONDecoder().decode(ItemPage.self, from: firstPage).items) ?? []
        blackHole(items.map(\.id).difference(from: old))
      })
  }
  print(
    String(
      format:
        "instant list, 50 kept rows from disk to the table: %.3f ms vs by hand %.3f ms = %.3f× (target ≤ 1.2×); parse + diff alone %.3f ms",
      median(ours) * 1000, median(hand) * 1000, median(ours) / median(hand),
      median(parseAndDiff) * 1000))
}
