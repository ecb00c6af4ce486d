import Foundation

/// How a fenced Swift block of a document is checked, from the directive on the line before it.
enum SnippetCheck: Equatable, Sendable {
  /// Type-checked on Linux as it is (no directive): each block imports and declares what it
  /// uses, so that a reader can paste it alone; nothing is added before it.
  case linux
  /// Apple-only code (`<!-- snippet: ios NAME -->`): it must appear word for word as the region
  /// `NAME` of `Samples/AppleSnippets`, which `.ci/apple-build` compiles against the real iOS SDK.
  case apple(region: String)
  /// A complete package manifest (`<!-- snippet: manifest -->`), evaluated by SwiftPM.
  case manifest
  /// Code a test runs (`<!-- snippet: run NAME -->`): type-checked on Linux as it is, and
  /// word for word the region `NAME` of `Tests/DocSnippetTests/Examples`, which tests run.
  case run(region: String)
}

/// A fenced Swift block of a document, with how it is checked.
struct Snippet: CustomStringConvertible, Sendable {
  var file: String
  var line: Int
  var check: SnippetCheck
  var code: String

  var description: String { "\(file):\(line)" }
}

/// Why a document's snippets could not be read.
struct SnippetDirectiveError: Error, CustomStringConvertible {
  var description: String
}

let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every ```swift block of the README and the DocC articles. A directive that is not one of
/// ``SnippetCheck``'s forms is an error: no block goes unchecked.
func snippets() throws -> [Snippet] {
  var documents = [root.appendingPathComponent("README.md")]
  let sources = root.appendingPathComponent("Sources")
  if let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) {
    for case let url as URL in walker
    where url.pathExtension == "md" && url.path.contains(".docc/") {
      documents.append(url)
    }
  }
  var found: [Snippet] = []
  for document in documents.sorted(by: { $0.path < $1.path }) {
    let lines = try String(contentsOf: document, encoding: .utf8)
      .components(separatedBy: "\n")
    let name = document.path.replacingOccurrences(of: root.path + "/", with: "")
    var index = 0
    while index < lines.count {
      guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      let directive = index > 0 ? lines[index - 1] : ""
      let check = try snippetCheck(directive, at: "\(name):\(index)")
      let code = lines[(index + 1)..<end].joined(separator: "\n")
      found.append(Snippet(file: name, line: index + 1, check: check, code: code))
      index = end + 1
    }
  }
  return found
}

/// The check a directive line asks for.
func snippetCheck(_ directive: String, at place: String) throws -> SnippetCheck {
  let prefix = "<!-- snippet: "
  guard directive.hasPrefix(prefix), directive.hasSuffix(" -->") else {
    return .linux
  }
  let words = directive.dropFirst(prefix.count).dropLast(" -->".count)
    .split(separator: " ").map(String.init)
  switch words.first {
  case "manifest" where words.count == 1: return .manifest
  case "ios" where words.count == 2: return .apple(region: words[1])
  case "run" where words.count == 2: return .run(region: words[1])
  default: throw SnippetDirectiveError(description: "\(place): unknown directive \(directive)")
  }
}

/// `text` without the indentation its non-blank lines share, and without trailing blank lines.
func dedented(_ text: String) -> String {
  var lines = text.components(separatedBy: "\n").map { line in
    line.trimmingCharacters(in: .whitespaces).isEmpty ? "" : line
  }
  while lines.last == "" { lines.removeLast() }
  while lines.first == "" { lines.removeFirst() }
  let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
  return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
}
