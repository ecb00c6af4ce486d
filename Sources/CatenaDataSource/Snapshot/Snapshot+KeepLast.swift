public import CatenaDiff

extension Snapshot {
  /// Appends `items` to `section` keeping the last copy of every id, in O((*n* + *k*) log *n*)
  /// for *k* items and the *n* items of the sections that lose a copy.
  ///
  /// Every item is appended first and the copies it replaces are only marked; each section that
  /// lost a copy is compacted once at the end. The positions recorded in
  /// ``droppedDuplicates`` are those of the one-at-a-time rule (remove the earlier copy, then
  /// append), counted with a Fenwick tree of the marks.
  @inlinable mutating func appendKeepingLast(_ items: [Item], toSectionAt section: Int) {
    let start = storage[section].items.count
    storage[section].items.reserveCapacity(start + items.count)
    // One slot per section (an array, not a dictionary: no hashing per item).
    var marks = [RemovalMarks?](repeating: nil, count: storage.count)
    func livePosition(of path: ItemPath) -> ItemPath {
      ItemPath(
        item: path.item - (marks[path.section]?.count(before: path.item) ?? 0),
        section: path.section)
    }
    for item in items {
      let physical = ItemPath(item: storage[section].items.count, section: section)
      if let existing = itemIndex[item.id] {
        dropped.append(
          DroppedItem(
            id: item.id, existing: livePosition(of: existing),
            incoming: livePosition(of: physical)))
        let capacity =
          existing.section == section
          ? start + items.count : storage[existing.section].items.count
        if marks[existing.section] == nil {
          marks[existing.section] = RemovalMarks(capacity: capacity)
        }
        marks[existing.section]?.mark(existing.item)
      }
      itemIndex[item.id] = physical
      storage[section].items.append(item)
    }
    for (index, removal) in marks.enumerated() {
      guard let removal else { continue }
      var kept: [Item] = []
      kept.reserveCapacity(storage[index].items.count - removal.total)
      for (offset, element) in storage[index].items.enumerated()
      where !removal.isMarked(offset) {
        itemIndex[element.id] = ItemPath(item: kept.count, section: index)
        kept.append(element)
      }
      storage[index].items = kept
    }
  }
}

/// Positions marked for removal, with the number of marks before a position in O(log *n*)
/// (a Fenwick tree).
@usableFromInline struct RemovalMarks {
  @usableFromInline var tree: [Int]
  @usableFromInline var marked: [Bool]
  /// How many positions are marked.
  @usableFromInline var total = 0

  @inlinable init(capacity: Int) {
    tree = Array(repeating: 0, count: capacity + 1)
    marked = Array(repeating: false, count: capacity)
  }

  /// Marks `position` (once).
  @inlinable mutating func mark(_ position: Int) {
    guard !marked[position] else { return }
    marked[position] = true
    total += 1
    var node = position + 1
    while node < tree.count {
      tree[node] += 1
      node += node & -node
    }
  }

  /// Whether `position` is marked.
  @inlinable func isMarked(_ position: Int) -> Bool { marked[position] }

  /// The number of marked positions before `position`.
  @inlinable func count(before position: Int) -> Int {
    var sum = 0
    var node = position
    while node > 0 {
      sum += tree[node]
      node -= node & -node
    }
    return sum
  }
}
