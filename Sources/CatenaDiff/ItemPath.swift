/// The position of an item in sectioned data: a section index and an item index within it.
///
/// Catena's own, Foundation-free counterpart of `IndexPath`; adapters convert at the UIKit edge.
///
/// ```swift
/// let path = ItemPath(item: 3, section: 0)
/// print(path)  // 0 - 3
/// ```
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The index of the item within its section.
  public var item: Int

  /// Creates a path to `item` in `section`.
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths by section, then by item, as a table lays them out.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// `section - item`, the way UIKit prints an index path in its assertion messages.
  public var description: String { "\(section) - \(item)" }
}

/// A section that moves from one index to another in a batch update.
public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
  /// The section's index before the update.
  public var source: Int
  /// The section's index after the update.
  public var target: Int

  /// Creates a move of the section at `source` to `target`.
  @inlinable
  public init(from source: Int, to target: Int) {
    self.source = source
    self.target = target
  }

  /// `source -> target`.
  public var description: String { "\(source) -> \(target)" }
}

/// An item that moves from one path to another in a batch update.
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
  /// The item's path before the update.
  public var source: ItemPath
  /// The item's path after the update.
  public var target: ItemPath

  /// Creates a move of the item at `source` to `target`.
  @inlinable
  public init(from source: ItemPath, to target: ItemPath) {
    self.source = source
    self.target = target
  }

  /// `(s - i) -> (s - i)`.
  public var description: String { "(\(source)) -> (\(target))" }
}
