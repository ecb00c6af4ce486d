import CatenaTesting
import Foundation
import Testing

@testable import CatenaTesting

@Suite("Inline snapshots: the literal written and the literal replaced")
struct InlineSnapshotSourceTests {
  @Test func aPlainTextIsAPlainMultilineLiteral() {
    #expect(
      InlineSnapshotSource.literal(for: "[Today]\n  0-0  Row\n", indent: "    ")
        == "\"\"\"\n    [Today]\n      0-0  Row\n\n    \"\"\"")
  }

  @Test func backslashesAndQuotesMakeItRawWithEnoughPounds() {
    #expect(InlineSnapshotSource.literal(for: #"a\b"#, indent: "").hasPrefix("#\"\"\""))
    #expect(
      InlineSnapshotSource.literal(for: "say \"\"\"# and \\#(x)", indent: "").hasPrefix(
        "##\"\"\""))
  }

  /// Every literal the writer makes, compiled by the Swift compiler and printed, is the text it
  /// was made from.
  @Test func theCompilerReadsBackEveryText() throws {
    var random = SeededRandom(seed: 7)
    let alphabet = ["a", "é", " ", "\t", "\\", "\"", "#", "(", ")", "\n", "\"\"\"", "\\#"]
    var texts = ["", "\n", "\n\n", "x", " x ", "\"\"\"", "\"\"\"#", "\\#(1)", "\\(1)", "a\\"]
    for _ in 0..<60 {
      texts.append(
        (0..<random.below(16)).map { _ in alphabet[random.below(alphabet.count)] }
          .joined())
    }
    var program = "import Foundation\n"
    for (index, text) in texts.enumerated() {
      let literal = InlineSnapshotSource.literal(for: text, indent: "  ")
      program += "let v\(index) = \(literal)\n"
      program += "print(Data(v\(index).utf8).base64EncodedString())\n"
    }
    let printed = try compileAndRun(program)
    #expect(printed == texts.map { Data($0.utf8).base64EncodedString() })
  }

  @Test func aMultilineLiteralIsReplacedInPlace() throws {
    let source = """
      @Test func rows() throws {
        try expectSnapshot(
          of: table.render(),
          matches: \"\"\"
            old
            \"\"\")
        print("after")
      }
      """
    let result = try InlineSnapshotSource.replacing(in: source, line: 2, with: "new\nrows")
    #expect(
      result.source == """
        @Test func rows() throws {
          try expectSnapshot(
            of: table.render(),
            matches: \"\"\"
              new
              rows
              \"\"\")
          print("after")
        }
        """)
    #expect(result.lineDelta == 1)
  }

  @Test func anEmptyOneLineLiteralBecomesAMultilineOne() throws {
    let source = "  try expectSnapshot(of: text, matches: \"\")\n  next()\n"
    let result = try InlineSnapshotSource.replacing(in: source, line: 1, with: "a\nb")
    #expect(
      result.source
        == "  try expectSnapshot(of: text, matches: \"\"\"\n    a\n    b\n    \"\"\")\n  next()\n")
    #expect(result.lineDelta == 3)
  }

  @Test func aOneLineLiteralWithEscapesIsReplacedWhole() throws {
    let source = #"x(matches: "a\"b\\", other: 1)"#
    let result = try InlineSnapshotSource.replacing(in: source, line: 1, with: "c")
    #expect(result.source == "x(matches: \"\"\"\n  c\n  \"\"\", other: 1)")
  }

  @Test func whatCannotBeRewrittenSaysWhy() {
    #expect(throws: InlineSnapshotSource.LiteralNotFound.self) {
      try InlineSnapshotSource.replacing(in: "let a = 1\n", line: 1, with: "x")
    }
    #expect(throws: InlineSnapshotSource.LiteralNotFound.self) {
      try InlineSnapshotSource.replacing(in: "f(matches: text)\n", line: 1, with: "x")
    }
    #expect(throws: InlineSnapshotSource.LiteralNotFound.self) {
      try InlineSnapshotSource.replacing(in: "f(matches: \"\"\"\n  a\n", line: 1, with: "x")
    }
    #expect(throws: InlineSnapshotSource.LiteralNotFound.self) {
      try InlineSnapshotSource.replacing(in: "one line\n", line: 5, with: "x")
    }
  }

  /// Compiles `program` with the toolchain's `swiftc` in a temporary folder, runs it, and
  /// returns its lines.
  private func compileAndRun(_ program: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-literals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("main.swift")
    try Data(program.utf8).write(to: source)
    let binary = folder.appendingPathComponent("literals")
    try run("/usr/bin/env", ["swiftc", source.path, "-o", binary.path])
    let output = try run(binary.path, [])
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      String($0)
    }
  }

  @discardableResult
  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(executable) \(arguments) failed")
    return String(decoding: output, as: UTF8.self)
  }
}
