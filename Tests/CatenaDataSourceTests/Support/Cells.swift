import CatenaDataSource
import CatenaHeadless

/// A cell showing an article title.
@MainActor
final class ArticleCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var title = ""
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() { title = "" }
  var renderedText: String { title }
}

/// A second kind of cell, for advertisements.
@MainActor
final class AdCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var banner = ""
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() { banner = "" }
  var renderedText: String { "AD \(banner)" }
}

/// A snapshot of one section per `(id, article ids)`.
func snapshot(_ layout: [(String, [Int])], titles: [Int: String] = [:]) throws -> Snapshot<
  String, Article
> {
  var snapshot = Snapshot<String, Article>()
  for (id, items) in layout {
    try snapshot.appendSection(id)
    try snapshot.appendItems(items.map { Article(id: $0, title: titles[$0] ?? "a\($0)") })
  }
  return snapshot
}
