import CatenaDiff

/// A row with an id and a content value.
struct Row: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var content: Int

  init(_ id: Int, _ content: Int = 0) {
    self.id = id
    self.content = content
  }

  var description: String { content == 0 ? "\(id)" : "\(id)′\(content)" }
}

/// A section header model with an id and a title.
struct Header: Identifiable, Equatable, Hashable, Sendable {
  var id: Int
  var title: Int

  init(_ id: Int, _ title: Int = 0) {
    self.id = id
    self.title = title
  }
}

typealias Sections = [DiffSection<Header, Row>]

/// Builds sections from `(sectionID, [itemID])` pairs, all contents 0.
func sections(_ layout: [(Int, [Int])]) -> Sections {
  layout.map { DiffSection(model: Header($0.0), items: $0.1.map { Row($0) }) }
}

func rows(_ ids: [Int]) -> [Row] { ids.map { Row($0) } }

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

func move(_ from: ItemPath, _ to: ItemPath) -> ItemMove { ItemMove(from: from, to: to) }
