import CatenaPaging

/// A node of an ``Outline``: an item and, for a node that can expand, its children (given,
/// or loaded when it is first expanded).
///
/// ```swift
/// let tree = [
///   OutlineNode(folder("Documents"), children: [
///     OutlineNode(file("CV.pdf")),
///     OutlineNode(folder("Taxes"), children: []),   // a folder with nothing in it yet
///     .lazy(folder("Shared")),                      // its children load when it opens
///   ]),
///   OutlineNode(file("notes.txt")),
/// ]
/// ```
public struct OutlineNode<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The node's item.
  public var item: Item
  /// The node's children, in order; nil for a leaf, and for a lazy node whose children have
  /// not loaded.
  public var children: [OutlineNode]?
  /// Whether the children load when the node is first expanded (the outline's loader): a
  /// node made by ``lazy(_:)``.
  @usableFromInline package private(set) var loadsChildren = false

  /// A node of `item` with `children` (nil: a leaf).
  public init(_ item: Item, children: [OutlineNode]? = nil) {
    self.item = item
    self.children = children
  }

  /// A node whose children the outline loads when it is first expanded; until they arrive a
  /// status row shows under it (loading, then failed with a retry).
  public static func lazy(_ item: Item) -> OutlineNode {
    var node = OutlineNode(item)
    node.loadsChildren = true
    return node
  }

  /// Whether the node can expand.
  @inlinable var expands: Bool { children != nil || loadsChildren }
}
