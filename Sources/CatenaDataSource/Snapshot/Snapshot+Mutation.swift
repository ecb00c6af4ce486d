public import CatenaDiff

extension Snapshot {
  /// Appends an empty section. Its title comes from the data source's `headerTitle` and `footerTitle`
  /// closures.
  ///
  /// - Throws: ``DataSourceError`` when a section with `id` exists.
  public mutating func appendSection(_ id: SectionID) throws(DataSourceError) {
    if let existing = sectionIndex[id] {
      throw DataSourceError(
        kind: .duplicateSectionID, id: String(describing: id),
        existing: ItemPath(item: 0, section: existing),
        incoming: ItemPath(item: 0, section: storage.count))
    }
    sectionIndex[id] = storage.count
    storage.append(
      DiffSection(model: SnapshotSection(id: id), items: []))
  }

  /// Appends empty sections.
  ///
  /// - Throws: ``DataSourceError`` at the first id that already exists; earlier ids stay added.
  public mutating func appendSections(_ ids: [SectionID]) throws(DataSourceError) {
    for id in ids { try appendSection(id) }
  }

  /// Appends items to the section with `sectionID`, or to the last section.
  ///
  /// - Parameters:
  ///   - items: the items, in display order.
  ///   - sectionID: the section to append to; nil for the last one.
  ///   - duplicates: what to do with an item whose id is already present.
  /// - Throws: ``DataSourceError`` for an unknown section, a snapshot without sections, or (with
  ///   `.fail`) a duplicate id; items before the failing one stay added.
  /// - Complexity: O(*k*) for *k* items; with `.keepLast`, O((*n* + *k*) log *n*) when earlier
  ///   copies are removed from sections holding *n* items (each such section is compacted once).
  @inlinable public mutating func appendItems(
    _ items: [Item], toSection sectionID: SectionID? = nil, duplicates: DuplicatePolicy = .fail
  ) throws(DataSourceError) {
    var section = storage.count - 1
    if let sectionID {
      guard let index = sectionIndex[sectionID] else {
        throw DataSourceError(kind: .unknownSection, id: String(describing: sectionID))
      }
      section = index
    }
    guard section >= 0 else {
      throw DataSourceError(
        kind: .noSection, id: items.first.map { String(describing: $0.id) } ?? "")
    }
    if duplicates == .keepLast {
      appendKeepingLast(items, toSectionAt: section)
      return
    }
    storage[section].items.reserveCapacity(storage[section].items.count + items.count)
    itemIndex.reserveCapacity(itemIndex.count + items.count)
    for item in items {
      let incoming = ItemPath(item: storage[section].items.count, section: section)
      if let existing = itemIndex[item.id] {
        switch duplicates {
        case .fail:
          throw DataSourceError(
            kind: .duplicateItemID, id: String(describing: item.id), existing: existing,
            incoming: incoming)
        case .keepFirst, .keepLast:
          dropped.append(DroppedItem(id: item.id, existing: existing, incoming: incoming))
          continue
        }
      }
      itemIndex[item.id] = ItemPath(item: storage[section].items.count, section: section)
      storage[section].items.append(item)
    }
  }

  /// Deletes the items with `ids`.
  ///
  /// - Throws: ``DataSourceError`` naming the first id that is not in the snapshot; nothing is
  ///   deleted then.
  /// - Complexity: O(*n*) for the sections it touches.
  public mutating func deleteItems(_ ids: [Item.ID]) throws(DataSourceError) {
    var doomed: [Int: Set<Int>] = [:]
    for id in ids {
      guard let path = itemIndex[id] else {
        throw DataSourceError(kind: .unknownItem, id: String(describing: id))
      }
      doomed[path.section, default: []].insert(path.item)
    }
    for (section, items) in doomed {
      for item in items { itemIndex[storage[section].items[item].id] = nil }
      storage[section].items = storage[section].items.enumerated()
        .filter { !items.contains($0.offset) }.map { $0.element }
      reindexItems(inSection: section)
    }
  }

  /// Deletes the sections with `ids` and their items.
  ///
  /// - Throws: ``DataSourceError`` naming the first unknown id; nothing is deleted then.
  public mutating func deleteSections(_ ids: [SectionID]) throws(DataSourceError) {
    var doomed = Set<Int>()
    for id in ids {
      guard let index = sectionIndex[id] else {
        throw DataSourceError(kind: .unknownSection, id: String(describing: id))
      }
      doomed.insert(index)
    }
    for index in doomed {
      for item in storage[index].items { itemIndex[item.id] = nil }
    }
    storage = storage.enumerated().filter { !doomed.contains($0.offset) }.map { $0.element }
    sectionIndex = [:]
    for (index, section) in storage.enumerated() {
      sectionIndex[section.model.id] = index
      reindexItems(inSection: index)
    }
  }

  /// Replaces the item that has `item`'s id with `item` (a content update).
  ///
  /// - Throws: ``DataSourceError`` when no item has that id.
  /// - Complexity: O(1).
  public mutating func updateItem(_ item: Item) throws(DataSourceError) {
    guard let path = itemIndex[item.id] else {
      throw DataSourceError(kind: .unknownItem, id: String(describing: item.id))
    }
    storage[path.section].items[path.item] = item
  }

  private mutating func reindexItems(inSection section: Int) {
    for (item, element) in storage[section].items.enumerated() {
      itemIndex[element.id] = ItemPath(item: item, section: section)
    }
  }
}
