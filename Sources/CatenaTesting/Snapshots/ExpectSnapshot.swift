/// Compares `text` with the snapshot file `name` beside the test, and throws a
/// ``SnapshotFailure`` with a readable line diff when they differ.
///
/// The reference lives in `__Snapshots__/<test file>/<name>.txt` next to the test's source, to
/// be committed with it. A missing reference is written (and the assertion fails once, asking
/// for a second run) unless recording is off, as it is when `CI` is set; with
/// `CATENA_RECORD_SNAPSHOTS=all` every reference that differs is rewritten. See
/// ``SnapshotRecording``.
///
/// It throws rather than reporting to one test framework, so it works the same in Swift Testing
/// and XCTest: a thrown error fails the test in both and shows the description.
///
/// ```swift
/// @Test func theFirstPageShows() throws {
///   try dataSource.apply(firstPage)
///   try expectSnapshot(of: table.render(), named: "first-page")
/// }
/// ```
///
/// - Parameters:
///   - text: The text to check, such as `HeadlessTable.render()` or a sample's output.
///   - name: The snapshot's name, unique within the test file.
///   - record: When to write the reference; nil reads `CATENA_RECORD_SNAPSHOTS` and `CI`.
///   - filePath: The test's source file; the reference sits beside it.
///   - line: The assertion's line, for the report.
/// - Throws: ``SnapshotFailure``: a mismatch, a missing or recorded reference, a name used twice
///   in one file, or a file that cannot be read or written.
public func expectSnapshot(
  of text: String, named name: String, record: SnapshotRecording? = nil,
  filePath: StaticString = #filePath, line: UInt = #line
) throws(SnapshotFailure) {
  let checker = try checker(record: record, name: name, file: "\(filePath)", line: line)
  try checker.checkFile(text, named: name, testFile: "\(filePath)", line: line)
}

/// Compares `text` with `expected`, a snapshot written inline in the test, and throws a
/// ``SnapshotFailure`` with a readable line diff when they differ.
///
/// With `CATENA_RECORD_SNAPSHOTS=all` (or `record: .all`) a differing snapshot is rewritten in
/// the test's source: the string literal after `matches:` becomes the new text (a multi-line
/// literal, raw when the text holds backslashes), and the assertion fails once, asking for a
/// second run. Start a new snapshot with `matches: ""` and record it.
///
/// ```swift
/// try expectSnapshot(
///   of: table.render(),
///   matches: """
///     [Today]
///       0-0  Typed throws in practice
///     """)
/// ```
///
/// - Parameters:
///   - text: The text to check.
///   - expected: The snapshot: a string literal in the call, so recording can rewrite it.
///   - record: `.all` rewrites a differing literal; nil reads `CATENA_RECORD_SNAPSHOTS`
///     (`missing` and `never` only compare: an inline snapshot is never missing).
///   - filePath: The test's source file, rewritten when recording.
///   - line: The line of the call; the literal is the first `matches:` argument from there.
/// - Throws: ``SnapshotFailure``: a mismatch, a recorded literal, or a source that cannot be
///   rewritten (the report then holds the new literal to paste).
public func expectSnapshot(
  of text: String, matches expected: String, record: SnapshotRecording? = nil,
  filePath: StaticString = #filePath, line: UInt = #line
) throws(SnapshotFailure) {
  let checker = try checker(record: record, name: "inline", file: "\(filePath)", line: line)
  try checker.checkInline(text, expected: expected, testFile: "\(filePath)", line: line)
}

/// A checker with `record`, or the environment's mode.
private func checker(
  record: SnapshotRecording?, name: String, file: String, line: UInt
) throws(SnapshotFailure) -> SnapshotChecker {
  if let record { return SnapshotChecker(recording: record) }
  switch SnapshotRecording.fromEnvironment() {
  case .success(let recording): return SnapshotChecker(recording: recording)
  case .failure(let invalid):
    throw SnapshotFailure(
      kind: .invalidSetting, name: name, referencePath: file, line: line, diff: invalid.value,
      underlyingError: nil)
  }
}
