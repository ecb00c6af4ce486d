import Foundation
import Testing

@Suite("The README's first paged list stays short")
struct FirstPagedListTests {
  @Test func theFirstPagedListBlockHasAtMost30Lines() throws {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let paging = try #require(readme.range(of: "\n### CatenaPaging\n"))
    let rest = readme[paging.upperBound...]
    let open = try #require(rest.range(of: "```swift\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    let code = rest[open.upperBound..<close.lowerBound].split(separator: "\n").filter {
      let line = $0.trimmingCharacters(in: .whitespaces)
      return !line.isEmpty && !line.hasPrefix("//")
    }
    #expect(code.count > 10, "the block is found")
    #expect(code.count <= 30, "the first paged-list example has \(code.count) lines")
  }
}
