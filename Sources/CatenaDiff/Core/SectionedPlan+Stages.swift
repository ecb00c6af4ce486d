extension SectionedPlan {
  /// Cuts the plan into stages that UIKit accepts one batch at a time.
  @inlinable
  func stages<Model, Item>(
    source: [DiffSection<Model, Item>], target: [DiffSection<Model, Item>]
  ) -> [Changeset<[DiffSection<Model, Item>]>] {
    typealias Stage = Changeset<[DiffSection<Model, Item>]>
    var stages: [Stage] = []
    let movesSections = sectionSources.indices.contains {
      sectionSources[$0] >= 0 && !sectionStays[$0]
    }
    var deletes = BatchUpdate()
    for section in sectionTargets.indices where sectionTargets[section] < 0 {
      deletes.sectionDeletes.append(section)
    }
    for section in sectionTargets.indices where sectionTargets[section] >= 0 {
      for flat in sourceStarts[section]..<sourceStarts[section + 1] where !sourceKept[flat] {
        deletes.itemDeletes.append(ItemPath(item: flat - sourceStarts[section], section: section))
      }
    }
    var arrivals = BatchUpdate()
    for section in sectionSources.indices where sectionSources[section] < 0 {
      arrivals.sectionInserts.append(section)
    }
    // Where each kept source item sits when the item stage opens: its source path when all
    // structure goes in one batch, or its path after the delete and section stages otherwise.
    var position = [ItemPath](repeating: ItemPath(item: 0, section: 0), count: sourceKept.count)
    if movesSections {
      var survivors = 0
      for section in sectionTargets.indices where sectionTargets[section] >= 0 {
        if !sectionStays[Int(sectionTargets[section])] {
          arrivals.sectionMoves.append(
            SectionMove(from: survivors, to: Int(sectionTargets[section])))
        }
        survivors += 1
        var item = 0
        for flat in sourceStarts[section]..<sourceStarts[section + 1] where sourceKept[flat] {
          position[flat] = ItemPath(item: item, section: Int(sectionTargets[section]))
          item += 1
        }
      }
    } else {
      for section in sectionTargets.indices {
        for flat in sourceStarts[section]..<sourceStarts[section + 1] {
          position[flat] = ItemPath(item: flat - sourceStarts[section], section: section)
        }
      }
    }
    var items = BatchUpdate()
    var updates = BatchUpdate()
    for section in sectionSources.indices {
      let origin = Int(sectionSources[section])
      guard origin >= 0 else { continue }
      if sectionChanged[section] { updates.sectionUpdates.append(section) }
      for flat in targetStarts[section]..<targetStarts[section + 1] {
        let path = ItemPath(item: flat - targetStarts[section], section: section)
        let from = Int(targetOrigin[flat])
        if from < 0 {
          items.itemInserts.append(path)
          continue
        }
        if !targetStays[flat] { items.itemMoves.append(ItemMove(from: position[from], to: path)) }
        if targetChanged[flat] { updates.itemReconfigures.append(path) }
      }
    }
    if movesSections {
      if !deletes.isEmpty {
        stages.append(Stage(data: afterDeletes(source), batch: deletes))
      }
      stages.append(Stage(data: afterSections(source, target), batch: arrivals))
      if !items.isEmpty { stages.append(Stage(data: target, batch: items)) }
    } else {
      var structure = items
      structure.sectionDeletes = deletes.sectionDeletes
      structure.itemDeletes = deletes.itemDeletes
      structure.sectionInserts = arrivals.sectionInserts
      if !structure.isEmpty { stages.append(Stage(data: target, batch: structure)) }
    }
    if !updates.isEmpty { stages.append(Stage(data: target, batch: updates)) }
    return stages
  }

  /// The source without its deleted sections and deleted items.
  @inlinable
  func afterDeletes<Model, Item>(
    _ source: [DiffSection<Model, Item>]
  ) -> [DiffSection<Model, Item>] {
    var result: [DiffSection<Model, Item>] = []
    for section in source.indices where sectionTargets[section] >= 0 {
      result.append(DiffSection(model: source[section].model, items: keptItems(source, section)))
    }
    return result
  }

  /// The target's sections in target order: inserted ones whole, surviving ones with their
  /// kept source items in source order.
  @inlinable
  func afterSections<Model, Item>(
    _ source: [DiffSection<Model, Item>], _ target: [DiffSection<Model, Item>]
  ) -> [DiffSection<Model, Item>] {
    target.indices.map { section in
      let origin = Int(sectionSources[section])
      guard origin >= 0 else { return target[section] }
      return DiffSection(model: source[origin].model, items: keptItems(source, origin))
    }
  }

  @inlinable
  func keptItems<Model, Item>(_ source: [DiffSection<Model, Item>], _ section: Int) -> [Item] {
    if !sourceSkipped.isEmpty, sourceSkipped[section] { return source[section].items }
    let start = sourceStarts[section]
    return source[section].items.indices.compactMap {
      sourceKept[start + $0] ? source[section].items[$0] : nil
    }
  }
}
