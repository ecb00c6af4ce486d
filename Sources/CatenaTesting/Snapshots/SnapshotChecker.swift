import Foundation

/// Compares texts with their references and records references; what ``expectSnapshot(of:named:record:filePath:line:)``
/// and ``expectSnapshot(of:matches:record:filePath:line:)`` run, with the recording mode and
/// the paths given.
struct SnapshotChecker {
  var recording: SnapshotRecording

  /// Checks `actual` against the file `name` beside the test source `testFile`.
  func checkFile(
    _ actual: String, named name: String, testFile: String, line: UInt
  ) throws(SnapshotFailure) {
    let path = Self.referencePath(testFile: testFile, name: name)
    func failure(_ kind: SnapshotFailure.Kind, _ diff: String = "", _ error: (any Error)? = nil)
      -> SnapshotFailure
    {
      SnapshotFailure(
        kind: kind, name: name, referencePath: path, line: line, diff: diff,
        underlyingError: error)
    }
    if let other = SnapshotLedger.shared.claim(path: path, line: line) {
      throw failure(.duplicateName, "line \(other)")
    }
    let reference: String?
    if FileManager.default.fileExists(atPath: path) {
      do {
        reference = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw failure(.unwritable, "", error)
      }
    } else {
      reference = nil
    }
    if reference == actual { return }
    let diff = reference.map { LineDiff(old: $0, new: actual).rendered() } ?? ""
    switch (reference, recording) {
    case (nil, .never): throw failure(.missing)
    case (.some, .never), (.some, .missing): throw failure(.mismatch, diff)
    case (nil, _), (.some, .all):
      do {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        throw failure(.unwritable, actual, error)
      }
      throw failure(.recorded, diff)
    }
  }

  /// Checks `actual` against `expected`, the literal at `line` of `testFile`, and rewrites
  /// that literal when recording everything.
  func checkInline(
    _ actual: String, expected: String, testFile: String, line: UInt
  ) throws(SnapshotFailure) {
    if actual == expected { return }
    let diff = LineDiff(old: expected, new: actual).rendered()
    func failure(_ kind: SnapshotFailure.Kind, _ diff: String, _ error: (any Error)? = nil)
      -> SnapshotFailure
    {
      SnapshotFailure(
        kind: kind, name: "inline", referencePath: testFile, line: line, diff: diff,
        underlyingError: error)
    }
    guard recording == .all else { throw failure(.mismatch, diff) }
    do {
      try SnapshotLedger.shared.rewrite(file: testFile, line: line, with: actual)
    } catch {
      throw failure(.unwritable, InlineSnapshotSource.literal(for: actual, indent: ""), error)
    }
    throw failure(.recorded, diff)
  }

  /// `__Snapshots__/<test file's name>/<name>.txt` beside the test source; characters other
  /// than letters, digits, `.`, `_` and `-` in `name` become `-`.
  static func referencePath(testFile: String, name: String) -> String {
    let url = URL(fileURLWithPath: testFile)
    let safe = String(
      name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" })
    return url.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(url.deletingPathExtension().lastPathComponent)
      .appendingPathComponent((safe.isEmpty ? "-" : safe) + ".txt").path
  }
}

/// What the assertions of one process have claimed and rewritten: each reference file's line,
/// and the lines each test source has grown by where inline snapshots were rewritten, so a
/// second rewrite in the same file finds its literal.
final class SnapshotLedger: @unchecked Sendable {
  // NB: `lock` guards `claims` and `shifts`.
  private let lock = NSLock()
  private var claims: [String: UInt] = [:]
  private var shifts: [String: [(line: UInt, delta: Int)]] = [:]

  static let shared = SnapshotLedger()

  /// Claims the reference at `path` for the assertion at `line`; the line of another assertion
  /// that claimed it first, if any.
  func claim(path: String, line: UInt) -> UInt? {
    lock.withLock {
      if let other = claims[path], other != line { return other }
      claims[path] = line
      return nil
    }
  }

  /// Replaces the literal of the assertion written at `line` of `file` (as compiled) with the
  /// literal of `text`.
  func rewrite(file: String, line: UInt, with text: String) throws {
    try lock.withLock {
      let shift = (shifts[file] ?? []).filter { $0.line < line }.reduce(0) { $0 + $1.delta }
      let source = try String(contentsOfFile: file, encoding: .utf8)
      let result = try InlineSnapshotSource.replacing(
        in: source, line: Int(line) + shift, with: text)
      try Data(result.source.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
      shifts[file, default: []].append((line, result.lineDelta))
    }
  }
}
