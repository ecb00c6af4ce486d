/// The integer ids of one side of a diff, proved free of repeats without hashing, with a test
/// of membership: what lets the fast paths skip matching the elements they trim or skip and
/// still report a duplicate among them (by leaving the work to the full algorithm).
///
/// The proof is one of two. Ids in strictly increasing or decreasing order (server lists in id
/// or time order, the common case) cannot repeat: one pass of comparisons, and membership is a
/// binary search. Otherwise, ids that span at most 64 × their count (dense ids) go into a
/// bitset, where a repeat shows as a bit already set. Ids of other types, repeated ids, and
/// sparse unordered ids give no proof (nil).
@usableFromInline
struct IntegerIDSet<Chunk: RandomAccessCollection>
where Chunk.Element: Identifiable, Chunk.Index == Int {
  @usableFromInline typealias Element = Chunk.Element
  /// Runs of elements, in order: one for a flat list, one per section.
  @usableFromInline let chunks: [Chunk]
  /// +1 when the ids increase, -1 when they decrease, 0 when the bitset holds them.
  @usableFromInline let direction: Int
  /// The first id of each non-empty chunk and the chunk's index, for a monotonic set.
  @usableFromInline let starts: [(id: Int64, chunk: Int)]
  /// One bit per id from `base`, for an unordered set.
  @usableFromInline let bits: [UInt64]
  /// The smallest id.
  @usableFromInline let base: Int64

  /// The id of an element as a signed integer (a total order: any one works for the proof).
  @inlinable @inline(__always)
  static func key(_ element: Element) -> Int64 {
    Int64(bitPattern: integerBits(element.id) ?? 0)
  }

  /// The set of the ids of `chunks`, already known to run in `direction` (+1 increasing, -1
  /// decreasing) without a repeat.
  @inlinable
  init(_ chunks: [Chunk], direction: Int) {
    self.chunks = chunks
    self.direction = direction
    var starts: [(id: Int64, chunk: Int)] = []
    for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
      starts.append((Self.key(chunk[chunk.startIndex]), index))
    }
    self.starts = starts
    bits = []
    base = 0
  }

  /// The proof for the ids of `chunks` taken in order; nil when there is none.
  @inlinable
  init?(_ chunks: [Chunk]) {
    guard initialTier(for: Element.ID.self) == .identity else { return nil }
    var increasing = true
    var decreasing = true
    var last: Int64?
    var smallest = Int64.max
    var largest = Int64.min
    var count = 0
    var starts: [(id: Int64, chunk: Int)] = []
    for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
      let head = Self.key(chunk[chunk.startIndex])
      starts.append((head, index))
      // The first element of all is only a starting point; every later one is compared.
      var up = last.map { head > $0 } ?? true
      var down = last.map { head < $0 } ?? true
      var low = Swift.min(smallest, head)
      var high = Swift.max(largest, head)
      var previous = head
      let scan = { (elements: UnsafeBufferPointer<Element>) in
        for position in 1..<elements.count {
          let key = Self.key(elements[position])
          up = up && key > previous
          down = down && key < previous
          previous = key
          low = Swift.min(low, key)
          high = Swift.max(high, key)
        }
      }
      if chunk.withContiguousStorageIfAvailable(scan) == nil {
        Array(chunk).withUnsafeBufferPointer(scan)
      }
      increasing = increasing && up
      decreasing = decreasing && down
      last = previous
      smallest = low
      largest = high
      count &+= chunk.count
    }
    self.chunks = chunks
    base = smallest
    if increasing || decreasing {
      direction = increasing ? 1 : -1
      self.starts = starts
      bits = []
      return
    }
    direction = 0
    self.starts = []
    let span = UInt64(bitPattern: largest &- smallest)
    guard span <= 64 &* UInt64(count) &+ 64 else { return nil }
    var bits = [UInt64](repeating: 0, count: Int(span >> 6) &+ 1)
    let repeated = bits.withUnsafeMutableBufferPointer { words -> Bool in
      for chunk in chunks {
        for element in chunk {  // (a bitset only when the ids are not in order: rare)
          let offset = UInt64(bitPattern: Self.key(element) &- smallest)
          let bit: UInt64 = 1 << (offset & 63)
          let word = Int(offset >> 6)
          if words[word] & bit != 0 { return true }
          words[word] |= bit
        }
      }
      return false
    }
    if repeated { return nil }
    self.bits = bits
  }

  /// Whether an element of the set has the id `id`.
  @inlinable
  func contains(_ id: Element.ID) -> Bool {
    let key = Int64(bitPattern: integerBits(id) ?? 0)
    if direction == 0 {
      guard key >= base else { return false }
      let offset = UInt64(bitPattern: key &- base)
      let word = Int(truncatingIfNeeded: offset >> 6)
      return offset >> 6 < UInt64(bits.count) && bits[word] & (1 << (offset & 63)) != 0
    }
    // The last chunk whose first id is at or before `key` in the set's order.
    let before = { (a: Int64, b: Int64) in self.direction > 0 ? a < b : a > b }
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low &+ high) / 2
      if before(key, starts[middle].id) { high = middle } else { low = middle &+ 1 }
    }
    guard low > 0 else { return false }
    let chunk = chunks[starts[low - 1].chunk]
    var first = chunk.startIndex
    var last = chunk.endIndex
    while first < last {
      let middle = (first &+ last) / 2
      let value = Self.key(chunk[middle])
      if value == key { return true }
      if before(value, key) { first = middle &+ 1 } else { last = middle }
    }
    return false
  }
}

/// Follows whether the integer ids of runs of elements, taken in order, run strictly one way,
/// while comparing each run with another: the one pass a sectioned diff makes over the items of
/// the sections it may skip.
@usableFromInline
struct IDOrder<Element: Identifiable & Equatable> {
  /// All ones when the ids fall (keys are flipped so that "in order" is always `>`), else 0.
  @usableFromInline let flip: Int64
  /// The last key followed, if any.
  @usableFromInline var last: Int64?
  /// Whether every key so far came after the one before.
  @usableFromInline var isOrdered = true

  /// The order of the ids of `sections`' items, told by their first two.
  @inlinable
  init<Model>(_ sections: [DiffSection<Model, Element>]) {
    var firstTwo: [Int64] = []
    for section in sections where firstTwo.count < 2 {
      for item in section.items.prefix(2 - firstTwo.count) {
        firstTwo.append(IntegerIDSet<[Element]>.key(item))
      }
    }
    flip = firstTwo.count == 2 && firstTwo[1] < firstTwo[0] ? -1 : 0
  }

  /// +1 when the ids rise, -1 when they fall.
  @inlinable var direction: Int { flip == 0 ? 1 : -1 }

  /// Follows the ids of `elements`; returns whether `other` holds the same elements (false
  /// without `other`).
  @inlinable
  mutating func follow(_ elements: [Element], comparingWith other: [Element]?) -> Bool {
    guard !elements.isEmpty else { return other?.isEmpty ?? false }
    return elements.withUnsafeBufferPointer { old -> Bool in
      guard let other, other.count == old.count else {
        follow(old, from: 0)
        return false
      }
      let (same, followed) = other.withUnsafeBufferPointer { new in
        flip == 0 ? compare(old, new, rising: true) : compare(old, new, rising: false)
      }
      follow(old, from: followed)
      return same
    }
  }

  /// Compares `old` with `new` (as long) up to the first difference, following the ids of
  /// `old` on the way (the differing element's too); returns whether all are the same and how
  /// many were followed. Written for one direction at a time, so the loop keeps everything in
  /// registers.
  @inlinable @inline(__always)
  mutating func compare(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, rising: Bool
  ) -> (same: Bool, followed: Int) {
    var position = 0
    var previous: Int64
    if let last {
      previous = rising ? last : ~last
    } else {
      previous = IntegerIDSet<[Element]>.key(old[0])
      position = 1
      if !sameContent(old[0], new[0]) {
        last = rising ? previous : ~previous
        return (false, 1)
      }
    }
    var ordered = isOrdered
    var same = true
    while position < old.count {
      let element = old[position]
      let other = new[position]
      let key = IntegerIDSet<[Element]>.key(element)
      ordered = ordered && (rising ? key > previous : key < previous)
      previous = key
      position &+= 1
      guard element.id == other.id, sameContent(element, other) else {
        same = false
        break
      }
    }
    isOrdered = ordered
    last = rising ? previous : ~previous
    return (same, position)
  }

  /// Follows the ids of `elements` from `start` on.
  @inlinable
  mutating func follow(_ elements: UnsafeBufferPointer<Element>, from start: Int) {
    var position = start
    let flip = flip
    var previous: Int64
    if let last {
      previous = last
    } else {
      previous = IntegerIDSet<[Element]>.key(elements[0]) ^ flip
      position = Swift.max(position, 1)
    }
    var ordered = isOrdered
    while position < elements.count {
      let key = IntegerIDSet<[Element]>.key(elements[position]) ^ flip
      ordered = ordered && key > previous
      previous = key
      position &+= 1
    }
    isOrdered = ordered
    last = previous
  }
}
