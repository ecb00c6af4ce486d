/// A visible row of an ``Outline``: a node's item at its depth.
///
/// The list indents a row by its depth and shows whether it is expanded itself (a
/// `HeadlessTable` draws `▸` and `▾`), so expanding a node inserts its children and changes
/// no row; a cell shows the item:
///
/// ```swift
/// .configureCell(TextCell.self) { cell, _, row in cell.text = row.item.name }
/// ```
///
/// A cell that draws its own disclosure reads ``Outline/expandedIDs`` in `behaviors:`, which
/// runs for every cell on screen after each update.
public struct OutlineRow<Item: Identifiable & Sendable>: Identifiable, Sendable
where Item.ID: Sendable {
  /// The node's item.
  public var item: Item
  /// How deep the node is: 0 for a root.
  public var depth: Int
  /// Whether the node has children to show (false for a leaf).
  public var isExpandable: Bool

  /// The item's id: a node is the same row wherever it moves in the tree.
  @inlinable public var id: Item.ID { item.id }
}

extension OutlineRow: Equatable where Item: Equatable {}
