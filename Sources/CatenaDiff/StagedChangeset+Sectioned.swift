extension StagedChangeset {
  /// Computes the staged difference between two lists of sections.
  ///
  /// Sections are matched by their model's id and compared by their model's `Equatable`; items
  /// are matched by id across *all* sections, so an item can move from one section to another.
  /// An item whose old section is deleted, or whose new section is inserted, leaves and arrives
  /// with its section (UIKit cannot move a row out of a deleted or into an inserted section).
  ///
  /// ```swift
  /// let changes = try StagedChangeset(source: oldSections, target: newSections)
  /// ```
  ///
  /// - Throws: ``DiffError`` when section ids or item ids repeat within `source` or `target`.
  /// - Complexity: O(*n* + *m*) expected time over sections and items when the ids' hash values
  ///   are well distributed, plus O(*k* log *k*) for the *k* elements that are out of order.
  ///   Ids whose `Hashable` conformance gives many of them one hash value degrade it towards
  ///   O(*n* × *m*).
  ///
  /// A section whose items are the same on both sides (ids and content, one comparison) is
  /// skipped: its items are not matched, though their ids are still checked for repeats
  /// (without hashing, for integer ids in order or dense; other ids take the full path).
  @inlinable
  public init<Model, Item>(
    source: [DiffSection<Model, Item>], target: [DiffSection<Model, Item>]
  ) throws(DiffError) where Data == [DiffSection<Model, Item>] {
    try self.init(sections: source, target, fastPaths: true)
  }

  /// ``init(source:target:)`` with the fast paths on or off, for measuring them.
  @_spi(Measurement) @inlinable
  public init<Model, Item>(
    source: [DiffSection<Model, Item>], target: [DiffSection<Model, Item>], fastPaths: Bool
  ) throws(DiffError) where Data == [DiffSection<Model, Item>] {
    try self.init(sections: source, target, fastPaths: fastPaths)
  }

  @inlinable
  init<Model, Item>(
    sections source: [DiffSection<Model, Item>], _ target: [DiffSection<Model, Item>],
    fastPaths: Bool
  ) throws(DiffError) where Data == [DiffSection<Model, Item>] {
    if fastPaths, SectionedPlan.unchanged(source, target) {
      self.init([])
      return
    }
    if fastPaths, let plan = SectionedPlan(skipping: source, target) {
      self.init(plan.stages(source: source, target: target))
      return
    }
    let plan = try SectionedPlan(source: source, target: target)
    self.init(plan.stages(source: source, target: target))
  }
}

extension SectionedPlan {
  /// Matches sections and items and classifies every item.
  @inlinable
  init<Model, Item>(
    source: [DiffSection<Model, Item>], target: [DiffSection<Model, Item>]
  ) throws(DiffError) {
    self.init()
    try matchSections(source, target)
    sourceStarts = Self.starts(source)
    targetStarts = Self.starts(target)
    let itemMatching: IdentityMatching
    do {
      let oldItems = source.flatMap { $0.items }
      let newItems = target.flatMap { $0.items }
      itemMatching = try oldItems.withUnsafeBufferPointer { (old) throws(DuplicateIdentity) in
        try newItems.withUnsafeBufferPointer { (new) throws(DuplicateIdentity) in
          try matchIdentities(old, new)
        }
      }
    } catch {
      throw duplicateItemError(error, source, target)
    }
    targetChanged = itemMatching.changed
    classifyItems(itemMatching)
  }

  /// Whether nothing changed: the same sections in the same order, their models and items
  /// the same, and no id repeated (item ids must be integers that run one way, the proof
  /// without hashing; section ids in order too, or hashed once). One pass, no allocation for
  /// integer section ids: what an apply of an unchanged snapshot costs.
  @inlinable
  static func unchanged<Model, Item>(
    _ source: [DiffSection<Model, Item>], _ target: [DiffSection<Model, Item>]
  ) -> Bool {
    guard source.count == target.count, initialTier(for: Item.ID.self) == .identity else {
      return false
    }
    var order = IDOrder<Item>(source)
    for index in source.indices {
      let old = source[index].model
      let new = target[index].model
      guard old.id == new.id, sameContent(old, new),
        order.follow(source[index].items, comparingWith: target[index].items)
      else { return false }
    }
    guard order.isOrdered else { return false }
    return uniqueIDs(source.lazy.map { $0.model })
  }

  /// Whether no two of `models` share an id: integer ids that run one way, else a set.
  @inlinable
  static func uniqueIDs<Models: Collection>(_ models: Models) -> Bool
  where Models.Element: Identifiable {
    typealias Keys = IntegerIDSet<[Models.Element]>
    if initialTier(for: Models.Element.ID.self) == .identity, models.count >= 2 {
      var previous = Keys.key(models[models.startIndex])
      let rising = Keys.key(models[models.index(after: models.startIndex)]) > previous
      var ordered = true
      for model in models.dropFirst() {
        let key = Keys.key(model)
        ordered = ordered && (rising ? key > previous : key < previous)
        previous = key
      }
      if ordered { return true }
    }
    var seen = Set<Models.Element.ID>(minimumCapacity: models.count)
    for model in models where !seen.insert(model.id).inserted { return false }
    return true
  }

  /// The plan with the sections whose items did not change skipped (their items neither
  /// matched nor classified: they all stay), or nil when the full plan must be made: no
  /// section to skip, ids that are not integers or whose freedom from repeats cannot be shown
  /// without hashing, and any repeat (the full plan reports it).
  @inlinable
  init?<Model, Item>(
    skipping source: [DiffSection<Model, Item>], _ target: [DiffSection<Model, Item>]
  ) {
    guard initialTier(for: Item.ID.self) == .identity else { return nil }
    self.init()
    guard (try? matchSections(source, target)) != nil else { return nil }
    var skipsAny = false
    sourceSkipped = [Bool](repeating: false, count: source.count)
    // Each section's items compared with its target section's, in source order, following the
    // order of the source's ids on the way (one pass for both).
    var order = IDOrder<Item>(source)
    for origin in source.indices {
      let destination = Int(sectionTargets[origin])
      let same = order.follow(
        source[origin].items, comparingWith: destination >= 0 ? target[destination].items : nil)
      if same {
        sourceSkipped[origin] = true
        skipsAny = true
      }
    }
    guard skipsAny else { return nil }
    // Ids that run one way have no repeat; others are scanned for one now. The set of the
    // source's ids is needed only when the target inserts an item: then it is made once.
    var ids: IntegerIDSet<[Item]>?
    if !order.isOrdered {
      guard let scanned = IntegerIDSet(source.map { $0.items }) else { return nil }
      ids = scanned
    }
    let targetSkipped = sectionSources.map { $0 >= 0 && sourceSkipped[Int($0)] }
    sourceStarts = Self.starts(source, leavingOut: sourceSkipped)
    targetStarts = Self.starts(target, leavingOut: targetSkipped)
    var oldItems: [Item] = []
    oldItems.reserveCapacity(sourceStarts.last ?? 0)
    for section in source.indices where !sourceSkipped[section] {
      oldItems += source[section].items
    }
    var newItems: [Item] = []
    newItems.reserveCapacity(targetStarts.last ?? 0)
    for section in target.indices where !targetSkipped[section] {
      newItems += target[section].items
    }
    let matching = oldItems.withUnsafeBufferPointer { old in
      newItems.withUnsafeBufferPointer { new in try? matchIdentities(old, new) }
    }
    guard let matching else { return nil }
    for flat in newItems.indices where matching.targetToSource[flat] < 0 {
      let known = ids ?? IntegerIDSet(source.map { $0.items }, direction: order.direction)
      ids = known
      if known.contains(newItems[flat].id) { return nil }  // an id a skipped section holds
    }
    targetChanged = matching.changed
    classifyItems(matching)
  }

  /// Matches the sections by their models' ids and finds the ones that stay in place.
  @inlinable
  mutating func matchSections<Model, Item>(
    _ source: [DiffSection<Model, Item>], _ target: [DiffSection<Model, Item>]
  ) throws(DiffError) {
    let sectionMatching: IdentityMatching
    do {
      let oldModels = source.map { $0.model }
      let newModels = target.map { $0.model }
      sectionMatching = try oldModels.withUnsafeBufferPointer { (old) throws(DuplicateIdentity) in
        try newModels.withUnsafeBufferPointer { (new) throws(DuplicateIdentity) in
          try matchIdentities(old, new)
        }
      }
    } catch {
      let sections = error.side == .source ? source : target
      throw DiffError(
        kind: .duplicateSectionID, side: error.side, first: ItemPath(item: 0, section: error.first),
        second: ItemPath(item: 0, section: error.second),
        id: String(describing: sections[error.second].id))
    }
    sectionTargets = sectionMatching.sourceToTarget(sourceCount: source.count)
    sectionSources = sectionMatching.targetToSource
    sectionChanged = sectionMatching.changed
    sectionStays = sectionSources.withUnsafeBufferPointer { stablePositions($0) }
  }

  /// Decides for every item whether it is kept, and which kept items stay in place.
  @usableFromInline
  mutating func classifyItems(_ matching: IdentityMatching) {
    let sourceCount = sourceStarts.last ?? 0
    let targetCount = targetStarts.last ?? 0
    sourceKept = [Bool](repeating: false, count: sourceCount)
    targetOrigin = [Int32](repeating: -1, count: targetCount)
    targetStays = [Bool](repeating: false, count: targetCount)
    var sourceSectionOfItem = [Int32](repeating: 0, count: sourceCount)
    for section in 0..<(sourceStarts.count - 1) {
      for flat in sourceStarts[section]..<sourceStarts[section + 1] {
        sourceSectionOfItem[flat] = Int32(truncatingIfNeeded: section)
      }
    }
    var sameSection: [Int32] = []
    for section in 0..<(targetStarts.count - 1) where sectionSources[section] >= 0 {
      let start = targetStarts[section]
      let end = targetStarts[section + 1]
      sameSection.removeAll(keepingCapacity: true)
      for flat in start..<end {
        let origin = Int(matching.targetToSource[flat])
        guard origin >= 0 else {
          sameSection.append(-1)
          continue
        }
        let oldSection = Int(sourceSectionOfItem[origin])
        let mapped = Int(sectionTargets[oldSection])
        guard mapped >= 0 else {
          sameSection.append(-1)
          continue
        }
        sourceKept[origin] = true
        targetOrigin[flat] = Int32(truncatingIfNeeded: origin)
        sameSection.append(mapped == section ? Int32(truncatingIfNeeded: origin) : -1)
      }
      let stays = sameSection.withUnsafeBufferPointer { stablePositions($0) }
      for offset in 0..<stays.count where stays[offset] { targetStays[start + offset] = true }
    }
  }
}
