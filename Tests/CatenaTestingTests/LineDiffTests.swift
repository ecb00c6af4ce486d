import CatenaTesting
import Testing

@testable import CatenaTesting

@Suite("The line diff of a snapshot mismatch")
struct LineDiffTests {
  @Test func oneChangedLineShowsWithTwoLinesOfContext() {
    let old = "a\nb\nc\nd\ne\nf\ng\n"
    let new = "a\nb\nc\nD\ne\nf\ng\n"
    #expect(
      LineDiff(old: old, new: new).rendered() == """
        @@ -2 +2 @@
          b
          c
        - d
        + D
          e
          f
        """)
  }

  @Test func distantChangesAreSeparateHunksAndNearOnesMerge() {
    let old = (1...20).map(String.init).joined(separator: "\n")
    var lines = old.split(separator: "\n").map(String.init)
    lines[1] = "two"
    lines[17] = "eighteen"
    let distant = LineDiff(old: old, new: lines.joined(separator: "\n")).rendered()
    #expect(distant.components(separatedBy: "@@ -").count == 3)
    #expect(distant.hasPrefix("@@ -1 +1 @@\n  1\n- 2\n+ two\n  3\n  4\n@@ -16 +16 @@\n"))
    lines[17] = "18"
    lines[5] = "six"
    let near = LineDiff(old: old, new: lines.joined(separator: "\n")).rendered()
    #expect(near.components(separatedBy: "@@ -").count == 2, "lines 2 and 6 share context")
  }

  @Test func trailingWhitespaceAndTheFinalNewlineAreVisible() {
    let rendered = LineDiff(old: "row \nend\n", new: "row\t\nend").rendered()
    #expect(rendered.contains("- row␠\n+ row␉\n"))
    #expect(rendered.hasSuffix("(the reference ends with a newline, the new text does not)"))
  }

  @Test func identicalTextsHaveNoHunks() {
    #expect(LineDiff(old: "a\nb", new: "a\nb").rendered().isEmpty)
  }

  @Test func insertionsIntoAnEmptyTextAndRemovalsToAnEmptyOne() {
    #expect(LineDiff(old: "", new: "x\ny").rendered() == "@@ -1 +1 @@\n+ x\n+ y")
    #expect(LineDiff(old: "x\n", new: "").rendered().hasPrefix("@@ -1 +1 @@\n- x"))
  }

  @Test(arguments: 0..<300 as Range<UInt64>)
  func theScriptRebuildsBothTexts(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    func text() -> String {
      (0..<random.below(12)).map { _ in ["a", "b", "c", " ", ""][random.below(5)] }
        .joined(separator: "\n")
    }
    let old = text()
    let new = text()
    let script = LineDiff(old: old, new: new).script
    let kept = script.compactMap { line -> String? in
      if case .inserted = line { return nil }
      return line.text
    }
    let made = script.compactMap { line -> String? in
      if case .removed = line { return nil }
      return line.text
    }
    #expect(kept == LineDiff.lines(of: old), "seed \(seed)")
    #expect(made == LineDiff.lines(of: new), "seed \(seed)")
    #expect(LineDiff(old: old, new: new).rendered().isEmpty == (old == new), "seed \(seed)")
  }
}
