/// The batches of a flat diff found by the fast paths, or nil when the full algorithm must run
/// (ids that are not integers, or whose freedom from repeats cannot be shown without hashing,
/// and every input with a repeated id: the full algorithm reports it).
///
/// The common prefix and suffix (equal ids at equal distance from the start or the end) are
/// trimmed in one positional pass each, comparing content on the way; only the middle is
/// matched. Trimmed elements stay where they are, so the moves of the middle are the moves of
/// the whole: a longest increasing run of the whole is the prefix, one of the middle, and the
/// suffix. Repeats are ruled out by an ``IntegerIDSet`` over the source (the trimmed ids are
/// the same on both sides; the prefix pass checks their order on the way), by the middle's
/// matching, and by checking that no element the target's middle inserts has an id the source
/// holds. When the trimmed part is under a quarter of the source and both middles hold
/// elements, the full algorithm runs instead (as fast, without the proof's extra pass).
@inlinable
func trimmedFlatStages<Element: Identifiable & Equatable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> [BatchUpdate]? {
  guard initialTier(for: Element.ID.self) == .identity else { return nil }
  typealias Set = IntegerIDSet<UnsafeBufferPointer<Element>>
  let sourceCount = source.count
  let targetCount = target.count
  let shorter = Swift.min(sourceCount, targetCount)
  var leading: [ItemPath] = []
  var trailing: [ItemPath] = []
  // Whether the source's ids run strictly one way, followed through the passes: keys are
  // flipped (`~`) when the ids fall, so "in order" is always `>`.
  let flip: Int64 =
    sourceCount >= 2 && Set.key(source[1]) < Set.key(source[0]) ? -1 : 0
  var ordered = true
  var last = sourceCount > 0 ? Set.key(source[0]) ^ flip : 0
  var prefix = 0
  if shorter > 0, source[0].id == target[0].id {
    if !sameContent(source[0], target[0]) { leading.append(ItemPath(item: 0, section: 0)) }
    prefix = 1
    while prefix < shorter {
      let old = source[prefix]
      let new = target[prefix]
      guard old.id == new.id else { break }
      let key = Set.key(old) ^ flip
      ordered = ordered && key > last
      last = key
      if !sameContent(old, new) { leading.append(ItemPath(item: prefix, section: 0)) }
      prefix &+= 1
    }
  }
  var suffix = 0
  var next: Int64 = 0
  while suffix < shorter &- prefix {
    let old = source[sourceCount &- 1 &- suffix]
    let new = target[targetCount &- 1 &- suffix]
    guard old.id == new.id else { break }
    let key = Set.key(old) ^ flip
    ordered = ordered && (suffix == 0 || key < next)
    next = key
    if !sameContent(old, new) {
      trailing.append(ItemPath(item: targetCount &- 1 &- suffix, section: 0))
    }
    suffix &+= 1
  }
  trailing.reverse()
  // A middle holding most of both lists gains nothing from trimming: the full algorithm,
  // which checks every id in its one table, is as fast without the proof's extra pass.
  if prefix &+ suffix < sourceCount / 4, prefix &+ suffix < targetCount {
    return nil
  }
  let middleEnd = sourceCount &- suffix
  if Swift.max(prefix, 1) < middleEnd {
    for position in Swift.max(prefix, 1)..<middleEnd {
      let key = Set.key(source[position]) ^ flip
      ordered = ordered && key > last
      last = key
    }
  }
  if suffix > 0, middleEnd >= 1 { ordered = ordered && next > last }
  let ids: Set
  if ordered {
    ids = Set([source], direction: flip == 0 ? 1 : -1)
  } else {
    guard let scanned = Set([source]) else { return nil }
    ids = scanned
  }
  let old = UnsafeBufferPointer(rebasing: source[prefix..<(sourceCount &- suffix)])
  let new = UnsafeBufferPointer(rebasing: target[prefix..<(targetCount &- suffix)])
  if old.isEmpty || new.isEmpty {
    // Only deletes, or only inserts (a page appended or prepended, a row added): no table.
    var structure = BatchUpdate()
    for index in 0..<old.count {
      structure.itemDeletes.append(ItemPath(item: index &+ prefix, section: 0))
    }
    for index in 0..<new.count {
      if ids.contains(new[index].id) { return nil }  // an id the source holds: a repeat
      structure.itemInserts.append(ItemPath(item: index &+ prefix, section: 0))
    }
    if new.count > 1 {
      let positions = (0..<new.count).map { Int32(truncatingIfNeeded: $0) }
      guard (try? checkUnique(new, at: positions)) != nil else { return nil }
    }
    var updates = BatchUpdate()
    updates.itemReconfigures = leading + trailing
    return [structure, updates].filter { !$0.isEmpty }
  }
  guard let matching = try? matchIdentities(old, new) else { return nil }
  for index in 0..<new.count where matching.targetToSource[index] < 0 {
    if ids.contains(new[index].id) { return nil }  // an id the trimmed part holds too
  }
  return flatStages(old, new, matching, offset: prefix, leading: leading, trailing: trailing)
}
