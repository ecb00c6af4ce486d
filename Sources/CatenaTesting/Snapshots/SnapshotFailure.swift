/// Why a snapshot assertion failed: the text differs from its reference, a reference was
/// missing or was written, or the reference could not be read or written.
///
/// Its ``description`` is what a test report shows: where the assertion is, what failed, and for
/// a mismatch a line diff of the reference against the new text.
public struct SnapshotFailure: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The text differs from the reference; ``SnapshotFailure/diff`` shows how.
    case mismatch
    /// No reference exists, and recording is off (as it is when `CI` is set).
    case missing
    /// A reference was written (it was missing, or recording is on). The assertion fails so a
    /// recording run is never taken for a passing one: run the test again to compare.
    case recorded
    /// Two assertions in one test file use the same snapshot name at different lines.
    case duplicateName
    /// The reference file could not be read or written, or an inline snapshot's string literal
    /// could not be found in the test's source to rewrite it.
    case unwritable
    /// `CATENA_RECORD_SNAPSHOTS` holds a value that names no ``SnapshotRecording`` mode.
    case invalidSetting
  }

  /// What went wrong.
  public let kind: Kind
  /// The snapshot's name (`inline` for an inline snapshot).
  public let name: String
  /// The file that holds the reference: the snapshot file, or the test's source for an
  /// inline snapshot.
  public let referencePath: String
  /// The line of the assertion in the test's source.
  public let line: UInt
  /// For a mismatch: the reference's lines (`-`) against the new text's (`+`), with context.
  public let diff: String
  /// What the file system or the source scan reported, when that is the cause.
  public let underlyingError: (any Error)?

  /// A report: the snapshot, its reference, what failed, and the diff of a mismatch.
  public var description: String {
    let subject = "snapshot \"\(name)\" at line \(line)"
    switch kind {
    case .mismatch:
      return "\(subject) does not match its reference in \(referencePath):\n\(diff)\n"
        + "(set CATENA_RECORD_SNAPSHOTS=all to accept the new text)"
    case .missing:
      return "\(subject) has no reference at \(referencePath); recording is off "
        + "(set CATENA_RECORD_SNAPSHOTS=missing, or run it once outside CI)"
    case .recorded:
      return "\(subject) recorded in \(referencePath); run the test again to compare"
        + (diff.isEmpty ? "" : ":\n\(diff)")
    case .duplicateName:
      return "\(subject) uses a name another assertion in the same file uses (\(diff)); "
        + "give each snapshot its own name"
    case .invalidSetting:
      return "\(subject) not checked: CATENA_RECORD_SNAPSHOTS=\(diff) is not one of "
        + "all, missing, never (or 1/true, 0/false)"
    case .unwritable:
      let cause = underlyingError.map { ": \($0)" } ?? ""
      return "\(subject) could not use \(referencePath)\(cause)"
        + (diff.isEmpty ? "" : "\nthe new text:\n\(diff)")
    }
  }
}
