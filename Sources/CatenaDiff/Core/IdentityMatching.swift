/// The pairing of source and target positions by id: the heart of the Heckel-style diff.
@usableFromInline
struct IdentityMatching: Sendable {
  /// For each source position, the target position with the same id, or -1 (deleted).
  @usableFromInline var sourceToTarget: [Int32]
  /// For each target position, the source position with the same id, or -1 (inserted).
  @usableFromInline var targetToSource: [Int32]

  @inlinable
  init(sourceToTarget: [Int32], targetToSource: [Int32]) {
    self.sourceToTarget = sourceToTarget
    self.targetToSource = targetToSource
  }
}

/// Two positions on one side that hold equal ids.
@usableFromInline
struct DuplicateIdentity: Error {
  @usableFromInline let side: DiffError.Side
  @usableFromInline let first: Int
  @usableFromInline let second: Int

  @inlinable
  init(side: DiffError.Side, first: Int, second: Int) {
    self.side = side
    self.first = first
    self.second = second
  }
}

/// Pairs the elements of `source` and `target` that share an id, comparing ids with `==` (equal
/// hash values never count as equal ids).
///
/// One open-addressing table of `Int32` slots holds every source position (`i + 1`) and every
/// unmatched target position (`-(j + 1)`), so duplicates on either side are found in the same
/// probes that do the matching.
///
/// - Complexity: O(*n* + *m*) expected; the tiered hash keeps it so for adversarial integer ids.
@inlinable
func matchIdentities<Element: Identifiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) throws(DuplicateIdentity) -> IdentityMatching {
  precondition(source.count < Int(Int32.max) && target.count < Int(Int32.max))
  var capacity = 16
  while capacity < 2 * (source.count + target.count) { capacity <<= 1 }
  let table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
  defer { table.deallocate() }
  var sourceToTarget = [Int32](repeating: -1, count: source.count)
  var targetToSource = [Int32](repeating: -1, count: target.count)
  var tier = initialTier(for: Element.ID.self)
  while true {
    table.initialize(repeating: 0)
    let done = try sourceToTarget.withUnsafeMutableBufferPointer {
      (forward) throws(DuplicateIdentity) -> Bool in
      try targetToSource.withUnsafeMutableBufferPointer {
        (backward) throws(DuplicateIdentity) -> Bool in
        try fillIdentityTable(
          table, source, target, tier: tier, sourceToTarget: forward, targetToSource: backward)
      }
    }
    if done { return IdentityMatching(sourceToTarget: sourceToTarget, targetToSource: targetToSource) }
    guard let next = tier.next else {
      preconditionFailure("the strong hash never gives up")
    }
    tier = next
    for index in sourceToTarget.indices { sourceToTarget[index] = -1 }
    for index in targetToSource.indices { targetToSource[index] = -1 }
  }
}

/// One attempt at matching with `tier`; false when probe chains outgrew the budget (the caller
/// retries with a stronger hash).
@inlinable
func fillIdentityTable<Element: Identifiable>(
  _ table: UnsafeMutableBufferPointer<Int32>,
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>,
  tier: HashTier,
  sourceToTarget: UnsafeMutableBufferPointer<Int32>,
  targetToSource: UnsafeMutableBufferPointer<Int32>
) throws(DuplicateIdentity) -> Bool {
  let mask = table.count - 1
  // Linear probing at load ≤ 0.5 averages under 2 extra probes per operation; 8 per element
  // only runs out when the ids collide on purpose.
  var budget = tier == .strong ? Int.max : 8 * (source.count + target.count) + 64
  for index in 0..<source.count {
    let id = source[index].id
    var slot = bucketHash(id, tier: tier) & mask
    while true {
      let entry = table[slot]
      if entry == 0 {
        table[slot] = Int32(truncatingIfNeeded: index + 1)
        break
      }
      let other = Int(entry) - 1
      if source[other].id == id {
        throw DuplicateIdentity(side: .source, first: other, second: index)
      }
      budget -= 1
      if budget < 0 { return false }
      slot = (slot + 1) & mask
    }
  }
  for index in 0..<target.count {
    let id = target[index].id
    var slot = bucketHash(id, tier: tier) & mask
    while true {
      let entry = table[slot]
      if entry == 0 {
        table[slot] = Int32(truncatingIfNeeded: -(index + 1))
        break
      }
      if entry > 0 {
        let other = Int(entry) - 1
        if source[other].id == id {
          let earlier = sourceToTarget[other]
          if earlier >= 0 {
            throw DuplicateIdentity(side: .target, first: Int(earlier), second: index)
          }
          sourceToTarget[other] = Int32(truncatingIfNeeded: index)
          targetToSource[index] = Int32(truncatingIfNeeded: other)
          break
        }
      } else {
        let other = -Int(entry) - 1
        if target[other].id == id {
          throw DuplicateIdentity(side: .target, first: other, second: index)
        }
      }
      budget -= 1
      if budget < 0 { return false }
      slot = (slot + 1) & mask
    }
  }
  return true
}
