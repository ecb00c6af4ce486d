/// The pairing of source and target positions by id: the heart of the Heckel-style diff.
@usableFromInline
struct IdentityMatching: Sendable {
  /// One bit per source position: set when a target element has the same id (clear: deleted).
  ///
  /// A bitset rather than a map to target positions: marking a moved element touches one small,
  /// cache-resident word instead of a random page of a large array.
  @usableFromInline var sourceMatched: [UInt64]
  /// For each target position, the source position with the same id, or -1 (inserted).
  @usableFromInline var targetToSource: [Int32]
  /// For each target position, whether it has a source element whose content differs (`!=`).
  @usableFromInline var changed: [Bool]
  /// The number of matched pairs.
  @usableFromInline var matchedCount: Int
  /// The hash tier the matching finished with (stronger than the first after a fallback).
  @usableFromInline var tier: HashTier

  @inlinable
  init(
    sourceMatched: [UInt64], targetToSource: [Int32], changed: [Bool], matchedCount: Int,
    tier: HashTier
  ) {
    self.sourceMatched = sourceMatched
    self.targetToSource = targetToSource
    self.changed = changed
    self.matchedCount = matchedCount
    self.tier = tier
  }

  /// Whether the source element at `index` has a partner in the target.
  @inlinable
  func isMatched(source index: Int) -> Bool {
    sourceMatched[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// For each source position, the target position with the same id, or -1 (deleted).
  ///
  /// - Complexity: O(*n* + *m*); for callers with few elements (sections).
  @inlinable
  func sourceToTarget(sourceCount: Int) -> [Int32] {
    var result = [Int32](repeating: -1, count: sourceCount)
    for (target, source) in targetToSource.enumerated() where source >= 0 {
      result[Int(source)] = Int32(truncatingIfNeeded: target)
    }
    return result
  }
}

/// Two positions on one side that hold equal ids.
@usableFromInline
struct DuplicateIdentity: Error {
  @usableFromInline let side: DiffError.Side
  @usableFromInline let first: Int
  @usableFromInline let second: Int

  /// The two positions in either order; `first` is the smaller.
  @inlinable
  init(side: DiffError.Side, _ one: Int, _ other: Int) {
    self.side = side
    first = Swift.min(one, other)
    second = Swift.max(one, other)
  }
}

/// Pairs the elements of `source` and `target` that share an id, comparing ids with `==` (equal
/// hash values never count as equal ids), and compares the content of every pair while both
/// elements are in cache.
///
/// An open-addressing table of `Int32` slots holds the source positions (`i + 1`), so a
/// duplicate in the source shows up while it is built. A ``Matcher`` then pairs the target
/// elements: a second claim on a source element, or a second target element with an id the
/// source lacks, is a duplicate in the target.
///
/// - Complexity: O(*n* + *m*) expected; the tiered hash keeps it so for adversarial integer ids.
@inlinable
func matchIdentities<Element: Identifiable & Equatable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) throws(DuplicateIdentity) -> IdentityMatching {
  precondition(
    source.count < Int(Int32.max) && target.count < Int(Int32.max),
    "CatenaDiff handles up to 2³¹ − 2 elements on each side")
  let table = IdentityTable(capacityFor: source.count)
  defer { table.deallocate() }
  var sourceMatched = [UInt64](repeating: 0, count: (source.count + 63) / 64)
  var targetToSource = [Int32](repeating: -1, count: target.count)
  var changed = [Bool](repeating: false, count: target.count)
  var tier = initialTier(for: Element.ID.self)
  while true {
    table.clear()
    let outcome = try sourceMatched.withUnsafeMutableBufferPointer {
      (forward) throws(DuplicateIdentity) -> (matched: Int, overflow: [Int32])? in
      try targetToSource.withUnsafeMutableBufferPointer {
        (backward) throws(DuplicateIdentity) -> (matched: Int, overflow: [Int32])? in
        try changed.withUnsafeMutableBufferPointer {
          (changed) throws(DuplicateIdentity) -> (matched: Int, overflow: [Int32])? in
          guard try table.insertAll(source, tier: tier) else { return nil }
          var matcher = Matcher(
            table: table, source: source, target: target, sourceMatched: forward,
            targetToSource: backward, changed: changed, tier: tier)
          guard try matcher.matchAll() else { return nil }
          return (matcher.matched, matcher.overflow)
        }
      }
    }
    if let outcome {
      try checkUnique(target, at: outcome.overflow)
      return IdentityMatching(
        sourceMatched: sourceMatched, targetToSource: targetToSource, changed: changed,
        matchedCount: outcome.matched, tier: tier)
    }
    guard let next = tier.next else { preconditionFailure("the strong hash never gives up") }
    tier = next
    for index in sourceMatched.indices { sourceMatched[index] = 0 }
    for index in targetToSource.indices { targetToSource[index] = -1 }
    for index in changed.indices { changed[index] = false }
  }
}

/// Throws when two of the target elements at `positions` (in any order) share an id.
@inlinable
func checkUnique<Element: Identifiable>(
  _ target: UnsafeBufferPointer<Element>, at positions: [Int32]
) throws(DuplicateIdentity) {
  guard positions.count > 1 else { return }
  let table = IdentityTable(capacityFor: positions.count)
  defer { table.deallocate() }
  var tier = initialTier(for: Element.ID.self)
  while true {
    table.clear()
    let done = try positions.withUnsafeBufferPointer { (positions) throws(DuplicateIdentity) in
      try table.insertAll(target, at: positions, tier: tier)
    }
    if done { return }
    guard let next = tier.next else { preconditionFailure("the strong hash never gives up") }
    tier = next
  }
}
