import Foundation
import Testing

/// A fenced Swift block of a document, with the prelude that gives it context.
struct Snippet: CustomStringConvertible, Sendable {
  var file: String
  var line: Int
  var prelude: String?
  var code: String

  var description: String { "\(file):\(line)" }
}

let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every ```swift block of the README and the DocC articles. The line before a block may say
/// `<!-- snippet: NAME -->` (compile it after `Preludes/NAME.swift`) or
/// `<!-- snippet: skip (why) -->`; a block without a directive is compiled on its own.
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
    var index = 0
    while index < lines.count {
      guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      let directive = index > 0 ? lines[index - 1] : ""
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      let code = lines[(index + 1)..<end].joined(separator: "\n")
      let name = document.path.replacingOccurrences(of: root.path + "/", with: "")
      if directive.hasPrefix("<!-- snippet: skip") {
        // Skipped on purpose (a package manifest, UIKit code on a platform without UIKit).
      } else if directive.hasPrefix("<!-- snippet: ") {
        let prelude = directive.dropFirst("<!-- snippet: ".count)
          .prefix { $0 != " " }
        found.append(Snippet(file: name, line: index + 1, prelude: String(prelude), code: code))
      } else {
        found.append(Snippet(file: name, line: index + 1, prelude: nil, code: code))
      }
      index = end + 1
    }
  }
  return found
}

/// The directory holding the built modules (`.build/<triple>/debug/Modules`).
func modulesDirectory() throws -> URL {
  let candidates = [
    Bundle.main.bundleURL.appendingPathComponent("Modules"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"),
  ]
  return try #require(
    candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("Catena.swiftmodule").path)
    }, "the built modules next to the test bundle")
}

/// Type-checks `snippet` (after its prelude) against the built modules; returns the compiler's
/// complaints, or nil when it compiles.
func typeCheck(_ snippet: Snippet, modules: URL) throws -> String? {
  var source = ""
  if let prelude = snippet.prelude {
    let file = root.appendingPathComponent("Tests/DocSnippetTests/Preludes/\(prelude).swift")
    source = try String(contentsOf: file, encoding: .utf8) + "\n"
  }
  source += "// \(snippet)\n" + snippet.code + "\n"
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-snippet-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("main.swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path,
  ]
  let pipe = Pipe()
  process.standardError = pipe
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return process.terminationStatus == 0 ? nil : String(decoding: output, as: UTF8.self)
}

@Suite("Code snippets of the README and the DocC articles")
struct DocSnippetTests {
  @Test func everySnippetCompiles() throws {
    let all = try snippets()
    #expect(all.count >= 10, "the README and the articles have snippets")
    let modules = try modulesDirectory()
    for snippet in all {
      let complaint = try typeCheck(snippet, modules: modules)
      #expect(complaint == nil, "\(snippet) does not compile:\n\(complaint ?? "")")
    }
  }
}
