import CatenaDiff

@testable import CatenaDataSource
@testable import CatenaHeadless

/// A plain data source over sections of strings, recording what the table tells it.
@MainActor
final class ListModel: HeadlessTableDataSource {
  struct Part {
    var header: String?
    var footer: String?
    var rows: [String]
  }

  var parts: [Part]
  var selected: [ItemPath] = []
  var deselected: [ItemPath] = []
  var moves: [(ItemPath, ItemPath)] = []
  var identifier = "row"

  init(_ parts: [Part]) { self.parts = parts }

  convenience init(rows: Int, header: String? = nil) {
    self.init([Part(header: header, rows: (0..<rows).map { "row \($0)" })])
  }

  func numberOfSections(in table: HeadlessTable) -> Int { parts.count }

  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int {
    parts[section].rows.count
  }

  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell {
    let cell = try table.dequeueReusableCell(withIdentifier: identifier, for: path)
    (cell as? TextCell)?.text = parts[path.section].rows[path.item]
    return cell
  }

  func table(_ table: HeadlessTable, titleForHeaderInSection section: Int) -> String? {
    parts[section].header
  }

  func table(_ table: HeadlessTable, titleForFooterInSection section: Int) -> String? {
    parts[section].footer
  }

  func table(_ table: HeadlessTable, canEditRowAt path: ItemPath) -> Bool { true }

  func table(_ table: HeadlessTable, commitDeleteAt path: ItemPath) throws {
    try table.performBatchUpdates { () throws(DataSourceError) in
      parts[path.section].rows.remove(at: path.item)
      try table.deleteRows(at: [path])
    }
  }

  func table(_ table: HeadlessTable, moveRowAt source: ItemPath, to destination: ItemPath) {
    let row = parts[source.section].rows.remove(at: source.item)
    parts[destination.section].rows.insert(row, at: destination.item)
    moves.append((source, destination))
  }

  func table(_ table: HeadlessTable, didSelectRowAt path: ItemPath) { selected.append(path) }

  func table(_ table: HeadlessTable, didDeselectRowAt path: ItemPath) { deselected.append(path) }
}

/// A table of 44-point rows showing ten rows, with `TextCell` registered as "row".
@MainActor
func makeTable(_ model: ListModel, viewport: Double = 440) -> HeadlessTable {
  let table = HeadlessTable(viewportHeight: viewport)
  table.register(TextCell.self, forCellReuseIdentifier: "row")
  table.dataSource = model
  table.reloadData()
  return table
}

func row(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

extension [TableEvent] {
  /// How many events of one kind there are.
  func count(where kind: (TableEvent) -> Bool) -> Int { filter(kind).count }

  var configures: Int {
    count {
      if case .configure = $0 { return true }
      return false
    }
  }
}
