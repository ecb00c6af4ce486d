import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaOutline
import CatenaPaging
import Testing

/// A file or folder of the outline tests.
struct File: Identifiable, Equatable, Sendable {
  var id: String { name }
  var name: String
}

/// A node of `name`; `children` nil for a file.
func node(_ name: String, _ children: [OutlineNode<File>]? = nil) -> OutlineNode<File> {
  OutlineNode(File(name: name), children: children)
}

/// A headless table showing an outline, and the data source between them.
@MainActor
final class OutlineScreen {
  let table = HeadlessTable(viewportHeight: 100 * 44)
  let files: Outline<File>
  let dataSource = SectionedDataSource<String, OutlineRow<File>>()

  init(_ tree: [OutlineNode<File>], children: Outline<File>.ChildLoader? = nil) throws {
    files = Outline(loadChildren: children)
    dataSource.bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.name ?? "" }
      .statusCell(TextCell.self)
    files.bind(dataSource, section: "files")
    try files.apply(tree, animated: false)
    table.clearEvents()
  }

  /// The table's rendering, one line per row, without the row numbers (none when empty).
  var lines: [String] {
    table.render().split(separator: "\n").filter { $0.first == " " || $0.first == "*" }
      .map { String($0.dropFirst(2).drop { $0 != " " }.dropFirst(2)) }
  }

  /// The batches the table performed since the last call.
  func batches() -> [BatchUpdate] {
    defer { table.clearEvents() }
    return table.events.compactMap { if case .batch(let batch) = $0 { batch } else { nil } }
  }
}

let tree = [
  node("Documents", [node("CV.pdf"), node("Taxes", [node("2025.pdf"), node("2026.pdf")])]),
  node("Music", []),
  node("notes.txt"),
]

@MainActor
@Suite("Outlines: rows with children that expand and collapse")
struct OutlineTests {
  @Test func rowsAreTheExpandedNodesInOrderIndentedWithTheirDisclosure() throws {
    let screen = try OutlineScreen(tree)
    #expect(screen.lines == ["▸ Documents", "▸ Music", "  notes.txt"])
    try screen.files.expand("Documents")
    try screen.files.expand("Taxes")
    #expect(
      screen.lines == [
        "▾ Documents", "    CV.pdf", "  ▾ Taxes", "      2025.pdf", "      2026.pdf", "▸ Music",
        "  notes.txt",
      ])
    #expect(screen.files.rows.map(\.depth) == [0, 1, 1, 2, 2, 0, 0])
  }

  @Test func expandingIsOneBatchOfInsertsAndCollapsingOneOfDeletes() throws {
    let screen = try OutlineScreen(tree)
    try screen.files.expand("Taxes")  // under a collapsed folder: nothing shows yet
    #expect(screen.batches().isEmpty)
    try screen.files.expand("Documents")
    let expand = screen.batches()
    #expect(expand.count == 1)
    #expect(expand.first?.itemInserts.count == 4, "CV.pdf, Taxes and its two files")
    #expect(expand.first?.itemDeletes == [] && expand.first?.sectionReloads == [])
    #expect(
      expand.first.map { $0.itemReconfigures + $0.itemReloads } == [],
      "the folder's disclosure shows without a reconfigure")
    try screen.files.collapse("Documents")
    let collapse = screen.batches()
    #expect(collapse.count == 1)
    #expect(collapse.first?.itemDeletes.count == 4 && collapse.first?.itemInserts == [])
    #expect(!screen.table.events.contains { $0 == .reloadData })
    try screen.files.expand("Documents")
    #expect(
      screen.lines.prefix(3) == ["▾ Documents", "    CV.pdf", "  ▾ Taxes"], "Taxes stayed open")
  }

  @Test func expansionFollowsANodeAcrossParentsAndIsForgottenWhenItGoes() throws {
    let screen = try OutlineScreen(tree)
    try screen.files.expand(toDepth: nil)
    #expect(screen.files.expandedIDs == ["Documents", "Taxes", "Music"])
    // Taxes moves to Music; CV.pdf goes.
    try screen.files.apply([
      node("Documents", []),
      node("Music", [node("Taxes", [node("2025.pdf"), node("2026.pdf")])]),
      node("notes.txt"),
    ])
    #expect(
      screen.lines == [
        "▾ Documents", "▾ Music", "  ▾ Taxes", "      2025.pdf", "      2026.pdf", "  notes.txt",
      ])
    try screen.files.apply([node("Documents", []), node("notes.txt")])
    try screen.files.apply([node("Documents", []), node("Music", []), node("notes.txt")])
    #expect(screen.lines[1] == "▸ Music", "a node that came back comes back collapsed")
  }

  @Test func aTapOnAFolderOpensOrClosesItAndTheAppHearsTheTap() throws {
    let screen = try OutlineScreen(tree)
    var selected: [String] = []
    screen.dataSource.didSelect { _, row in selected.append(row.item?.name ?? "") }
    screen.table.tapRow(at: ItemPath(item: 0, section: 0))
    #expect(screen.lines.prefix(2) == ["▾ Documents", "    CV.pdf"])
    screen.table.tapRow(at: ItemPath(item: 0, section: 0))
    #expect(screen.lines.prefix(2) == ["▸ Documents", "▸ Music"])
    screen.table.tapRow(at: ItemPath(item: 2, section: 0))  // a file: nothing opens
    #expect(screen.lines.count == 3)
    #expect(selected == ["Documents", "Documents", "notes.txt"])
  }

  @Test func expandingToADepthOpensTheLevelsAboveIt() throws {
    let screen = try OutlineScreen(tree)
    try screen.files.expand(toDepth: 1)
    #expect(screen.files.expandedIDs == ["Documents", "Music"])
    #expect(screen.lines.contains("  ▸ Taxes"))
    try screen.files.expand(toDepth: 0)
    #expect(screen.lines == ["▸ Documents", "▸ Music", "  notes.txt"])
  }

  @Test func badInputIsATypedErrorAndChangesNothing() throws {
    let screen = try OutlineScreen(tree)
    #expect {
      try screen.files.expand("nowhere")
    } throws: { ($0 as? DataSourceError)?.kind == .unknownItem }
    #expect {
      try screen.files.apply([node("a", [node("b")]), node("b")])
    } throws: { error in
      (error as? DataSourceError)?.kind == .duplicateItemID && "\(error)".contains("b")
    }
    #expect(screen.files.roots.count == 3, "the tree is kept")
    try screen.files.expand("notes.txt")  // a leaf: nothing to show
    #expect(screen.files.expandedIDs.isEmpty)
  }
}
