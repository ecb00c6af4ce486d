#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The UIKit examples of the README and the DocC articles, compiled for iOS against the real
  // SDK by `.ci/apple-build`. A region between `// snippet: NAME` and `// end snippet` is the
  // text of the documents' `<!-- snippet: ios NAME -->` block; DocSnippetTests checks that
  // each block appears here word for word.

  /// The house model of the examples.
  struct House: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String

    init?(json: JSONValue) {
      guard let id = json["id"].int, let title = json["title"].string else { return nil }
      self.id = id
      self.title = title
    }
  }

  // snippet: uikit-houses
  import Catena
  import CatenaUIKit
  import UIKit

  final class HousesViewController: UITableViewController {
    let houses = Pager(
      source: .request(PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")) {
        page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
      } transform: { json in
        House(json: json)
      })
    // The table keeps its data source; a property is for reaching it later.
    var dataSource: SectionedDataSource<String, PagerRow<House>>?
    var controls: PagingControls<House>?

    override func viewDidLoad() {
      super.viewDidLoad()
      let dataSource = SectionedDataSource<String, PagerRow<House>>()
        .bind(tableView)
        .configureCell(UITableViewCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.item?.title
          cell.contentConfiguration = content
        }
        .emptyState { "No houses yet" }
      // Pull to refresh and a load-more footer, instead of status rows.
      houses.bind(dataSource, section: "houses")
      controls = PagingControls(houses, tableView: tableView)
      self.dataSource = dataSource
      houses.refresh()
    }
  }
  // end snippet

  // snippet: uikit-rows
  final class StreetHeader: UITableViewHeaderFooterView {}

  final class FavouritesViewController: UITableViewController {
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: URLSessionTransport())
    var dataSource: SectionedDataSource<String, House>?

    override func viewDidLoad() {
      super.viewDidLoad()
      let dataSource = SectionedDataSource<String, House>()
        .bind(tableView)
        .configureCell(UITableViewCell.self) { cell, _, house in
          var content = cell.defaultContentConfiguration()
          content.text = house.title
          cell.contentConfiguration = content
        }
        .headerView(StreetHeader.self, height: 44) { view, _, street in
          var content = view.defaultContentConfiguration()
          content.text = street
          view.contentConfiguration = content
        }
      dataSource.swipeActions(.trailing) { [weak self] _, house in
        [SwipeAction("Remove", style: .destructive) { done in self?.remove(house, done: done) }]
      }
      self.dataSource = dataSource
    }

    /// The swipe's button stays open, under a mask over the table, until the server answers.
    /// The row leaves the list before the button closes: a destructive action that ends with
    /// `true` tells UIKit the row is gone.
    func remove(_ house: House, done: @escaping @MainActor (Bool) -> Void) {
      Delete("favourites/\(house.id)")
        .showing(MaskLoader(over: tableView))
        .then { [weak self] _ in
          guard let dataSource = self?.dataSource, var snapshot = dataSource.snapshot else {
            return done(false)
          }
          try? snapshot.deleteItems([house.id])
          try? dataSource.apply(snapshot)
          done(true)
        }
        .failed { _ in done(false) }
        .start(on: api)
    }
  }
// end snippet
#endif
