/// The Swift source of an inline snapshot: writes a text as a string literal and replaces the
/// literal an assertion passes as `matches:` in its test's source.
enum InlineSnapshotSource {
  /// Why the literal could not be replaced.
  struct LiteralNotFound: Error, CustomStringConvertible {
    let description: String
  }

  /// `text` as a multi-line string literal whose lines (and closing delimiter) are indented by
  /// `indent`; raw (`#"""`) when the text holds a backslash or three quotes.
  static func literal(for text: String, indent: String) -> String {
    var pounds = ""
    while !fits(text, pounds: pounds) { pounds += "#" }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? "" : indent + line
    }
    return ([pounds + "\"\"\""] + lines + [indent + "\"\"\"" + pounds]).joined(separator: "\n")
  }

  /// Whether a literal delimited by `pounds` holds `text` without escaping anything.
  private static func fits(_ text: String, pounds: String) -> Bool {
    if pounds.isEmpty { return !text.contains("\\") && !text.contains("\"\"\"") }
    return !text.contains("\"\"\"" + pounds) && !text.contains("\\" + pounds)
  }

  /// `source` with the first string literal after `matches:` at or after `line` (1-based)
  /// replaced by the literal of `text`, and how many lines the source grew by.
  ///
  /// A multi-line literal keeps its closing delimiter's indentation; a one-line literal becomes
  /// a multi-line one indented two spaces past the line of `matches:`, as `swift format` lays out
  /// an argument on its own line.
  static func replacing(
    in source: String, line: Int, with text: String
  ) throws(LiteralNotFound) -> (source: String, lineDelta: Int) {
    let characters = Array(source)
    var lineStart = 0
    var currentLine = 1
    while currentLine < line {
      guard let newline = characters[lineStart...].firstIndex(of: "\n") else {
        throw LiteralNotFound(description: "the source has no line \(line)")
      }
      lineStart = newline + 1
      currentLine += 1
    }
    let label = Array("matches:")
    var position = lineStart
    while position + label.count <= characters.count,
      Array(characters[position..<position + label.count]) != label
    {
      position += 1
    }
    guard position + label.count <= characters.count else {
      throw LiteralNotFound(description: "no `matches:` argument at or after line \(line)")
    }
    let labelLine = characters[..<position].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    let labelIndent = String(characters[labelLine...].prefix { $0 == " " || $0 == "\t" })
    position += label.count
    while position < characters.count, characters[position].isWhitespace { position += 1 }
    let start = position
    while position < characters.count, characters[position] == "#" { position += 1 }
    let pounds = String(characters[start..<position])
    guard position < characters.count, characters[position] == "\"" else {
      throw LiteralNotFound(
        description: "the `matches:` argument after line \(line) is not a string literal")
    }
    let end: Int
    let indent: String
    if characters[position...].starts(with: "\"\"\"") {
      (end, indent) = try closingOfMultiline(characters, after: position + 3, pounds: pounds)
    } else {
      end = try closingOfSingleLine(characters, after: position + 1, pounds: pounds)
      indent = labelIndent + "  "
    }
    let old = characters[start..<end]
    let new = literal(for: text, indent: indent)
    let replaced = String(characters[..<start]) + new + String(characters[end...])
    let delta = new.filter { $0 == "\n" }.count - old.filter { $0 == "\n" }.count
    return (replaced, delta)
  }

  /// The end of a multi-line literal whose content starts at `after`, and its closing
  /// delimiter's indentation.
  private static func closingOfMultiline(
    _ characters: [Character], after: Int, pounds: String
  ) throws(LiteralNotFound) -> (end: Int, indent: String) {
    let closing = Array("\"\"\"" + pounds)
    guard var lineStart = characters[after...].firstIndex(of: "\n").map({ $0 + 1 }) else {
      throw LiteralNotFound(description: "the multi-line literal does not end")
    }
    while lineStart < characters.count {
      let indent = characters[lineStart...].prefix { $0 == " " || $0 == "\t" }
      let delimiter = lineStart + indent.count
      if characters[delimiter...].starts(with: closing) {
        return (delimiter + closing.count, String(indent))
      }
      guard let newline = characters[lineStart...].firstIndex(of: "\n") else { break }
      lineStart = newline + 1
    }
    throw LiteralNotFound(description: "the multi-line literal's closing delimiter was not found")
  }

  /// The end of a one-line literal whose content starts at `after`.
  private static func closingOfSingleLine(
    _ characters: [Character], after: Int, pounds: String
  ) throws(LiteralNotFound) -> Int {
    let closing = Array("\"" + pounds)
    let escape = Array("\\" + pounds)
    var position = after
    while position < characters.count, characters[position] != "\n" {
      if characters[position...].starts(with: escape) {
        position += escape.count + 1
      } else if characters[position...].starts(with: closing) {
        return position + closing.count
      } else {
        position += 1
      }
    }
    throw LiteralNotFound(description: "the string literal does not end on its line")
  }
}
