/// A section of a ``Snapshot``: its id. Its title is the data source's (its `headerTitle`
/// and `footerTitle` chain), read again at each apply.
public struct SnapshotSection<ID: Hashable>: Identifiable, Equatable {
  /// The section's identity.
  public var id: ID

  /// A section with `id`.
  public init(id: ID) {
    self.id = id
  }
}

extension SnapshotSection: Sendable where ID: Sendable {}
