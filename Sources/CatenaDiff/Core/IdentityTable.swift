/// An open-addressing table of element positions (linear probing, `Int32` slots, 0 = empty),
/// sized to a power of two at least twice the number of entries.
@usableFromInline
struct IdentityTable {
  @usableFromInline let slots: UnsafeMutableBufferPointer<Int32>
  @usableFromInline let mask: Int

  @inlinable
  init(capacityFor count: Int) {
    var capacity = 16
    while capacity < 2 * count { capacity <<= 1 }
    slots = .allocate(capacity: capacity)
    mask = capacity - 1
  }

  @inlinable func deallocate() { slots.deallocate() }

  @inlinable func clear() { slots.initialize(repeating: 0) }

  /// The probe budget of one pass: linear probing at load ≤ 1/2 averages well under one extra
  /// probe per operation, so 8 per element only runs out when the ids collide on purpose.
  @inlinable
  func budget(_ tier: HashTier, _ operations: Int) -> Int {
    tier == .strong ? Int.max : 8 * operations + 64
  }

  /// Inserts every source position; false when the probe budget ran out (retry with a stronger
  /// tier).
  @inlinable
  func insertAll<Element: Identifiable>(
    _ source: UnsafeBufferPointer<Element>, tier: HashTier
  ) throws(DuplicateIdentity) -> Bool {
    var budget = budget(tier, source.count)
    var warm: UInt32 = 0
    let finished = try withBuckets(source, tier: tier) {
      (bucket) throws(DuplicateIdentity) -> Bool in
      for index in 0..<source.count {
        // Reading the slot a few elements ahead, into a value nothing branches on, starts its
        // cache miss early so misses overlap: a prefetch in plain Swift.
        if index &+ lookahead < source.count {
          warm &+= UInt32(bitPattern: slots[bucket(index &+ lookahead)])
        }
        var slot = bucket(index)
        while true {
          let entry = slots[slot]
          if entry == 0 {
            slots[slot] = Int32(truncatingIfNeeded: index &+ 1)
            break
          }
          let other = Int(entry) &- 1
          if source[other].id == source[index].id {
            throw DuplicateIdentity(side: .source, other, index)
          }
          budget &-= 1
          if budget < 0 { return false }
          slot = (slot &+ 1) & mask
        }
      }
      return true
    }
    keepAlive(warm)
    return finished
  }

  /// Inserts the target positions `positions`, which have no source element; false when the
  /// probe budget ran out.
  @inlinable
  func insertAll<Element: Identifiable>(
    _ target: UnsafeBufferPointer<Element>, at positions: UnsafeBufferPointer<Int32>,
    tier: HashTier
  ) throws(DuplicateIdentity) -> Bool {
    var budget = budget(tier, positions.count)
    for position in positions {
      let index = Int(position)
      var slot = bucketHash(target[index].id, tier: tier) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 {
          slots[slot] = position &+ 1
          break
        }
        let other = Int(entry) &- 1
        if target[other].id == target[index].id {
          throw DuplicateIdentity(side: .target, other, index)
        }
        budget &-= 1
        if budget < 0 { return false }
        slot = (slot &+ 1) & mask
      }
    }
    return true
  }

  /// Calls `body` with a function from element position to home slot. Integer tiers hash
  /// inline; the strong tier hashes every id once, in a pass of its own, before the probes.
  @inlinable
  func withBuckets<Element: Identifiable>(
    _ elements: UnsafeBufferPointer<Element>, tier: HashTier,
    _ body: ((Int) -> Int) throws(DuplicateIdentity) -> Bool
  ) throws(DuplicateIdentity) -> Bool {
    let mask = mask
    guard tier == .strong else {
      return try body { bucketHash(elements[$0].id, tier: tier) & mask }
    }
    let buckets = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(elements.count, 1))
    defer { buckets.deallocate() }
    for index in 0..<elements.count {
      buckets[index] = UInt32(truncatingIfNeeded: elements[index].id.hashValue & mask)
    }
    return try body { Int(buckets[$0]) }
  }
}

/// How many elements ahead the probes read their slot early.
@inlinable var lookahead: Int { 16 }

/// Consumes `value` so the optimizer keeps the early reads that produced it.
@usableFromInline @_optimize(none)
func keepAlive(_ value: UInt32) {}
