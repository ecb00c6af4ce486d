// One screen, defined once: the paged house list's pager and its data source's chain, with no
// table in it. The app binds it to a `UITableView` (or a collection list); its tests and the
// `HouseScreen` sample bind the same definition to a `HeadlessTable`. Rows are content
// configurations, which every list Catena drives shows: UIKit's cells draw them, the headless
// table's `TextCell`s show their texts. `SampleTests` drives it both ways (a headless table,
// and UIKit's table through the recording fakes on Linux) and checks the same rows.
#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  #if os(Linux)
    import UIKitFakes
  #else
    import UIKit
  #endif
  public import Catena
  import CatenaUIKit

  /// A house, from one entry of the list.
  public struct House: Identifiable, Equatable, Sendable {
    /// The house's id.
    public var id: Int
    /// What the row says.
    public var title: String
    /// The monthly rent, in yuan.
    public var price: Int

    /// The transform step: nil for an entry without a title (the server sends a few).
    init?(json: JSONValue) {
      guard let id = json["id"].int, let title = json["title"].string else { return nil }
      (self.id, self.title, price) = (id, title, json["price"].int ?? 0)
    }
  }

  /// The house list's screen: what it loads and how its rows look and act, for any table.
  @MainActor
  public final class HousesScreen {
    /// The houses, page by page.
    public let houses: Pager<House>
    /// The rows' chain: bind it to the screen's table (`dataSource.bind(tableView)`).
    public let dataSource = SectionedDataSource<String, PagerRow<House>>()
    /// The houses the user opened, in order.
    public private(set) var opened: [House] = []

    /// The screen over `api`'s `houses` pages.
    public init(api: Client) {
      houses = Pager(
        PagerConfiguration(pageSize: 10, prefetchDistance: 2),
        source: .request(
          PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize"), on: api
        ) { page, size in
          Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
        } transform: {
          House(json: $0)
        })
      dataSource
        .configureCell { _, row in
          // A house, or a status row ("Loading…", a failure to tap, the end).
          var content = UIListContentConfiguration.subtitleCell()
          content.text = row.item?.title ?? row.text
          content.secondaryText = row.item.map { "¥\($0.price)/month" }
          return content
        }
        .emptyState { "No houses" }
        .didSelect { [weak self] _, row in
          if let house = row.item { self?.opened.append(house) }
        }
      houses.bind(dataSource, section: "houses")
    }
  }
#endif
