import CatenaDataSource
import CatenaDiff
import CatenaOutline
import CatenaPaging
import Testing

/// Folders take anything; files sit in folders only (names with a dot are files).
func foldersOnly(_ item: File, _ parent: File?) -> Bool {
  parent.map { !$0.name.contains(".") } ?? !item.name.contains(".")
}

@MainActor
@Suite("Outlines: reordering by drag and dropping from outside")
struct OutlineReorderTests {
  /// The screen of `tree` with Documents and Taxes open, rows movable by `foldersOnly`, and
  /// the moves the app heard.
  func openScreen() throws -> (OutlineScreen, Moves) {
    let screen = try OutlineScreen(tree)
    let moves = Moves()
    screen.files.canPlace(foldersOnly).didPlace { item, place in
      moves.heard.append("\(item.name) → \(place.parent ?? "top") #\(place.index)")
    }
    try screen.files.expand("Documents")
    try screen.files.expand("Taxes")
    screen.table.clearEvents()
    return (screen, moves)
  }

  final class Moves { var heard: [String] = [] }

  func row(_ item: Int) -> ItemPath { ItemPath(item: item, section: 0) }

  @Test func aRowMovesWithinItsParent() throws {
    let (screen, moves) = try openScreen()
    // ▾ Documents, CV.pdf, ▾ Taxes, 2025.pdf, 2026.pdf, ▸ Music, notes.txt
    #expect(screen.table.dragRow(at: row(4), to: row(3)))
    #expect(moves.heard == ["2026.pdf → Taxes #0"])
    #expect(
      screen.lines == [
        "▾ Documents", "    CV.pdf", "  ▾ Taxes", "      2026.pdf", "      2025.pdf", "▸ Music",
        "  notes.txt",
      ])
    #expect(
      screen.files.roots[0].children?[1].children?.map(\.item.name) == ["2026.pdf", "2025.pdf"])
  }

  @Test func aRowMovesAcrossParentsToTheDeepestPlaceTheRowsAroundItAllow() throws {
    let (screen, moves) = try openScreen()
    // Held between CV.pdf and Taxes: after CV.pdf, in Documents.
    #expect(screen.table.dragRow(at: row(6), to: row(2)))
    // Held just under the open Taxes (between it and 2025.pdf): into it, first.
    #expect(screen.table.dragRow(at: row(1), to: row(3)))
    #expect(moves.heard == ["notes.txt → Documents #1", "CV.pdf → Taxes #0"])
    #expect(
      screen.lines == [
        "▾ Documents", "    notes.txt", "  ▾ Taxes", "      CV.pdf", "      2025.pdf",
        "      2026.pdf", "▸ Music",
      ])
  }

  @Test func aPlaceTheRuleRefusesKeepsTheRowWhereItWas() throws {
    let (screen, moves) = try openScreen()
    // After notes.txt at the top: files may not sit there.
    #expect(screen.table.beginDrag(at: row(1)))
    #expect(screen.table.dragOver(row(6)) == row(1))
    #expect(!screen.table.endDrag())
    #expect(moves.heard.isEmpty)
    #expect(screen.lines.count == 7 && screen.lines[1] == "    CV.pdf")
    // A folder may go there; held among its own children it finds no place.
    #expect(!screen.table.dragRow(at: row(2), to: row(4)))
    #expect(screen.table.dragRow(at: row(2), to: row(6)))
    #expect(moves.heard == ["Taxes → top #3"])
  }

  @Test func anOpenFolderTakesItsChildrenAlongAfterTheDrop() throws {
    let (screen, _) = try openScreen()
    #expect(screen.table.dragRow(at: row(2), to: row(6)))  // Taxes to the end
    #expect(
      screen.lines == [
        "▾ Documents", "    CV.pdf", "▸ Music", "  notes.txt", "▾ Taxes", "    2025.pdf",
        "    2026.pdf",
      ])
    // The drag's own move, then after the drop the children's moves, then the three rows
    // whose depth changed reconfigured (indented anew): no insert, delete or reload.
    let batches = screen.batches()
    #expect(batches.map(\.itemMoves.count) == [1, 2, 0])
    #expect(batches.last?.itemReconfigures.count == 3)
    #expect(batches.allSatisfy { $0.itemInserts + $0.itemDeletes + $0.itemReloads == [] })
    #expect(!screen.table.events.contains { if case .rejectedBatch = $0 { true } else { false } })
  }

  @Test func aFolderCannotGoIntoItsOwnSubtree() throws {
    let (screen, moves) = try openScreen()
    #expect(screen.table.beginDrag(at: row(0)))
    // Between 2025.pdf and 2026.pdf (rows 2 and 3 once Documents is lifted).
    #expect(screen.table.dragOver(row(3)) == row(0))
    #expect(!screen.table.endDrag())
    #expect(moves.heard.isEmpty)
  }

  @Test func aTreeAppliedMidDragShowsAfterTheDropWithTheMoveMadeInIt() throws {
    let (screen, moves) = try openScreen()
    #expect(screen.table.beginDrag(at: row(6)))  // notes.txt
    #expect(screen.table.dragOver(row(1)) == row(1))  // first in Documents
    // The server renames nothing but adds a file to Music and drops 2026.pdf.
    try screen.files.apply([
      node("Documents", [node("CV.pdf"), node("Taxes", [node("2025.pdf")])]),
      node("Music", [node("song.mp3")]),
      node("notes.txt"),
    ])
    #expect(screen.lines.count == 7, "the screen waits for the drop")
    #expect(screen.table.endDrag())
    #expect(moves.heard == ["notes.txt → Documents #0"])
    #expect(
      screen.lines == [
        "▾ Documents", "    notes.txt", "    CV.pdf", "  ▾ Taxes", "      2025.pdf", "▸ Music",
      ])
    #expect(!screen.table.events.contains { if case .rejectedBatch = $0 { true } else { false } })
  }

  @Test func aDropFromOutsideLandsWhereTheRowsAroundItSayAndTheRuleAllows() throws {
    let (screen, _) = try openScreen()
    try screen.files.collapse("Taxes")
    try screen.files.expand("Music")  // open and empty
    // ▾ Documents, CV.pdf, ▸ Taxes, ▾ Music, notes.txt
    let intoMusic = try screen.files.drop([node("song.mp3")], at: 4)
    #expect(intoMusic == Outline<File>.Place(parent: "Music", index: 0))
    let afterCV = try screen.files.drop([node("a.txt"), node("b.txt")], at: 2)
    #expect(afterCV == Outline<File>.Place(parent: "Documents", index: 1))
    #expect(
      screen.lines == [
        "▾ Documents", "    CV.pdf", "    a.txt", "    b.txt", "  ▸ Taxes", "▾ Music",
        "    song.mp3", "  notes.txt",
      ])
    // At the top, only folders.
    #expect(try screen.files.drop([node("c.txt")], at: 0) == nil)
    #expect(try screen.files.drop([node("Photos", [])], at: 0) == .init(parent: nil, index: 0))
    #expect(try screen.files.drop([node("x.txt")], at: 99) == nil, "past the end")
    // An id the tree has already.
    #expect(throws: DataSourceError.self) { try screen.files.drop([node("CV.pdf")], at: 3) }
    #expect(screen.lines.count == 9)
  }

  @Test func withoutARuleRowsDoNotMove() throws {
    let screen = try OutlineScreen(tree)
    #expect(!screen.table.dragRow(at: row(0), to: row(2)))
    #expect(screen.lines == ["▸ Documents", "▸ Music", "  notes.txt"])
  }
}
