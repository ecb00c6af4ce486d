public import CatenaDiff

/// Why a ``Snapshot`` refused a change, with the positions involved.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Hashable, Sendable {
    /// An item with this id is already in the snapshot.
    case duplicateItemID
    /// A section with this id is already in the snapshot.
    case duplicateSectionID
    /// No section has this id.
    case unknownSection
    /// No item has this id.
    case unknownItem
    /// Items were appended to a snapshot that has no section yet.
    case noSection
  }

  /// What went wrong.
  public var kind: Kind
  /// The offending id, as `String(describing:)` prints it.
  public var id: String
  /// Where the id already is (duplicates only).
  public var existing: ItemPath?
  /// Where the change tried to put it (duplicates only).
  public var incoming: ItemPath?

  /// Creates an error.
  public init(kind: Kind, id: String, existing: ItemPath? = nil, incoming: ItemPath? = nil) {
    self.kind = kind
    self.id = id
    self.existing = existing
    self.incoming = incoming
  }

  /// A sentence naming the id and the positions.
  public var description: String {
    switch kind {
    case .duplicateItemID:
      "duplicate item id \(id): already at (\(existing.map(String.init(describing:)) ?? "?")), "
        + "added again at (\(incoming.map(String.init(describing:)) ?? "?"))"
    case .duplicateSectionID:
      "duplicate section id \(id): already section \(existing?.section ?? -1), added again as "
        + "section \(incoming?.section ?? -1)"
    case .unknownSection: "no section with id \(id)"
    case .unknownItem: "no item with id \(id)"
    case .noSection: "cannot append item \(id): the snapshot has no section yet"
    }
  }
}

/// What ``Snapshot`` does when an appended item's id is already present.
public enum DuplicatePolicy: Hashable, Sendable {
  /// Throw ``SnapshotError`` naming both positions (the default).
  case fail
  /// Keep the item already present, drop the new one, and record it in
  /// ``Snapshot/droppedDuplicates``.
  case keepFirst
  /// Remove the item already present, add the new one, and record the removed one in
  /// ``Snapshot/droppedDuplicates``.
  case keepLast
}
