/// Where a row sits in an outline: its depth and, for a row that can expand, whether it is
/// expanded. A table indents the row and shows its disclosure from it.
package struct RowOutline: Hashable, Sendable {
  /// How deep the row is: 0 for a root.
  package var depth: Int
  /// Whether the row shows its children; nil for a row without any.
  package var isExpanded: Bool?

  package init(depth: Int, isExpanded: Bool?) {
    self.depth = depth
    self.isExpanded = isExpanded
  }
}
