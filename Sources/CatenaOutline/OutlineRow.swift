public import CatenaPaging

/// A visible row of an ``Outline``: a node's item at its depth, or the status of children
/// that load (a spinner, then a failure to retry) under the node they belong to.
///
/// The list indents a row by its depth and shows whether it is expanded itself (a
/// `HeadlessTable` draws `▸` and `▾`), so expanding a node inserts its children and changes
/// no row. Status rows show in the data source's status cells (`statusCell(_:)`), as a pager's
/// do:
///
/// ```swift
/// .configureCell(FileCell.self) { cell, _, row in cell.name = row.item?.name ?? "" }
/// .statusCell(PagerStatusCell.self)  // CatenaUIKit's; `TextCell` on a headless table
/// ```
///
/// A cell that draws its own disclosure reads ``Outline/expandedIDs`` in `behaviors:`, which
/// runs for every cell on screen after each update.
public enum OutlineRow<Item: Identifiable & Sendable>: Identifiable, Sendable
where Item.ID: Sendable {
  /// A node: its item, how deep it is (0 for a root), and whether it has children to show.
  case item(Item, depth: Int, isExpandable: Bool)
  /// The children of `parent` loading (`.firstLoad`), or failed to load (`.firstLoadFailed`:
  /// a tap retries).
  case status(PagerStatus, parent: Item.ID, depth: Int)

  /// A row's identity: a node's id wherever it moves in the tree, or the node whose children
  /// a status row is about.
  public enum ID: Hashable, Sendable {
    /// A node.
    case item(Item.ID)
    /// The status of a node's children.
    case status(parent: Item.ID)

    // Written out and inlinable, so that the diff of an app's outline is specialised for its
    // ids (the derived ones are generic calls, several times slower).
    /// Whether two ids are the same row's.
    @inlinable
    public static func == (left: ID, right: ID) -> Bool {
      switch (left, right) {
      case (.item(let left), .item(let right)): left == right
      case (.status(let left), .status(let right)): left == right
      default: false
      }
    }

    /// Hashes the id (the node's id for a node's row).
    @inlinable
    public func hash(into hasher: inout Hasher) {
      switch self {
      case .item(let id): hasher.combine(id)
      case .status(let parent):
        hasher.combine(1 as UInt8)
        hasher.combine(parent)
      }
    }
  }

  /// The row's identity.
  @inlinable public var id: ID {
    switch self {
    case .item(let item, _, _): .item(item.id)
    case .status(_, let parent, _): .status(parent: parent)
    }
  }

  /// The node's item, for a node's row.
  @inlinable public var item: Item? {
    if case .item(let item, _, _) = self { item } else { nil }
  }

  /// How deep the row is: 0 for a root.
  @inlinable public var depth: Int {
    switch self {
    case .item(_, let depth, _), .status(_, _, let depth): depth
    }
  }
}

extension OutlineRow: Equatable where Item: Equatable {
  /// Whether two rows show the same: the same item at the same depth and expandability, or
  /// the same status under the same node at the same depth.
  @inlinable
  public static func == (left: OutlineRow, right: OutlineRow) -> Bool {
    switch (left, right) {
    case (.item(let a, let depthA, let expandsA), .item(let b, let depthB, let expandsB)):
      depthA == depthB && expandsA == expandsB && a == b
    case (.status(let a, let parentA, let depthA), .status(let b, let parentB, let depthB)):
      depthA == depthB && parentA == parentB && a == b
    default: false
    }
  }
}
extension OutlineRow: StatusRow {
  /// The status, for a status row.
  public var status: PagerStatus? {
    if case .status(let status, _, _) = self { status } else { nil }
  }
}
