/// The rows a table has asked its data source to prefetch and has neither shown nor
/// cancelled yet: what `UITableView` keeps to send `prefetchRowsAt` once per row and
/// `cancelPrefetchingForRowsAt` for rows the user turned away from.
package struct PrefetchWindow {
  /// The rows told to prefetch and still expected.
  package private(set) var pending: Set<ItemPath> = []
  /// The content offset of the last layout, which tells the direction of a scroll.
  private var offset = 0.0

  package init() {}

  /// After a layout at `offset` with `visible` on screen (in order): the `distance` rows
  /// past them in the direction of the scroll (down when it did not move) are the window;
  /// returns the rows to cancel and to prefetch, as ``move(ahead:visible:)`` does.
  package mutating func layOut(
    visible: [ItemPath], offset: Double, distance: Int, rowCounts: [Int]
  ) -> (cancel: [ItemPath], prefetch: [ItemPath]) {
    let upwards = offset < self.offset
    self.offset = offset
    var ahead: [ItemPath] = []
    if distance > 0, let edge = upwards ? visible.first : visible.last {
      ahead = Self.rows(from: edge, count: distance, forward: !upwards, rowCounts: rowCounts)
    }
    return move(ahead: ahead, visible: Set(visible))
  }

  /// Moves the window to `ahead` (the rows expected next, nearest first) while `visible`
  /// are on screen. Rows that came on screen leave the window without a cancel; rows no
  /// longer ahead are cancelled (in order); rows newly ahead are prefetched (nearest first).
  package mutating func move(
    ahead: [ItemPath], visible: Set<ItemPath>
  ) -> (cancel: [ItemPath], prefetch: [ItemPath]) {
    pending.subtract(visible)
    let wanted = Set(ahead)
    let cancel = pending.subtracting(wanted).sorted()
    pending.subtract(cancel)
    let prefetch = ahead.filter { !visible.contains($0) && !pending.contains($0) }
    pending.formUnion(prefetch)
    return (cancel, prefetch)
  }

  /// Forgets every row (a reload: the paths no longer mean the same rows).
  package mutating func reset() { pending.removeAll() }

  /// Follows a batch update: rows that stay or move keep their place in the window at their
  /// new paths; deleted and reloaded rows leave it.
  package mutating func follow(_ fates: [ItemPath: RowMapping.Fate]) {
    pending = Set(
      pending.compactMap { path in
        switch fates[path] ?? .gone {
        case .moved(let target), .stays(let target): target
        case .gone, .reloaded: nil
        }
      })
  }

  /// The `count` rows after `path` (forward) or before it (backward), nearest first, across
  /// sections with `rowCounts` rows each.
  static func rows(
    from path: ItemPath, count: Int, forward: Bool, rowCounts: [Int]
  ) -> [ItemPath] {
    var result: [ItemPath] = []
    var section = path.section
    var item = path.item
    while result.count < count {
      item += forward ? 1 : -1
      if forward {
        while section < rowCounts.count, item >= rowCounts[section] {
          section += 1
          item = 0
        }
        guard section < rowCounts.count else { break }
      } else {
        while section >= 0, item < 0 {
          section -= 1
          item = section >= 0 ? rowCounts[section] - 1 : -1
        }
        guard section >= 0 else { break }
      }
      result.append(ItemPath(item: item, section: section))
    }
    return result
  }
}
