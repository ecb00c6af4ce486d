// The chained data source of the original article, headless: a two-section list built with
// `bind … configureCell … didSelect`, fed with snapshots whose changes animate as batch updates,
// printed after each step the way the screen would show it (with a header view, a section index
// and a swipe action); then the article's
// `Get(…).then { }.failed { }.start()` for a user profile.
//
//   swift run ChainedList                                  # against the embedded fixtures
//   swift run ChainedList --base-url http://127.0.0.1:8080 # against catena-fixture-server
import Catena
import CatenaHeadless
import SampleAPI

/// An article in the list.
struct Article: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var comments = 0
}

/// The cell that shows an article: a `UITableViewCell` subclass in an app, a `HeadlessCell` here.
@MainActor
final class ArticleCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var title = ""
  var comments = 0

  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

  func prepareForReuse() {
    title = ""
    comments = 0
  }

  var renderedText: String { comments > 0 ? "\(title) (\(comments) comments)" : title }
}

@MainActor
func run() throws {
  let table = HeadlessTable(viewportHeight: 440)
  var opened: [String] = []
  var archived: [String] = []

  var today = [
    Article(id: 1, title: "Typed throws in practice"),
    Article(id: 2, title: "Headless table views"),
  ]
  var earlier = [
    Article(id: 3, title: "Heckel's diff, revisited"),
    Article(id: 4, title: "UIKit batch-update rules"),
  ]

  let dataSource = SectionedDataSource<String, Article>()
    .bind(table)
    .configureCell(ArticleCell.self) { cell, _, article in
      cell.title = article.title
      cell.comments = article.comments
    }
    .didSelect { _, article in opened.append(article.title) }
    .headerTitle { _, section in section == "today" ? "Today" : "Earlier" }
    .footerTitle { _, section in section == "earlier" ? "\(earlier.count) older" : nil }
    .sectionIndexTitle { _, section in section == "today" ? "T" : "E" }
    .headerView(TextHeaderFooterView.self, when: { $1 == "today" }) {
      view, _, _ in view.text = "Today · live"
    }
    .swipeActions(.trailing) { _, article in
      [
        SwipeAction("Archive") { done in
          archived.append(article.title); done(true)
        }
      ]
    }

  func show(_ step: String) {
    let batches = table.events.compactMap { event -> String? in
      if case .batch(let update) = event { return "\(update)" }
      return event == .reloadData ? "reloadData" : nil
    }
    print("── \(step)")
    for batch in batches { print("   table: \(batch)") }
    print(table.render())
    print()
    table.clearEvents()
  }

  func snapshot(_ today: [Article], _ earlier: [Article]) throws -> Snapshot<String, Article> {
    var snapshot = Snapshot<String, Article>()
    try snapshot.appendSection("today")
    try snapshot.appendItems(today)
    try snapshot.appendSection("earlier")
    try snapshot.appendItems(earlier)
    return snapshot
  }
  try dataSource.apply(try snapshot(today, earlier))
  show("first snapshot")

  today.insert(Article(id: 5, title: "Swift 6.3 released"), at: 0)
  try dataSource.apply(try snapshot(today, earlier))
  show("insert an article at the top")

  earlier.removeAll { $0.id == 3 }
  try dataSource.apply(try snapshot(today, earlier))
  show("delete an article")

  let moved = today.remove(at: 2)
  earlier.insert(moved, at: 0)
  try dataSource.apply(try snapshot(today, earlier))
  show("move an article to the other section")

  today[0].comments = 12
  try dataSource.apply(try snapshot(today, earlier))
  show("content update (reconfigured in place)")

  table.tapRow(at: ItemPath(item: 1, section: 0))
  show("tap the second row")
  print("opened: \(opened.joined(separator: ", "))")
  table.performSwipeAction(.trailing, at: 0, forRowAt: ItemPath(item: 0, section: 1))
  print("swiped, archived: \(archived.joined(separator: ", "))")
}

/// A user profile, as the server sends it at `data.user`.
struct User: Decodable, Sendable {
  var id: Int
  var name: String
  var title: String
  var followers: Int
}

/// Loads a profile with the article's chain and prints what the profile screen would show.
@MainActor
func showProfile(id: Int, on api: Client) async {
  print("── profile \(id)")
  await Get("user/getUserInfo", ["id": .int(id)])
    .decode(User.self, at: "data.user")
    .then { user in print("   \(user.name), \(user.title) · \(user.followers) followers") }
    .failed { error in print("   failed: \(error.message) (status \(error.status ?? 0))") }
    .start(on: api)
    .finished()
}

do {
  try run()
} catch {
  print("error: \(error)")
}
print()
let api = SampleAPI.client()
await showProfile(id: 7, on: api)
await showProfile(id: 8, on: api)
