// Context for the chained-list snippets: the article model and its headless cell.
import Catena
import Foundation

struct Article: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var comments = 0
}

@MainActor
final class ArticleCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var title = ""
  var comments = 0
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() {}
  var renderedText: String { title }
}

struct User: Decodable, Sendable {
  var id: Int
  var name: String
  var title: String
  var followers: Int
}

let today = [Article(id: 1, title: "Typed throws in practice")]
let earlier = [Article(id: 3, title: "Heckel's diff, revisited")]
let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: URLSessionTransport())
