public import CatenaDiff

extension Snapshot {
  /// The position of the item with `id`, or nil.
  ///
  /// - Complexity: O(1).
  public func path(of id: Item.ID) -> ItemPath? { itemIndex[id] }

  /// The item at `path`, or nil when the path is out of bounds.
  ///
  /// - Complexity: O(1).
  public func item(at path: ItemPath) -> Item? {
    guard sections.indices.contains(path.section),
      sections[path.section].items.indices.contains(path.item)
    else { return nil }
    return sections[path.section].items[path.item]
  }

  /// The item with `id`, or nil.
  ///
  /// - Complexity: O(1).
  public func item(withID id: Item.ID) -> Item? { itemIndex[id].flatMap(item(at:)) }

  /// The index of the section with `id`, or nil.
  ///
  /// - Complexity: O(1).
  public func index(ofSection id: SectionID) -> Int? { sectionIndex[id] }

  /// The items of the section with `id`.
  ///
  /// - Throws: ``DataSourceError`` when no section has that id.
  public func items(inSection id: SectionID) throws(DataSourceError) -> [Item] {
    guard let index = sectionIndex[id] else {
      throw DataSourceError(kind: .unknownSection, id: String(describing: id))
    }
    return sections[index].items
  }
}
