public import CatenaPaging

/// A visible row of an ``Outline``: a node's item at its depth, or its children loading (a
/// spinner), or failed to load (a tap retries), under the node they belong to.
///
/// The list indents a row by its depth and shows whether it is expanded itself (a
/// `HeadlessTable` draws `▸` and `▾`), so expanding a node inserts its children and changes
/// no row. The children's rows show in the data source's status cells (`statusCell(_:)`), in
/// a pager's status rows' words:
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
  /// The children of `parent` loading.
  case loading(parent: Item.ID, depth: Int)
  /// The children of `parent` failed to load, with the error's message: a tap retries.
  case loadFailed(String, parent: Item.ID, depth: Int)

  /// A row's identity: a node's id wherever it moves in the tree, or the node whose children
  /// a status row is about.
  public enum ID: Hashable, Sendable {
    /// A node.
    case item(Item.ID)
    /// The row of a node's children loading or failed.
    case children(of: Item.ID)

    // Written out and inlinable, so that the diff of an app's outline is specialised for its
    // ids (the derived ones are generic calls, several times slower).
    /// Whether two ids are the same row's.
    @inlinable
    public static func == (left: ID, right: ID) -> Bool {
      switch (left, right) {
      case (.item(let left), .item(let right)): left == right
      case (.children(let left), .children(let right)): left == right
      default: false
      }
    }

    /// Hashes the id (the node's id for a node's row).
    @inlinable
    public func hash(into hasher: inout Hasher) {
      switch self {
      case .item(let id): hasher.combine(id)
      case .children(let parent):
        hasher.combine(1 as UInt8)
        hasher.combine(parent)
      }
    }
  }

  /// The row's identity.
  @inlinable public var id: ID {
    switch self {
    case .item(let item, _, _): .item(item.id)
    case .loading(let parent, _), .loadFailed(_, let parent, _): .children(of: parent)
    }
  }

  /// The node's item, for a node's row.
  @inlinable public var item: Item? {
    if case .item(let item, _, _) = self { item } else { nil }
  }

  /// How deep the row is: 0 for a root.
  @inlinable public var depth: Int {
    switch self {
    case .item(_, let depth, _), .loading(_, let depth), .loadFailed(_, _, let depth): depth
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
    case (.loading(let parentA, let depthA), .loading(let parentB, let depthB)):
      depthA == depthB && parentA == parentB
    case (.loadFailed(let a, let parentA, let depthA), .loadFailed(let b, let parentB, let depthB)):
      depthA == depthB && parentA == parentB && a == b
    default: false
    }
  }
}
extension OutlineRow: StatusRow {
  /// How the data source's status cells (`statusCell(_:)`) show a children row: loading, or
  /// the failure with "Tap to retry", in a status row's words; nil for a node.
  public var status: PagerStatus? {
    switch self {
    case .item: nil
    case .loading: .firstLoad
    case .loadFailed(let message, _, _): .firstLoadFailed(message)
    }
  }
}
