import Foundation
import Testing

/// A ```` ```swift ```` block of a `///` comment under `Sources/`.
struct DocCommentBlock: CustomStringConvertible, Sendable {
  var file: String
  var line: Int
  var code: String

  /// What `DocComments/pending.txt` names the block by: its file and its first line of code
  /// (line numbers move with every edit above the block).
  var key: String {
    let first = code.split(separator: "\n").first { !$0.hasPrefix("//") } ?? ""
    return "\(file): \(first.trimmingCharacters(in: .whitespaces))"
  }

  var description: String { "\(file):\(line)" }
}

/// Every ```` ```swift ```` block of a `///` comment in `Sources/` (the fakes of UIKit left
/// out: they document UIKit, not Catena).
func docCommentBlocks() throws -> [DocCommentBlock] {
  var blocks: [DocCommentBlock] = []
  let sources = root.appendingPathComponent("Sources")
  guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
  else { return [] }
  var files: [URL] = []
  for case let url as URL in walker
  where url.pathExtension == "swift" && !url.path.contains("/UIKitFakes/") {
    files.append(url)
  }
  for url in files.sorted(by: { $0.path < $1.path }) {
    let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    func comment(_ line: String) -> String? {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("///") else { return nil }
      let text = trimmed.dropFirst(3)
      return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }
    var index = 0
    while index < lines.count {
      guard comment(lines[index])?.trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      var code: [String] = []
      var end = index + 1
      while end < lines.count, let text = comment(lines[end]),
        text.trimmingCharacters(in: .whitespaces) != "```"
      {
        code.append(text)
        end += 1
      }
      blocks.append(
        DocCommentBlock(file: name, line: index + 1, code: code.joined(separator: "\n")))
      index = end + 1
    }
  }
  return blocks
}

/// The contexts a block may be compiled in (`DocComments/contexts.swift.txt`): the
/// declarations a doc example reads from its surroundings, with `// code` where the block
/// goes, each after the `shared` context's (but `bare`, which is nothing). The first context
/// the block compiles in is its own.
func docCommentContexts() throws -> [(name: String, text: String)] {
  let text = try String(
    contentsOf: root.appendingPathComponent("Tests/DocSnippetTests/DocComments/contexts.swift.txt"),
    encoding: .utf8)
  var contexts: [(name: String, text: String)] = []
  var open: (name: String, lines: [String])?
  for line in text.components(separatedBy: "\n") {
    if line.hasPrefix("// context: ") {
      open = (String(line.dropFirst("// context: ".count)), [])
    } else if line == "// end context", let context = open {
      contexts.append((context.name, context.lines.joined(separator: "\n")))
      open = nil
    } else {
      open?.lines.append(line)
    }
  }
  let shared = contexts.first { $0.name == "shared" }?.text ?? ""
  return contexts.filter { $0.name != "shared" }.map {
    ($0.name, $0.name == "bare" ? $0.text : shared + "\n" + $0.text)
  }
}

/// The blocks not compiled yet, by key (`DocComments/pending.txt`): a list that only shrinks.
func pendingDocCommentBlocks() throws -> Set<String> {
  let text = try String(
    contentsOf: root.appendingPathComponent("Tests/DocSnippetTests/DocComments/pending.txt"),
    encoding: .utf8)
  return Set(
    text.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") })
}

@Suite("Code in the doc comments of Sources")
struct DocCommentTests {
  static let preamble = """
    import Catena
    import CatenaHeadless
    import CatenaTesting
    import Foundation
    import Testing
    #if os(Linux)
      import CatenaUIKit
      import UIKitFakes
    #endif

    """

  @Test func everyBlockCompilesInAContextOrIsPending() async throws {
    let blocks = try docCommentBlocks()
    #expect(blocks.count > 100, "the sources' doc comments have examples")
    let contexts = try docCommentContexts()
    #expect(contexts.count >= 2)
    let pending = try pendingDocCommentBlocks()
    let modules = try modulesDirectory()
    // Blocks that need UIKit's view controllers or SwiftUI are regions of
    // Samples/AppleSnippets (`doc-NAME`), compiled for iOS by `.ci/apple-build`; each such
    // region is a block word for word.
    let forApple = try appleRegions().filter { $0.key.hasPrefix("doc-") }
    let appleBlocks = Set(
      blocks.filter { block in forApple.values.contains(dedented(block.code)) }.map(\.key))
    for (name, region) in forApple {
      #expect(
        blocks.contains { dedented($0.code) == region },
        "region \(name) of Samples/AppleSnippets is no doc-comment block")
    }
    // The contexts compile alone: a block fails for what it says.
    for context in contexts {
      let alone = try typeCheck(
        Self.preamble + context.text, named: "context \(context.name)", modules: modules)
      #expect(alone == nil, "context \(context.name) does not compile:\n\(alone ?? "")")
    }
    // Two blocks at a time (two cores); each tries the contexts in order.
    let outcomes = try await withThrowingTaskGroup(
      of: (DocCommentBlock, String?, String?).self
    ) { group in
      var results: [(DocCommentBlock, String?, String?)] = []
      var next = 0
      func add() {
        guard next < blocks.count else { return }
        let block = blocks[next]
        next += 1
        group.addTask {
          if appleBlocks.contains(block.key) { return (block, "iOS", nil) }
          var complaint: String?
          for context in contexts {
            let code =
              Self.preamble + context.text.replacingOccurrences(of: "// code", with: block.code)
            let result = try typeCheck(code, named: block.description, modules: modules)
            if result == nil { return (block, context.name, nil) }
            complaint = complaint ?? result
          }
          return (block, nil, complaint)
        }
      }
      add()
      add()
      while let result = try await group.next() {
        results.append(result)
        add()
      }
      return results
    }
    var unused = pending
    for (block, context, complaint) in outcomes {
      unused.remove(block.key)
      if pending.contains(block.key) {
        #expect(
          context == nil,
          """
          \(block) compiles now (in \(context ?? "")): take it off pending.txt
          COMPILES \(block.key)
          """)
      } else {
        #expect(
          context != nil,
          "\(block) compiles in no context\nPENDING \(block.key)\n\(complaint ?? "")")
      }
    }
    #expect(unused.isEmpty, "pending.txt names blocks that are gone: \(unused.sorted())")
  }
}
