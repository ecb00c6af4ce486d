/// Which end of a section a view is for.
public enum SectionViewKind: Hashable, Sendable {
  /// The view above the section's rows.
  case header
  /// The view below the section's rows.
  case footer
}
