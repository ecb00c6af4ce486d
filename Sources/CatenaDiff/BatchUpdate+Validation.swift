extension BatchUpdate {
  /// Checks the batch against UIKit's batch-update rules (B1–B16 of Catena's rule book), given
  /// the rows per section the data source reports when the batch opens and when it closes.
  ///
  /// The check is strict where UIKit is lenient or version-dependent (B17): it fails wherever a
  /// device might crash, and words its errors as UIKit does.
  ///
  /// ```swift
  /// let update = BatchUpdate(itemMoves: [ItemMove(from: ItemPath(item: 0, section: 0),
  ///                                               to: ItemPath(item: 0, section: 1))])
  /// try update.validate(rowCountsBefore: [2, 0], rowCountsAfter: [1, 1])
  /// ```
  ///
  /// - Parameters:
  ///   - rowCountsBefore: rows in each section when the batch opens (the section count is the
  ///     array's count).
  ///   - rowCountsAfter: rows in each section when the batch closes.
  /// - Returns: warnings for operations UIKit silently drops (B11, duplicate moves) or that are
  ///   hazards on `UICollectionView` (B16).
  /// - Throws: ``BatchUpdateError`` for the first rule the batch breaks.
  /// - Complexity: O(*o* + *r*), where *o* is the number of operations and *r* the number of rows.
  @discardableResult
  public func validate(
    rowCountsBefore: [Int], rowCountsAfter: [Int]
  ) throws(BatchUpdateError) -> [BatchUpdateWarning] {
    var validator = BatchValidator(update: self, before: rowCountsBefore, after: rowCountsAfter)
    try validator.checkSections()
    try validator.checkItems()
    return validator.warnings
  }
}

/// Flag bits the validator keeps per section and per row.
enum Mark {
  static let deleted: UInt8 = 1
  static let reloaded: UInt8 = 2
  static let moveSource: UInt8 = 4
  static let updated: UInt8 = 8
  static let reconfigured: UInt8 = 16
  static let inserted: UInt8 = 1
  static let moveTarget: UInt8 = 2
  static let reloadTarget: UInt8 = 4
}

/// The state of one validation: flags per old and new section, the section mapping, warnings.
///
/// `package` so the headless table maps its rows through the same section mapping it validated.
package struct BatchValidator {
  let update: BatchUpdate
  let before: [Int]
  package let after: [Int]
  package var warnings: [BatchUpdateWarning] = []
  /// Per old section: `Mark.deleted`, `.reloaded`, `.moveSource`, `.updated`.
  var oldSections: [UInt8]
  /// Per new section: `Mark.inserted`, `.moveTarget`, `.reloadTarget`.
  var newSections: [UInt8]
  /// For each old section, its index after the update (`-1` when deleted).
  package var sectionMap: [Int]
  /// The flags of every row, once ``run()`` has passed.
  package var rows: RowFlags?

  package init(update: BatchUpdate, before: [Int], after: [Int]) {
    self.update = update
    self.before = before
    self.after = after
    oldSections = Array(repeating: 0, count: before.count)
    newSections = Array(repeating: 0, count: after.count)
    sectionMap = Array(repeating: -1, count: before.count)
  }

  func error(_ kind: BatchUpdateError.Kind, _ rule: String, _ message: String) -> BatchUpdateError {
    BatchUpdateError(
      kind: kind, rule: rule, message: message, rowCountsBefore: before, rowCountsAfter: after,
      update: update)
  }

  mutating func warn(_ kind: BatchUpdateWarning.Kind, _ message: String) {
    warnings.append(BatchUpdateWarning(kind: kind, message: message))
  }

  /// Runs every check; afterwards ``sectionMap`` and ``warnings`` are valid.
  package mutating func run() throws(BatchUpdateError) {
    try checkSections()
    try checkItems()
  }

  /// Whether rows of old section `section` are dropped with it (deleted or reloaded).
  package func sectionIsReplaced(_ section: Int) -> Bool {
    oldSections[section] & (Mark.deleted | Mark.reloaded) != 0
  }

  /// Whether new section `section` arrives whole (inserted, or the insert half of a reload).
  package func sectionIsFresh(_ section: Int) -> Bool {
    newSections[section] & (Mark.inserted | Mark.reloadTarget) != 0
  }
}
