// A list opened twice on one client with an HTTP cache: the first open waits for the server;
// the second shows the rows the cache kept in the same turn (no spinner), asks the server with the
// kept page's validator, and applies its answer as one change. A third open gets a
// `304 Not Modified`: nothing changes. The server's answers wait until the screen has shown
// what it kept, so what prints is the same on every run.
//
//   swift run InstantList
import Catena
import CatenaHeadless
import CatenaTesting
import Foundation

/// A listing, from one element of the list.
struct Listing: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String

  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.id = id
    self.title = title
  }
}

/// The server: 30 listings, newest first, with an `ETag` of its version and
/// `Cache-Control: no-cache` (kept, and asked again at each use); `304` when nothing changed.
/// Its answers wait until the sample opens the gate.
actor ListingServer {
  private var published = 0
  private var open = true
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// How many `304`s each page got.
  private(set) var notModified: [Int: Int] = [:]

  func publish(_ count: Int) { published += count }
  func hold() { open = false }
  func release() {
    open = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }

  func respond(to request: HTTPRequest) async -> HTTPResponse {
    if !open { await withCheckedContinuation { waiting.append($0) } }
    let etag = "\"v\(published)\""
    let page =
      URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
      .first { $0.name == "page" }?.value.flatMap(Int.init) ?? 1
    if request.headers["If-None-Match"] == etag {
      notModified[page, default: 0] += 1
      return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": "no-cache"])
    }
    let ids = (0..<published).reversed().map { 100 + $0 } + Array(0..<30)
    let start = (page - 1) * 8
    let listings = ids[min(start, ids.count)..<min(start + 8, ids.count)].map {
      #"{"id": \#($0), "title": "\#($0 >= 100 ? "New listing" : "Listing") \#($0)"}"#
    }
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": "application/json", "ETag": etag, "Cache-Control": "no-cache"],
      body: Data(#"{"listings": [\#(listings.joined(separator: ","))]}"#.utf8))
  }
}

/// One open of the screen: a pager bound to a headless table, writing down each change.
@MainActor
final class ListingScreen {
  let pager: Pager<Listing>
  let table = HeadlessTable(viewportHeight: 4 * 44)
  let dataSource: SectionedDataSource<String, PagerRow<Listing>>
  private(set) var changes: [String] = []

  init(api: Client) {
    pager = Pager(
      PagerConfiguration(pageSize: 8),
      source: .request(PageFormat(list: "listings"), on: api) { page, size in
        Get("listings", ["page": .int(page), "size": .int(size)])
      } transform: {
        Listing(json: $0)
      })
    dataSource = SectionedDataSource<String, PagerRow<Listing>>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.title ?? "[\(row.text)]"
      }
    pager.bind(dataSource, section: "listings")
    pager.log = PagerLog { [weak self] entry in
      guard case .applied(let inserted, let deleted, _, let updated, _, _) = entry,
        inserted + deleted + updated > 0
      else { return }
      MainActor.assumeIsolated { self?.changes.append("+\(inserted) −\(deleted) ~\(updated)") }
    }
  }

  func show(_ line: String) {
    print("   \(line): refresh \(pager.loadStates.refresh)")
    print(table.render().split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
  }
}

@MainActor
func run() async {
  let server = ListingServer()
  let transport = FixtureTransport()
    .route(.get, "listings") { request in await server.respond(to: request) }
  let api = Client(
    baseURL: URL(string: "https://api.example.com/"), transport: transport, cache: HTTPCache())
  print("Instant list (embedded fixtures, an HTTP cache in memory)\n")

  print("── first open: nothing kept")
  await server.hold()
  let first = ListingScreen(api: api)
  let load = first.pager.refresh()
  first.show("while the server is asked")
  await server.release()
  await load.ended()
  first.show("the server's page")

  print("\n── two listings published; the list opened again")
  await server.publish(2)
  await server.hold()
  let second = ListingScreen(api: api)
  let again = second.pager.refresh()
  second.show("in the same turn as refresh(), from the cache")
  let kept = second.changes.count
  await server.release()
  await again.ended()
  print("   the server's page, as one change: " + (second.changes.dropFirst(kept).first ?? "none"))
  second.show("the row read stays, two new ones above")

  print("\n── opened a third time: nothing new")
  let third = ListingScreen(api: api)
  let last = third.pager.refresh()
  let keptListings = third.pager.items
  await last.ended()
  let notModified = await server.notModified[1] ?? 0
  print("   the server answered page 1 with 304 Not Modified (\(notModified) time)")
  let firstPage = Array(third.pager.items.prefix(keptListings.count))
  print("   page 1 changed since the kept rows: \(firstPage == keptListings ? "no" : "yes")")
  third.show("the kept rows stay")
}

await run()
