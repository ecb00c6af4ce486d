/// Which end of a section a view is for.
public enum SectionViewKind: Hashable, Sendable, CustomStringConvertible {
  /// The view above the section's rows.
  case header
  /// The view below the section's rows.
  case footer

  /// `header` or `footer`.
  public var description: String { self == .header ? "header" : "footer" }
}
