/// The classified difference between two lists of sections, before it is cut into stages.
@usableFromInline
struct SectionedPlan {
  /// Per source section: its target section, or -1 when deleted.
  @usableFromInline var sectionTargets: [Int32] = []
  /// Per target section: its source section, or -1 when inserted.
  @usableFromInline var sectionSources: [Int32] = []
  /// Per target section: whether it stays on the longest increasing run (not a move).
  @usableFromInline var sectionStays: [Bool] = []
  /// Per source section, the flat index of its first item (one extra entry at the end).
  @usableFromInline var sourceStarts: [Int] = []
  /// Per target section, the flat index of its first item (one extra entry at the end).
  @usableFromInline var targetStarts: [Int] = []
  /// Per flat source item: whether it survives as the same row (matched, and neither its
  /// section nor its target section is deleted or inserted).
  @usableFromInline var sourceKept: [Bool] = []
  /// Per flat target item: its flat source item when kept, else -1.
  @usableFromInline var targetOrigin: [Int32] = []
  /// Per flat target item: whether it is kept and stays in place (no move).
  @usableFromInline var targetStays: [Bool] = []
  /// Per flat target item: whether its content differs from its source item's.
  @usableFromInline var targetChanged: [Bool] = []
  /// Per target section: whether its model differs from its source section's.
  @usableFromInline var sectionChanged: [Bool] = []
  /// Per source section: whether its items are the same in its target section, so the plan
  /// left them out (the flat indices above skip them; they all stay). Empty when none is.
  @usableFromInline var sourceSkipped: [Bool] = []

  @inlinable init() {}

  /// The path of flat index `flat` given section `starts`.
  @inlinable
  static func path(of flat: Int, in starts: [Int]) -> ItemPath {
    var low = 0
    var high = starts.count - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= flat { low = mid } else { high = mid - 1 }
    }
    // Skip empty sections that share the same start.
    while low + 1 < starts.count - 1 && starts[low + 1] <= flat { low += 1 }
    return ItemPath(item: flat - starts[low], section: low)
  }

  /// Flat positions → per-section starts, counting no items for the sections `leavingOut`
  /// marks.
  @inlinable
  static func starts<Model, Item>(
    _ sections: [DiffSection<Model, Item>], leavingOut: [Bool] = []
  ) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(sections.count + 1)
    for (index, section) in sections.enumerated() {
      let left = leavingOut.isEmpty ? false : leavingOut[index]
      starts.append((starts.last ?? 0) + (left ? 0 : section.items.count))
    }
    return starts
  }
}

/// Converts an internal duplicate into the public error for sectioned data.
@inlinable
func duplicateItemError<Model, Item>(
  _ duplicate: DuplicateIdentity, _ source: [DiffSection<Model, Item>],
  _ target: [DiffSection<Model, Item>]
) -> DiffError {
  let sections = duplicate.side == .source ? source : target
  let starts = SectionedPlan.starts(sections)
  let second = SectionedPlan.path(of: duplicate.second, in: starts)
  return DiffError(
    kind: .duplicateItemID, side: duplicate.side,
    first: SectionedPlan.path(of: duplicate.first, in: starts), second: second,
    id: String(describing: sections[second.section].items[second.item].id))
}
