/// A section of a ``Snapshot``: its id and the optional header and footer text a table shows.
///
/// Two sections with the same id but different header or footer text are the same section with
/// new content: applying the change refreshes the header and footer, not the rows.
public struct SnapshotSection<ID: Hashable>: Identifiable, Equatable {
  /// The section's identity.
  public var id: ID
  /// The header text, if the section has one.
  public var header: String?
  /// The footer text, if the section has one.
  public var footer: String?

  /// Creates a section description.
  public init(id: ID, header: String? = nil, footer: String? = nil) {
    self.id = id
    self.header = header
    self.footer = footer
  }
}

extension SnapshotSection: Sendable where ID: Sendable {}
