#if os(Linux)
  import CatenaDiff
  import CatenaTesting

  /// A batch update with the row counts before and after it, and the rule a mutation broke
  /// (nil: valid by construction).
  struct GeneratedBatch {
    var batch: BatchUpdate
    var before: [Int]
    var after: [Int]
    var broken: String?
  }

  /// Makes batches valid by construction (sections and rows given a fate, new sections and
  /// rows laid out, each op named at the index UIKit expects), then breaks one of UIKit's
  /// rules B1–B17 in most of them.
  struct BatchGenerator {
    var random: SeededRandom

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    /// A valid batch: one row per old row, kept in order unless moved.
    mutating func valid() -> GeneratedBatch {
      let before = (0..<int(0...4)).map { _ in int(0...6) }
      var batch = BatchUpdate()
      let movesSections = chance(25)
      // The new sections: survivors (old index) and inserted ones (nil), in their new order.
      var survivors: [Int] = []
      var reloaded: Set<Int> = []
      for section in before.indices {
        if chance(15) {
          batch.sectionDeletes.append(section)
        } else {
          if !movesSections && chance(10) { reloaded.insert(section) }
          survivors.append(section)
        }
      }
      var order: [Int?] = survivors.map { $0 }
      if movesSections { order.shuffle(using: &random) }
      for _ in 0..<int(0...2) { order.insert(nil, at: int(0...order.count)) }
      var after = Array(repeating: 0, count: order.count)
      var mapped: [Int: Int] = [:]
      for (index, source) in order.enumerated() {
        guard let source else {
          batch.sectionInserts.append(index)
          after[index] = int(0...4)
          continue
        }
        mapped[source] = index
        if movesSections { batch.sectionMoves.append(SectionMove(from: source, to: index)) }
        if reloaded.contains(source) {
          batch.sectionReloads.append(source)
          after[index] = int(0...5)
        }
      }
      // Rows of the sections that stay (not reloaded): kept in order, deleted, reloaded,
      // reconfigured, or moved into another surviving section.
      let targets = order.indices.filter { order[$0].map { !reloaded.contains($0) } ?? false }
      var rows: [Int: [ItemPath?]] = [:]  // new section → old rows in order (nil: inserted)
      var movers: [ItemPath] = []
      let rowMoves = chance(40)
      var movedSections: Set<Int> = []
      for section in survivors where !reloaded.contains(section) {
        let target = mapped[section] ?? 0
        for item in 0..<before[section] {
          let path = ItemPath(item: item, section: section)
          if chance(15) {
            batch.itemDeletes.append(path)
          } else if rowMoves && chance(25) {
            movers.append(path)
            movedSections.insert(section)
          } else {
            rows[target, default: []].append(path)
          }
        }
      }
      for target in targets {
        for _ in 0..<int(0...2) {
          var list = rows[target, default: []]
          list.insert(nil, at: int(0...list.count))
          rows[target] = list
        }
      }
      var moveTargets: Set<Int> = []
      for mover in movers where !targets.isEmpty {
        let target = targets[int(0...targets.count - 1)]
        moveTargets.insert(target)
        var list = rows[target, default: []]
        list.insert(mover, at: int(0...list.count))
        rows[target] = list
      }
      for target in targets {
        let list = rows[target, default: []]
        after[target] = list.count
        let source = order[target] ?? -1
        let quiet = !movedSections.contains(source) && !moveTargets.contains(target)
        for (index, old) in list.enumerated() {
          guard let old else {
            batch.itemInserts.append(ItemPath(item: index, section: target))
            continue
          }
          if movers.contains(old) {
            batch.itemMoves.append(ItemMove(from: old, to: ItemPath(item: index, section: target)))
          } else if quiet && chance(10) {
            batch.itemReloads.append(old)
          } else if quiet && !movesSections && chance(10) {
            batch.itemReconfigures.append(old)
          }
        }
      }
      return GeneratedBatch(batch: batch, before: before, after: after, broken: nil)
    }
  }
#endif

#if os(Linux)
  import CatenaDiff

  extension BatchGenerator {
    /// A row of the old sections, when there is one.
    mutating func oldRow(_ counts: [Int]) -> ItemPath? {
      let sections = counts.indices.filter { counts[$0] > 0 }
      guard !sections.isEmpty else { return nil }
      let section = sections[int(0...sections.count - 1)]
      return ItemPath(item: int(0...counts[section] - 1), section: section)
    }

    /// `valid` with rule `rule` (1…17) broken, as an app or a diff gets it wrong.
    mutating func breaking(_ rule: Int, in valid: GeneratedBatch) -> GeneratedBatch {
      var result = valid
      result.broken = "B\(rule)"
      var batch = valid.batch
      let before = valid.before
      let after = valid.after
      switch rule {
      case 1:  // One batch whatever the order of its calls: shuffled, it must mean the same.
        batch.itemInserts.shuffle(using: &random)
        batch.itemDeletes.shuffle(using: &random)
        batch.itemMoves.shuffle(using: &random)
        batch.sectionInserts.shuffle(using: &random)
        batch.sectionDeletes.shuffle(using: &random)
      case 2:  // An index taken from the wrong side of the update.
        if let path = batch.itemInserts.indices.randomElement(using: &random) {
          batch.itemInserts[path].item += chance(50) ? 1 : -1
        } else if let path = oldRow(before) {
          batch.itemDeletes.append(path)
        }
      case 3:  // A reload counted as an insert.
        if let path = oldRow(before) {
          batch.itemReloads.append(path)
          if !after.isEmpty { result.after[int(0...after.count - 1)] += 1 }
        }
      case 4:  // Out of bounds before.
        let section = int(-1...before.count)
        let item = before.indices.contains(section) ? before[section] + int(0...1) : 0
        switch int(0...3) {
        case 0: batch.itemDeletes.append(ItemPath(item: item, section: section))
        case 1: batch.itemReloads.append(ItemPath(item: item, section: section))
        case 2: batch.sectionDeletes.append(before.count + int(0...1))
        default:
          batch.itemMoves.append(
            ItemMove(
              from: ItemPath(item: item, section: section), to: ItemPath(item: 0, section: 0)))
        }
      case 5:  // Out of bounds after.
        let section = int(-1...after.count)
        let item = after.indices.contains(section) ? after[section] + int(0...1) : 0
        if chance(70) {
          batch.itemInserts.append(ItemPath(item: item, section: section))
        } else {
          batch.sectionInserts.append(after.count + int(0...1))
        }
      case 6:  // Deleted and reloaded.
        if let path = batch.itemDeletes.randomElement(using: &random) {
          batch.itemReloads.append(path)
        } else if let section = batch.sectionDeletes.randomElement(using: &random) {
          batch.sectionReloads.append(section)
        }
      case 7:  // Deleted (or reloaded) and moved from.
        if let path = (batch.itemDeletes + batch.itemReloads).randomElement(using: &random) {
          batch.itemMoves.append(ItemMove(from: path, to: path))
        } else if let section = batch.sectionDeletes.randomElement(using: &random) {
          batch.sectionMoves.append(SectionMove(from: section, to: 0))
        }
      case 8:  // Inserted and moved to.
        if let move = batch.itemMoves.randomElement(using: &random) {
          batch.itemInserts.append(move.target)
        } else if let path = batch.itemInserts.randomElement(using: &random),
          let old = oldRow(before)
        {
          batch.itemMoves.append(ItemMove(from: old, to: path))
        }
      case 9:  // One source to two targets, or two sources to one target.
        if let move = batch.itemMoves.randomElement(using: &random), let old = oldRow(before) {
          batch.itemMoves.append(
            chance(50)
              ? ItemMove(from: move.source, to: ItemPath(item: 0, section: move.target.section))
              : ItemMove(from: old, to: move.target))
        } else if let move = batch.sectionMoves.randomElement(using: &random) {
          batch.sectionMoves.append(SectionMove(from: move.source, to: int(0...after.count)))
        }
      case 10:  // A row moved out of a deleted section or into an inserted one.
        if let section = batch.sectionDeletes.first(where: { before[$0] > 0 }) {
          batch.itemMoves.append(
            ItemMove(from: ItemPath(item: 0, section: section), to: ItemPath(item: 0, section: 0)))
        } else if let section = batch.sectionInserts.first, let old = oldRow(before) {
          batch.itemMoves.append(ItemMove(from: old, to: ItemPath(item: 0, section: section)))
        }
      case 11:  // A row delete inside a deleted section, a row insert inside an inserted one.
        if let section = batch.sectionDeletes.first(where: { before[$0] > 0 }) {
          batch.itemDeletes.append(ItemPath(item: int(0...before[section] - 1), section: section))
        } else if let section = batch.sectionInserts.first(where: { after[$0] > 0 }) {
          batch.itemInserts.append(ItemPath(item: int(0...after[section] - 1), section: section))
        }
      case 12:  // The same operation twice.
        if let path = batch.itemInserts.randomElement(using: &random) {
          batch.itemInserts.append(path)
        } else if let path = batch.itemDeletes.randomElement(using: &random) {
          batch.itemDeletes.append(path)
        } else if let section = batch.sectionInserts.randomElement(using: &random) {
          batch.sectionInserts.append(section)
        }
      case 13:  // A section more or less than the operations say.
        if chance(50), !after.isEmpty { result.after.removeLast() } else { result.after.append(0) }
      case 14:  // A row more or less than the operations say.
        if !after.isEmpty {
          let section = int(0...after.count - 1)
          result.after[section] = max(0, after[section] + (chance(50) ? 1 : -1))
        }
      case 15:  // The model changed before the batch opened: the counts before are the new ones.
        result.before = after
      case 16:  // A reconfigure of a row that is also deleted, reloaded or moved.
        let touched = batch.itemDeletes + batch.itemReloads + batch.itemMoves.map(\.source)
        if let path = touched.randomElement(using: &random) {
          batch.itemReconfigures.append(path)
        } else if let path = batch.itemReconfigures.randomElement(using: &random) {
          batch.itemReconfigures.append(path)
        }
      default:  // 17: what older UIKit only logged: an exact duplicate move (dropped).
        if let move = batch.itemMoves.randomElement(using: &random) {
          batch.itemMoves.append(move)
        } else if let move = batch.sectionMoves.randomElement(using: &random) {
          batch.sectionMoves.append(move)
        }
      }
      result.batch = batch
      let unchanged =
        result.batch == valid.batch && result.before == valid.before && result.after == valid.after
      if unchanged { result.broken = nil }  // nothing there to break (no move to repeat, …)
      return result
    }
  }
#endif
