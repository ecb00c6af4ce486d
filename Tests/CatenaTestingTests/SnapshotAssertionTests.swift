import CatenaTesting
import Foundation
import Testing

@testable import CatenaTesting

@Suite("Snapshot assertions: compare, report, record")
final class SnapshotAssertionTests {
  /// The temporary folders of this test, removed when it ends.
  private var folders: [URL] = []

  deinit {
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }

  /// A test source path in a fresh temporary folder; the references go beside it.
  private func scratchTest() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-snapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    folders.append(folder)
    return folder.appendingPathComponent("ScreenTests.swift").path
  }

  private func failure(_ body: () throws(SnapshotFailure) -> Void) -> SnapshotFailure? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test func aMissingReferenceIsRecordedOnceThenCompared() throws {
    let test = try scratchTest()
    let checker = SnapshotChecker(recording: .missing)
    let first = failure { () throws(SnapshotFailure) in
      try checker.checkFile("row 1\nrow 2\n", named: "first page", testFile: test, line: 10)
    }
    #expect(first?.kind == .recorded)
    let path = SnapshotChecker.referencePath(testFile: test, name: "first page")
    #expect(path.hasSuffix("/__Snapshots__/ScreenTests/first-page.txt"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "row 1\nrow 2\n")
    try checker.checkFile("row 1\nrow 2\n", named: "first page", testFile: test, line: 10)
  }

  @Test func aMismatchReportsWhereAndHowAndLeavesTheReference() throws {
    let test = try scratchTest()
    let path = SnapshotChecker.referencePath(testFile: test, name: "rows")
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data("a\nb\nc\n".utf8).write(to: URL(fileURLWithPath: path))
    let mismatch = failure { () throws(SnapshotFailure) in
      try SnapshotChecker(recording: .missing).checkFile(
        "a\nB\nc\n", named: "rows", testFile: test, line: 42)
    }
    #expect(mismatch?.kind == .mismatch)
    #expect(
      mismatch?.description == """
        snapshot "rows" at line 42 does not match its reference in \(path):
        @@ -1 +1 @@
          a
        - b
        + B
          c
        (set CATENA_RECORD_SNAPSHOTS=all to accept the new text)
        """)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\nc\n")
  }

  @Test func recordingAllRewritesWhatDiffersAndPassesWhatMatches() throws {
    let test = try scratchTest()
    let checker = SnapshotChecker(recording: .all)
    _ = failure { () throws(SnapshotFailure) in
      try checker.checkFile("old", named: "s", testFile: test, line: 1)
    }
    let rewritten = failure { () throws(SnapshotFailure) in
      try checker.checkFile("new", named: "s", testFile: test, line: 1)
    }
    #expect(rewritten?.kind == .recorded)
    #expect(rewritten?.description.contains("- old\n+ new") == true)
    let path = SnapshotChecker.referencePath(testFile: test, name: "s")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    try checker.checkFile("new", named: "s", testFile: test, line: 1)
  }

  @Test func withRecordingOffAMissingReferenceFailsAndNothingIsWritten() throws {
    let test = try scratchTest()
    let missing = failure { () throws(SnapshotFailure) in
      try SnapshotChecker(recording: .never).checkFile("x", named: "s", testFile: test, line: 3)
    }
    #expect(missing?.kind == .missing)
    let path = SnapshotChecker.referencePath(testFile: test, name: "s")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func oneNameAtTwoLinesOfAFileIsReported() throws {
    let test = try scratchTest()
    let checker = SnapshotChecker(recording: .missing)
    _ = failure { () throws(SnapshotFailure) in
      try checker.checkFile("x", named: "same", testFile: test, line: 5)
    }
    let second = failure { () throws(SnapshotFailure) in
      try checker.checkFile("x", named: "same", testFile: test, line: 9)
    }
    #expect(second?.kind == .duplicateName)
    #expect(second?.description.contains("line 5") == true)
  }

  @Test func aReferenceThatCannotBeWrittenIsATypedFailureWithTheText() throws {
    let test = try scratchTest()
    let folder = (test as NSString).deletingLastPathComponent
    // A file where the snapshots folder should be.
    try Data().write(to: URL(fileURLWithPath: folder + "/__Snapshots__"))
    let blocked = failure { () throws(SnapshotFailure) in
      try SnapshotChecker(recording: .missing).checkFile(
        "the text", named: "s", testFile: test, line: 1)
    }
    #expect(blocked?.kind == .unwritable)
    #expect(blocked?.underlyingError != nil)
    #expect(blocked?.description.contains("the text") == true)
  }

  @Test func theEnvironmentChoosesTheMode() {
    typealias Mode = SnapshotRecording
    func mode(_ environment: [String: String]) -> Mode? {
      try? Mode.fromEnvironment(environment).get()
    }
    #expect(mode([:]) == .missing)
    #expect(mode(["CI": "true"]) == .never)
    #expect(mode(["CI": "false"]) == .missing)
    #expect(mode(["CATENA_RECORD_SNAPSHOTS": "all", "CI": "true"]) == .all)
    #expect(mode(["CATENA_RECORD_SNAPSHOTS": "1"]) == .all)
    #expect(mode(["CATENA_RECORD_SNAPSHOTS": "Missing"]) == .missing)
    #expect(mode(["CATENA_RECORD_SNAPSHOTS": "0"]) == .never)
    #expect(mode(["CATENA_RECORD_SNAPSHOTS": "recrod"]) == nil)
  }

  @Test func anInlineMismatchShowsTheDiff() {
    let mismatch = failure { () throws(SnapshotFailure) in
      try expectSnapshot(of: "[Today]\n  0-0  New", matches: "[Today]\n  0-0  Old")
    }
    #expect(mismatch?.kind == .mismatch)
    #expect(mismatch?.name == "inline")
    #expect(mismatch?.description.contains("-   0-0  Old\n+   0-0  New") == true)
  }

  @Test func inlineSnapshotsPassWhenTheTextMatches() throws {
    try expectSnapshot(
      of: ["[Today]", "  0-0  Typed throws"].joined(separator: "\n"),
      matches: """
        [Today]
          0-0  Typed throws
        """)
  }

  @Test func recordingRewritesTwoInlineSnapshotsOfOneFile() throws {
    let test = try scratchTest()
    let source = """
      func a() throws {
        try expectSnapshot(of: one, matches: "")
      }
      func b() throws {
        try expectSnapshot(
          of: two,
          matches: \"\"\"
            old
            \"\"\")
      }
      """
    try Data(source.utf8).write(to: URL(fileURLWithPath: test))
    let checker = SnapshotChecker(recording: .all)
    for (text, line) in [("1\n2", UInt(2)), ("three", UInt(5))] {
      let recorded = failure { () throws(SnapshotFailure) in
        try checker.checkInline(text, expected: "old", testFile: test, line: line)
      }
      #expect(recorded?.kind == .recorded)
    }
    #expect(
      try String(contentsOfFile: test, encoding: .utf8) == """
        func a() throws {
          try expectSnapshot(of: one, matches: \"\"\"
            1
            2
            \"\"\")
        }
        func b() throws {
          try expectSnapshot(
            of: two,
            matches: \"\"\"
              three
              \"\"\")
        }
        """)
  }

  @Test func anInlineSnapshotThatCannotBeFoundGivesTheLiteralToPaste() throws {
    let test = try scratchTest()
    try Data("let nothing = 1\n".utf8).write(to: URL(fileURLWithPath: test))
    let failed = failure { () throws(SnapshotFailure) in
      try SnapshotChecker(recording: .all).checkInline(
        "new", expected: "old", testFile: test, line: 1)
    }
    #expect(failed?.kind == .unwritable)
    #expect(failed?.description.contains("\"\"\"\nnew\n\"\"\"") == true)
  }

  /// The committed reference beside this file (`__Snapshots__/SnapshotAssertionTests/`).
  @Test func aCommittedReferenceMatches() throws {
    try expectSnapshot(of: "a committed reference\n", named: "committed")
  }
}
