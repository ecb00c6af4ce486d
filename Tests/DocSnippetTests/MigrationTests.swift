import Foundation
import Testing

/// One row of a migration table: what was removed or renamed, and what to write instead.
struct MigrationRow: CustomStringConvertible {
  var before: String
  var now: String
  var line: Int
  var description: String { "CHANGELOG.md:\(line): \(before)" }
}

/// The rows of the migration tables (`| Before | Now |`) of the unreleased changes.
func migrationRows(in changelog: String) -> [MigrationRow] {
  var rows: [MigrationRow] = []
  var inUnreleased = false
  var inTable = false
  for (index, line) in changelog.components(separatedBy: "\n").enumerated() {
    if line.hasPrefix("## ") { inUnreleased = line == "## Unreleased" }
    guard inUnreleased else { continue }
    if line == "| Before | Now |" {
      inTable = true
      continue
    }
    guard inTable, line.hasPrefix("|") else {
      inTable = false
      continue
    }
    if line.hasPrefix("|---") { continue }
    let cells = line.dropFirst().dropLast().components(separatedBy: " | ")
    rows.append(
      MigrationRow(
        before: cells[0].trimmingCharacters(in: .whitespaces),
        now: cells.dropFirst().joined(separator: " | ").trimmingCharacters(in: .whitespaces),
        line: index + 1))
  }
  return rows
}

/// The regions of `Examples/Migration.swift` by marker: the code between `// migration: MARKER`
/// and `// end migration`, without its comments and string literals.
func migrationRegions(in source: String) -> [String: String] {
  var regions: [String: String] = [:]
  var marker: String?
  var code: [String] = []
  for line in source.components(separatedBy: "\n") {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("// migration: ") {
      marker = String(trimmed.dropFirst("// migration: ".count))
      code = []
    } else if trimmed == "// end migration", let open = marker {
      regions[open] = code.joined(separator: "\n")
      marker = nil
    } else if marker != nil {
      // Without comments and string literals: a name counts where the compiler reads it.
      code.append(
        line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"").replacing(/(^|\s)\/\/.*$/, with: ""))
    }
  }
  return regions
}

/// The names a `Now` cell's code spans use: the spans that call, reach into or name a type
/// (`PagerConfiguration(refetchAfter:)`, `loadStates.isOffline`, `PagerLoad`); for an
/// `import M` span, `M.` (the region names a declaration through its new module). Prose words
/// and lone member names are not checked.
func namesToCompile(in now: String) -> Set<String> {
  var names: Set<String> = []
  for span in now.matches(of: /`([^`]+)`/).map({ String($0.1) }) {
    if let module = span.wholeMatch(of: /import (\w+)/) {
      names.insert("\(module.1).")
      continue
    }
    let isCode = span.contains("(") || span.contains(".") || span.contains("<")
    let isType = span.wholeMatch(of: /[A-Z][A-Za-z0-9]*/) != nil
    guard isCode || isType else { continue }
    // String literals are values, not names, in the span as in the region.
    let code = span.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
    for match in code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { names.insert(String(match.0)) }
  }
  return names
}

@Suite("The CHANGELOG's migration table: each replacement compiled")
struct MigrationTests {
  let changelog = root.appendingPathComponent("CHANGELOG.md")
  let examples = root.appendingPathComponent("Tests/DocSnippetTests/Examples/Migration.swift")

  @Test func everyRowHasACompiledRegionThatUsesItsReplacement() throws {
    let rows = migrationRows(in: try String(contentsOf: changelog, encoding: .utf8))
    let regions = migrationRegions(in: try String(contentsOf: examples, encoding: .utf8))
    #expect(rows.count >= 60, "the unreleased migration table is read")
    var used: Set<String> = []
    for row in rows {
      // The longest marker the row's `Before` starts with: its region.
      guard
        let marker = regions.keys.filter({ row.before.hasPrefix($0) }).max(by: {
          $0.count < $1.count
        })
      else {
        Issue.record("\(row): no region in Examples/Migration.swift starts its `Before`")
        continue
      }
      #expect(!used.contains(marker), "\(row): shares its region with another row")
      used.insert(marker)
      let code = regions[marker] ?? ""
      let words = Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*\.?/).map { String($0.0) })
        .union(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.0) })
      let missing = namesToCompile(in: row.now).subtracting(words)
      #expect(missing.isEmpty, "\(row): its region does not use \(missing.sorted())")
    }
    #expect(
      Set(regions.keys) == used, "regions no row names: \(Set(regions.keys).subtracting(used))")
  }

  @Test func theCheckSeesAReplacementTheRegionDoesNotUse() {
    let row = "| `Old(x:)` | `PagerConfiguration(refetchAfter:)`, then `pager.appeared()` |"
    let rows = migrationRows(in: "## Unreleased\n\n| Before | Now |\n|---|---|\n\(row)\n")
    #expect(rows.count == 1)
    let regions = migrationRegions(
      in:
        "// migration: `Old(x:)`\n_ = PagerConfiguration()  // refetchAfter appeared pager\n// end migration\n"
    )
    let code = regions["`Old(x:)`"] ?? ""
    let words = Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.0) })
    // Comments do not count: the names must be in the code that compiles.
    #expect(
      namesToCompile(in: rows[0].now).subtracting(words) == ["refetchAfter", "pager", "appeared"])
  }
}
