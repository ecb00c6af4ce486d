// A tour of CatenaDiff: the staged changes between two versions of a sectioned list, printed
// stage by stage, then applied back to the old data to show they reproduce the new one.
import CatenaDiff

struct Article: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var likes: Int = 0
}

struct Topic: Identifiable, Equatable, Sendable {
  var id: String
  var title: String
}

let old = [
  DiffSection(
    model: Topic(id: "swift", title: "Swift"),
    items: [
      Article(id: 1, title: "Typed throws"), Article(id: 2, title: "Macros"),
      Article(id: 3, title: "Noncopyable types"),
    ]),
  DiffSection(
    model: Topic(id: "uikit", title: "UIKit"),
    items: [Article(id: 4, title: "Batch updates"), Article(id: 5, title: "Cell reuse")]),
  DiffSection(
    model: Topic(id: "linux", title: "Linux"), items: [Article(id: 6, title: "Foundation")]),
]

let new = [
  DiffSection(
    model: Topic(id: "uikit", title: "UIKit (12)"),
    items: [Article(id: 5, title: "Cell reuse"), Article(id: 2, title: "Macros")]),
  DiffSection(
    model: Topic(id: "swift", title: "Swift"),
    items: [
      Article(id: 3, title: "Noncopyable types", likes: 8), Article(id: 1, title: "Typed throws"),
      Article(id: 7, title: "Swift Testing"),
    ]),
  DiffSection(model: Topic(id: "server", title: "Server"), items: [Article(id: 8, title: "NIO")]),
]

func show(_ sections: [DiffSection<Topic, Article>]) -> String {
  sections.map { section in
    "  [\(section.model.title)] "
      + section.items.map { "\($0.title)" + ($0.likes > 0 ? " ♥\($0.likes)" : "") }
      .joined(separator: " · ")
  }.joined(separator: "\n")
}

do {
  print("Before:\n\(show(old))\n")
  let changes = try StagedChangeset(source: old, target: new)
  var current = old
  for (number, stage) in changes.enumerated() {
    print("Stage \(number + 1): \(stage.batch)")
    try stage.batch.validate(
      rowCountsBefore: current.map(\.items.count), rowCountsAfter: stage.data.map(\.items.count))
    current = try stage.apply(to: current)
    print(show(current) + "\n")
  }
  print(current == new ? "Applied: equals the new data." : "Applied: DIFFERS from the new data!")

  // Duplicate ids are a typed error that names both positions.
  let broken = [
    DiffSection(
      model: Topic(id: "swift", title: "Swift"), items: [old[0].items[0], old[0].items[0]])
  ]
  _ = try StagedChangeset(source: old, target: broken)
} catch let error as DiffError {
  print("DiffError: \(error)")
} catch {
  print("Error: \(error)")
}
