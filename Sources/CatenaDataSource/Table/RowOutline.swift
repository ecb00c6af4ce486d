/// Where a row sits in an outline: its depth and, for a row that can expand, whether it is
/// expanded. A table indents the row and shows its disclosure from it.
package struct RowOutline {
  /// How deep the row is: 0 for a root.
  package var depth: Int
  /// Whether the row shows its children; nil for a row without any.
  package var isExpanded: Bool?

  /// Opens or closes the row (its disclosure's tap); nil for a row without children.
  package var toggle: (@MainActor () -> Void)?

  package init(depth: Int, isExpanded: Bool?, toggle: (@MainActor () -> Void)? = nil) {
    self.depth = depth
    self.isExpanded = isExpanded
    self.toggle = toggle
  }
}
