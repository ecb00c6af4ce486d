/// Pairs every target element with the source element of the same id, filling the buffers of
/// ``IdentityMatching``, over a table that already holds every source position (`i + 1`).
///
/// A lookup that lands far from the previous one misses the cache twice: its slot, then the
/// source element the slot names. One at a time those misses stall the processor; packed
/// together they overlap. So ``matchAll()`` looks up in order only what follows on from
/// the previous lookup, and ``matchBlock(_:count:)`` does the rest in blocks.
///
/// A target element without a partner is written into the table too (as `~position`), so a
/// second target element with its id finds it: that is how duplicates among the inserted
/// elements show up. Past the table's load limit they go to `overflow` instead, for
/// ``checkUnique(_:at:)``. A second claim on a source element is the other kind of duplicate in
/// the target; the `sourceMatched` bits tell, so the table is only written for inserted elements.
@usableFromInline
struct Matcher<Element: Identifiable & Equatable> {
  @usableFromInline let table: IdentityTable
  @usableFromInline let source: UnsafeBufferPointer<Element>
  @usableFromInline let target: UnsafeBufferPointer<Element>
  @usableFromInline let sourceMatched: UnsafeMutableBufferPointer<UInt64>
  @usableFromInline let targetToSource: UnsafeMutableBufferPointer<Int32>
  @usableFromInline let changed: UnsafeMutableBufferPointer<Bool>
  /// How ids become home slots.
  @usableFromInline let tier: HashTier
  /// Probes left before the tier is declared broken.
  @usableFromInline var budget: Int
  /// Entries left before the table passes its load limit.
  @usableFromInline var room: Int
  /// Matched pairs so far.
  @usableFromInline var matched = 0
  /// Target positions without a partner that did not fit in the table.
  @usableFromInline var overflow: [Int32] = []

  @inlinable
  init(
    table: IdentityTable, source: UnsafeBufferPointer<Element>,
    target: UnsafeBufferPointer<Element>, sourceMatched: UnsafeMutableBufferPointer<UInt64>,
    targetToSource: UnsafeMutableBufferPointer<Int32>, changed: UnsafeMutableBufferPointer<Bool>,
    tier: HashTier
  ) {
    self.table = table
    self.source = source
    self.target = target
    self.sourceMatched = sourceMatched
    self.targetToSource = targetToSource
    self.changed = changed
    self.tier = tier
    budget = table.budget(tier, target.count)
    // Linear probing stays short up to a load of 5/8.
    room = Swift.max((table.mask &+ 1) / 8 * 5 &- source.count, 0)
  }

  /// Matches every target element; false when the probe budget ran out (retry with a stronger
  /// tier).
  ///
  /// Under the identity tier a target element whose home slot lies just after the previous
  /// lookup's is looked up at once: the lookups walk the table and the source in order, which
  /// the cache streams. The others (every element under the scattering tiers) are collected
  /// into blocks for ``matchBlock(_:count:)``, each handled as soon as it is full, while its
  /// target elements are still in cache.
  @inlinable
  mutating func matchAll() throws(DuplicateIdentity) -> Bool {
    let tier = tier
    let mask = table.mask
    let block = UnsafeMutableBufferPointer<(index: Int, home: Int)>.allocate(capacity: farBlock)
    defer { block.deallocate() }
    var waiting = 0
    if tier == .identity, !target.isEmpty {
      // The home of the last lookup made here, and of the previous element: near means just
      // after either (the second picks up a new stretch after a jump).
      var last = (bucketHash(target[0].id, tier: tier) &- 1) & mask
      var previous = last
      for index in 0..<target.count {
        let home = bucketHash(target[index].id, tier: tier) & mask
        defer { previous = home }
        if (home &- last) & mask <= nearWindow || (home &- previous) & mask <= nearWindow {
          last = home
          guard try lookUp(index, home: home) else { return false }
          continue
        }
        block[waiting] = (index, home)
        waiting &+= 1
        if waiting == farBlock {
          guard try matchBlock(block, count: waiting) else { return false }
          waiting = 0
        }
      }
    } else {
      for index in 0..<target.count {
        block[waiting] = (index, bucketHash(target[index].id, tier: tier) & mask)
        waiting &+= 1
        if waiting == farBlock {
          guard try matchBlock(block, count: waiting) else { return false }
          waiting = 0
        }
      }
    }
    return try matchBlock(block, count: waiting)
  }

  /// Looks up the first `count` target elements of `block` (positions and home slots): first
  /// the slots' entries and the source elements they name, then the lookups. The reads of the
  /// first step don't depend on each other, so their cache misses overlap, and the lookups find
  /// everything in cache.
  @inlinable
  mutating func matchBlock(
    _ block: UnsafeMutableBufferPointer<(index: Int, home: Int)>, count: Int
  ) throws(DuplicateIdentity) -> Bool {
    if let base = source.baseAddress {
      let slots = table.slots
      var warm: UInt32 = 0
      for next in 0..<count {
        // Target entries are negative and name no source element: read the first instead.
        let other = Swift.max(Int(slots[block[next].home]) &- 1, 0)
        warm &+= UInt32(UnsafeRawPointer(base + other).load(as: UInt8.self))
      }
      keepAlive(warm)
    }
    for next in 0..<count {
      guard try lookUp(block[next].index, home: block[next].home) else { return false }
    }
    return true
  }

  /// Pairs source position `other` with target position `index`.
  @inlinable @inline(__always)
  mutating func claim(_ other: Int, by index: Int) throws(DuplicateIdentity) {
    let bit: UInt64 = 1 << UInt64(other & 63)
    if sourceMatched[other >> 6] & bit != 0 {
      // Another target element has this id: the one that claimed it, in either order.
      let first = targetToSource.indices.first { $0 != index && Int(targetToSource[$0]) == other }
      throw DuplicateIdentity(side: .target, first ?? 0, index)
    }
    sourceMatched[other >> 6] |= bit
    targetToSource[index] = Int32(truncatingIfNeeded: other)
    changed[index] = !sameContent(source[other], target[index])
    matched &+= 1
  }

  /// Looks up target element `index` in the table from its home slot, pairing it or recording
  /// it as new; false when the probe budget ran out.
  @inlinable @inline(__always)
  mutating func lookUp(_ index: Int, home: Int) throws(DuplicateIdentity) -> Bool {
    let slots = table.slots
    var slot = home
    while true {
      let entry = slots[slot]
      if entry == 0 {
        if room > 0 {
          slots[slot] = ~Int32(truncatingIfNeeded: index)
          room &-= 1
        } else {
          overflow.append(Int32(truncatingIfNeeded: index))
        }
        return true
      }
      if entry > 0 {
        let other = Int(entry) &- 1
        if source[other].id == target[index].id {
          try claim(other, by: index)
          return true
        }
      } else {
        let other = Int(~entry)
        if target[other].id == target[index].id {
          throw DuplicateIdentity(side: .target, other, index)
        }
      }
      budget &-= 1
      if budget < 0 { return false }
      slot = (slot &+ 1) & table.mask
    }
  }
}

/// How many slots past the previous lookup's home a lookup may land and still count as near.
@inlinable var nearWindow: Int { 64 }

/// How many far lookups ``Matcher/matchBlock(_:count:)`` prepares together.
@inlinable var farBlock: Int { 128 }
