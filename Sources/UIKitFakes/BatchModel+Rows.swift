#if os(Linux)
  import CatenaDiff

  extension BatchModel {
    /// Gives every old row its fate, lays out the rows of each section that stays, and maps
    /// every old row to its path after the batch.
    mutating func playRows(_ batch: BatchUpdate) throws(Refusal) {
      rowFates = before.map { Array(repeating: .stays, count: max($0, 0)) }
      func existing(_ path: ItemPath, _ what: String) throws(Refusal) {
        try Self.checkRow(path, in: before, what, after: false)
      }
      /// Whether the row's section goes as a whole (deleted or reloaded): UIKit drops a row
      /// delete or reload inside it.
      func replaced(_ section: Int) -> Bool {
        sectionFates[section] == .deleted || sectionFates[section] == .reloaded
      }
      for path in batch.itemDeletes {
        try existing(path, "delete")
        if replaced(path.section) { continue }
        guard rowFates[path.section][path.item] == .stays else {
          throw Self.refuse("attempt to delete row (\(path)) twice in one update")
        }
        rowFates[path.section][path.item] = .deleted
      }
      for path in batch.itemReloads {
        try existing(path, "reload")
        if replaced(path.section) { continue }
        switch rowFates[path.section][path.item] {
        case .stays: rowFates[path.section][path.item] = .reloaded
        case .deleted:
          throw Self.refuse("attempt to delete and reload the same index path (\(path))")
        default: throw Self.refuse("attempt to reload row (\(path)) twice in one update")
        }
      }
      for move in batch.itemMoves {
        try existing(move.source, "move")
        switch rowFates[move.source.section][move.source.item] {
        case .movedRow(let target) where target == move.target: continue  // UIKit drops a copy
        case .movedRow(let target):
          throw Self.refuse(
            "attempt to move row at index path (\(move.source)) to both (\(target)) and "
              + "(\(move.target))")
        case .stays where replaced(move.source.section):
          throw Self.refuse("cannot move an item from a deleted section")
        case .stays:
          rowFates[move.source.section][move.source.item] = .movedRow(to: move.target)
        default:
          throw Self.refuse(
            "attempt to perform a delete and a move from the same index path (\(move.source))")
        }
      }
      for path in batch.itemReconfigures {
        try existing(path, "reconfigure")
        guard rowFates[path.section][path.item] != .reconfigured else {
          throw Self.refuse("attempt to reconfigure row (\(path)) twice in one update")
        }
        guard sectionFates[path.section] == .stays, rowFates[path.section][path.item] == .stays
        else {
          throw Self.refuse(
            "attempt to reconfigure index path (\(path)), which is also deleted, reloaded or "
              + "moved")
        }
        rowFates[path.section][path.item] = .reconfigured
      }
      try layOutRows(batch)
    }

    /// Refuses `path` unless it names a row of sections of `counts` rows, before the update or
    /// `after` it, in UIKit's words.
    static func checkRow(
      _ path: ItemPath, in counts: [Int], _ what: String, after: Bool
    ) throws(Refusal) {
      let side = after ? "after" : "before"
      let preposition = after ? "into" : "from"
      guard path.section >= 0, path.section < counts.count else {
        throw refuse(
          "attempt to \(what) row \(path.item) \(preposition) section \(path.section), but "
            + "there are only \(counts.count) sections \(side) the update")
      }
      guard path.item >= 0, path.item < counts[path.section] else {
        let rows = counts[path.section]
        throw refuse(
          after
            ? "attempt to \(what) row \(path.item) into section \(path.section), but there are "
              + "only \(rows) rows in section \(path.section) after the update"
            : "attempt to \(what) row \(path.item) from section \(path.section) which only "
              + "contains \(rows) rows before the update")
      }
    }

    /// Lays out the rows of each new section slot by slot and maps the old rows onto them.
    private mutating func layOutRows(_ batch: BatchUpdate) throws(Refusal) {
      // The old row in each slot of each new section: nil free, -1 inserted.
      var slots: [[ItemPath?]] = after.map { Array(repeating: nil, count: max($0, 0)) }
      let inserted = ItemPath(item: -1, section: -1)
      func inBounds(_ path: ItemPath, _ what: String) throws(Refusal) {
        try Self.checkRow(path, in: after, what, after: true)
      }
      func take(_ path: ItemPath, _ source: ItemPath, _ what: String) throws(Refusal) {
        try inBounds(path, what)
        switch slots[path.section][path.item] {
        case nil: slots[path.section][path.item] = source
        case inserted where source == inserted:
          throw Self.refuse("attempt to insert row (\(path)) twice in one update")
        case let other?
        where other != inserted && source != inserted
          && rowFates[source.section][source.item] != .reloaded
          && rowFates[other.section][other.item] != .reloaded:
          throw Self.refuse(
            "attempt to move both row at index path (\(other)) and (\(source)) to (\(path))")
        default:
          throw Self.refuse(
            "attempt to perform an insert and a move to the same index path (\(path))")
        }
      }
      for path in batch.itemInserts {
        try inBounds(path, "insert")
        if freshSections[path.section] { continue }  // UIKit drops it: the section is new
        try take(path, inserted, "insert")
      }
      var deletes: [Int: [Int]] = [:]
      var inserts: [Int: Set<Int>] = [:]
      for path in batch.itemDeletes { deletes[path.section, default: []].append(path.item) }
      for path in batch.itemInserts { inserts[path.section, default: []].insert(path.item) }
      for (section, fates) in rowFates.enumerated() {
        for (item, fate) in fates.enumerated() {
          guard case .movedRow(let target) = fate else { continue }
          try inBounds(target, "move")
          if freshSections[target.section] {
            throw Self.refuse("cannot move an item into a newly inserted section")
          }
          try take(target, ItemPath(item: item, section: section), "move")
        }
      }
      for (section, fates) in rowFates.enumerated() where sectionFates[section] != .deleted {
        for (item, fate) in fates.enumerated() where fate == .reloaded {
          let new = sectionMap[section]
          let target = ItemPath(
            item: Self.shifted(
              item, deletes: (deletes[section] ?? []).sorted(),
              inserts: (inserts[new] ?? []).sorted()),
            section: new)
          guard target.item < after[new] else {
            unplacedReloads[section, default: 0] += 1  // the count check reports it
            continue
          }
          try take(target, ItemPath(item: item, section: section), "insert")
          reloadTargets[ItemPath(item: item, section: section)] = target
        }
      }
      try fillStayingRows(&slots)
    }

    /// Puts each section's rows that stay into its new section's free slots, in order, and
    /// maps every old row.
    private mutating func fillStayingRows(_ slots: inout [[ItemPath?]]) throws(Refusal) {
      rowTargets = before.map { Array(repeating: nil, count: max($0, 0)) }
      for (section, fates) in rowFates.enumerated() {
        let new = sectionMap[section]
        guard new >= 0, sectionFates[section] != .reloaded else { continue }
        let staying = fates.indices.filter { fates[$0] == .stays || fates[$0] == .reconfigured }
        let free = slots[new].indices.filter { slots[new][$0] == nil }
        guard staying.count + unplacedReloads[section, default: 0] == free.count else {
          let count = { (fate: Fate) in fates.filter { $0 == fate }.count }
          let movedOut = fates.filter {
            if case .movedRow(let target) = $0 { return target.section != new }
            return false
          }.count
          let movedIn = slots[new].filter {
            $0.map { $0.section >= 0 && $0.section != section }
              ?? false
          }.count
          let insertedCount = slots[new].filter { $0?.section == -1 }.count
          throw Self.refuse(
            "Invalid update: invalid number of rows in section \(new). The number of rows "
              + "contained in an existing section after the update (\(after[new])) must be equal "
              + "to the number of rows contained in that section before the update "
              + "(\(before[section])), plus or minus the number of rows inserted or deleted from "
              + "that section (\(insertedCount) inserted, \(count(.deleted)) deleted) and plus "
              + "or minus the number of rows moved into or out of that section (\(movedIn) moved "
              + "in, \(movedOut) moved out).")
        }
        for (item, slot) in zip(staying, free) {
          rowTargets[section][item] = ItemPath(item: slot, section: new)
        }
        for (item, fate) in fates.enumerated() {
          if case .movedRow(let target) = fate { rowTargets[section][item] = target }
          if fate == .reloaded {
            rowTargets[section][item] = reloadTargets[ItemPath(item: item, section: section)]
          }
        }
      }
    }
  }
#endif

#if os(Linux)
  import CatenaDiff

  extension BatchModel {
    /// Where each of `paths` (before the batch) is after it.
    func fates(of paths: [ItemPath]) -> [ItemPath: RowMapping.Fate] {
      var result: [ItemPath: RowMapping.Fate] = [:]
      for path in paths {
        guard rowFates.indices.contains(path.section),
          rowFates[path.section].indices.contains(path.item),
          let target = rowTargets[path.section][path.item]
        else {
          result[path] = .gone
          continue
        }
        switch rowFates[path.section][path.item] {
        case .reloaded: result[path] = .reloaded(target)
        case .movedRow: result[path] = .moved(target)
        default: result[path] = .stays(target)
        }
      }
      return result
    }
  }
#endif
