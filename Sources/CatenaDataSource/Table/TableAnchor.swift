public import CatenaDiff

/// Where a table is scrolled, told by a row: the row's path and how far the top of the
/// viewport is below the row's top. Restoring it after rows were inserted above keeps the row
/// where the user saw it.
public struct TableAnchor: Equatable, Sendable {
  /// The row.
  public var path: ItemPath
  /// How far the viewport's top is below the row's top (negative: above it).
  public var offset: Double

  /// An anchor at the row at `path`, `offset` points into it.
  public init(path: ItemPath, offset: Double) {
    self.path = path
    self.offset = offset
  }
}
