/// A node of an ``Outline``: an item and, for a node that can expand, its children.
///
/// ```swift
/// let tree = [
///   OutlineNode(folder("Documents"), children: [
///     OutlineNode(file("CV.pdf")),
///     OutlineNode(folder("Taxes"), children: []),   // a folder with nothing in it yet
///   ]),
///   OutlineNode(file("notes.txt")),
/// ]
/// ```
public struct OutlineNode<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The node's item.
  public var item: Item
  /// The node's children, in order; nil for a leaf (which never shows a disclosure).
  public var children: [OutlineNode]?

  /// A node of `item` with `children` (nil: a leaf).
  public init(_ item: Item, children: [OutlineNode]? = nil) {
    self.item = item
    self.children = children
  }
}
