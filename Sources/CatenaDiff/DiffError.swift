/// Why a diff could not be computed: the input breaks the one rule the diff relies on, that ids
/// are unique.
///
/// Ids must be unique within the source and within the target: item ids across *all* sections
/// (an item can move between sections, so its id names it everywhere), and section ids among the
/// sections. The diff never guesses which of two equal ids is meant; it names both positions.
///
/// ```swift
/// do {
///   _ = try StagedChangeset(source: old, target: new)
/// } catch {
///   print(error)  // duplicate item id 7 in the target at (0 - 2) and (0 - 5)
/// }
/// ```
public struct DiffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is duplicated.
  public enum Kind: Hashable, Sendable {
    /// Two items share an id.
    case duplicateItemID
    /// Two sections share an id.
    case duplicateSectionID
  }

  /// Which side of the diff holds the duplicate.
  public enum Side: Hashable, Sendable {
    /// The old data.
    case source
    /// The new data.
    case target
  }

  /// What is duplicated.
  public var kind: Kind
  /// Which side of the diff holds the duplicate.
  public var side: Side
  /// The first position holding the id (for sections, `item` is 0 and unused).
  public var first: ItemPath
  /// The second position holding the id.
  public var second: ItemPath
  /// The duplicated id, as `String(describing:)` prints it.
  public var id: String

  /// Creates an error naming both positions of a duplicated id.
  @usableFromInline package init(
    kind: Kind, side: Side, first: ItemPath, second: ItemPath, id: String
  ) {
    self.kind = kind
    self.side = side
    self.first = first
    self.second = second
    self.id = id
  }

  /// A sentence naming the id and both positions.
  public var description: String {
    switch kind {
    case .duplicateItemID:
      "duplicate item id \(id) in the \(side) at (\(first)) and (\(second))"
    case .duplicateSectionID:
      "duplicate section id \(id) in the \(side) at sections \(first.section) and "
        + "\(second.section)"
    }
  }
}
