/// A batch update that UIKit would reject, with UIKit's own wording and the context to debug it.
///
/// ```swift
/// do {
///   try BatchUpdate(itemInserts: [ItemPath(item: 0, section: 0)])
///     .validate(rowCountsBefore: [1], rowCountsAfter: [1])
/// } catch {
///   print(error.message)  // Invalid update: invalid number of rows in section 0. …
/// }
/// ```
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of rule the batch broke.
  public enum Kind: Hashable, Sendable {
    /// A section index outside the table before (B4) or after (B5) the update.
    case sectionOutOfBounds
    /// An item path outside the table before (B4) or after (B5) the update.
    case itemOutOfBounds
    /// The same section or item is both deleted and reloaded (B6).
    case deleteAndReload
    /// The same section or item is deleted (or reloaded) and the source of a move (B7).
    case deleteAndMove
    /// The same section or item path receives an insert (or a reload) and a move (B8).
    case insertAndMove
    /// One source moved to two targets, or two sources moved to one target (B9).
    case conflictingMoves
    /// An item moved out of a deleted section or into an inserted one (B10).
    case moveAcrossChangedSection
    /// The same operation named twice for one section or item (B12).
    case duplicateOperation
    /// The number of sections after the update does not add up (B13).
    case invalidSectionCount
    /// The number of rows in a section after the update does not add up (B14).
    case invalidRowCount
    /// A reconfigure or section update combined with a delete, reload or move of the same
    /// element (B16).
    case conflictingReconfigure
  }

  /// What kind of rule the batch broke.
  public var kind: Kind
  /// The rule from Catena's rule book (`B4` … `B16`).
  public var rule: String
  /// The message, worded as UIKit words its assertion.
  public var message: String
  /// Rows per section that the data source reported when the batch opened.
  public var rowCountsBefore: [Int]
  /// Rows per section that the data source reported when the batch closed.
  public var rowCountsAfter: [Int]
  /// The offending batch.
  public var update: BatchUpdate

  /// Creates an error; validators build these, users read them.
  package init(
    kind: Kind, rule: String, message: String, rowCountsBefore: [Int], rowCountsAfter: [Int],
    update: BatchUpdate
  ) {
    self.kind = kind
    self.rule = rule
    self.message = message
    self.rowCountsBefore = rowCountsBefore
    self.rowCountsAfter = rowCountsAfter
    self.update = update
  }

  /// The message in the form newer UIKit versions print, with both data-source shapes and the
  /// operations (truncated after 40 operations).
  public var description: String {
    let shape = { (counts: [Int]) -> String in
      let listed = counts.prefix(40).enumerated().map { "\($0.offset): \($0.element)" }
      return "{" + listed.joined(separator: ", ") + (counts.count > 40 ? ", …" : "") + "}"
    }
    var updates = update.description
    if updates.count > 2_000 { updates = String(updates.prefix(2_000)) + " …]" }
    return "Invalid batch updates detected (\(rule)): \(message) "
      + "Data source before updates = \(shape(rowCountsBefore)) "
      + "Data source after updates = \(shape(rowCountsAfter)) Updates = \(updates)"
  }
}

/// Something UIKit tolerates in a batch but that hides a bug; the validator reports it and goes on.
public struct BatchUpdateWarning: Hashable, Sendable, CustomStringConvertible {
  /// What the validator noticed.
  public enum Kind: Hashable, Sendable {
    /// An item delete inside a deleted section, or an item insert inside an inserted section;
    /// UIKit drops it (B11).
    case absorbedOperation
    /// The same move listed twice; UIKit drops the copy (B9).
    case duplicateMove
    /// A moved section that also has item inserts, deletes or moves in the same batch; a
    /// `UICollectionView` hazard (B16).
    case sectionMoveWithItemChanges
  }

  /// What the validator noticed.
  public var kind: Kind
  /// A sentence naming the operation.
  public var message: String

  /// `kind: message`.
  public var description: String { "\(kind): \(message)" }
}
