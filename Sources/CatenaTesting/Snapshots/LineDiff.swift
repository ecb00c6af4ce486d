/// A readable line diff of two texts: the lines of `old` that go (`-`), the lines of `new` that
/// come (`+`), and up to `context` unchanged lines around each change (` `), in hunks headed by
/// the line numbers where they start (`@@ -old +new @@`).
///
/// Trailing spaces and tabs of changed lines show as `␠` and `␉`, so a line that differs only
/// there is visible; a missing or extra final newline is said in words.
///
/// - Complexity: O((n + m) · d) for texts of n and m lines that differ in d lines (the standard
///   library's Myers difference).
struct LineDiff {
  /// One line of the edit script.
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case inserted(String)
  }

  /// The edit script from `old` to `new`, line by line.
  let script: [Line]
  private let finalNewline: (old: Bool, new: Bool)

  init(old: String, new: String) {
    let oldLines = LineDiff.lines(of: old)
    let newLines = LineDiff.lines(of: new)
    let difference = newLines.difference(from: oldLines)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var script: [Line] = []
    var i = 0
    var j = 0
    while i < oldLines.count || j < newLines.count {
      if i < oldLines.count, removed.contains(i) {
        script.append(.removed(oldLines[i]))
        i += 1
      } else if j < newLines.count, inserted.contains(j) {
        script.append(.inserted(newLines[j]))
        j += 1
      } else {
        script.append(.same(oldLines[i]))
        i += 1
        j += 1
      }
    }
    self.script = script
    finalNewline = (old.hasSuffix("\n"), new.hasSuffix("\n"))
  }

  /// The hunks, each change with up to `context` unchanged lines either side.
  func rendered(context: Int = 2) -> String {
    var output: [String] = []
    var oldLine = 1
    var newLine = 1
    var positions: [(old: Int, new: Int)] = []
    for line in script {
      positions.append((oldLine, newLine))
      switch line {
      case .same: (oldLine, newLine) = (oldLine + 1, newLine + 1)
      case .removed: oldLine += 1
      case .inserted: newLine += 1
      }
    }
    let changed = script.indices.filter { script[$0].isChange }
    var index = 0
    while index < changed.count {
      let start = max(changed[index] - context, 0)
      var end = min(changed[index] + context, script.count - 1)
      index += 1
      while index < changed.count, changed[index] - context <= end + 1 {
        end = min(changed[index] + context, script.count - 1)
        index += 1
      }
      output.append("@@ -\(positions[start].old) +\(positions[start].new) @@")
      for line in script[start...end] {
        switch line {
        case .same(let text): output.append("  " + text)
        case .removed(let text): output.append("- " + LineDiff.visible(text))
        case .inserted(let text): output.append("+ " + LineDiff.visible(text))
        }
      }
    }
    if finalNewline.old != finalNewline.new {
      output.append(
        finalNewline.old
          ? "(the reference ends with a newline, the new text does not)"
          : "(the new text ends with a newline, the reference does not)")
    }
    return output.joined(separator: "\n")
  }

  /// The lines of `text`; a final newline does not start another line, and an empty text has
  /// none.
  static func lines(of text: String) -> [String] {
    if text.isEmpty { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }

  /// `text` with its trailing spaces and tabs made visible.
  static func visible(_ text: String) -> String {
    let body = text.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
    let trailing = text.dropFirst(body.count)
    return String(body) + trailing.map { $0 == " " ? "␠" : "␉" }.joined()
  }
}

extension LineDiff.Line {
  /// The line's text, whatever happened to it.
  var text: String {
    switch self {
    case .same(let text), .removed(let text), .inserted(let text): text
    }
  }

  /// Whether the line was removed or inserted.
  var isChange: Bool {
    if case .same = self { return false }
    return true
  }
}
