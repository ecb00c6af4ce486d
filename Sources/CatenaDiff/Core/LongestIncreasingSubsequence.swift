/// Marks the target positions whose elements stay put: one longest increasing subsequence of
/// their source positions. Every other matched element is a move, so the move set is minimal.
///
/// The sequence is first cut into *runs*: maximal stretches (in target order, skipping unmatched
/// positions) whose source positions are consecutive among the matched ones. Some longest
/// increasing subsequence takes every run whole or not at all (no other value lies between a
/// run's first and last value), so the search runs over the runs, weighted by their length, with
/// a Fenwick tree of prefix maxima. After a few moves there are few runs, and the work is a
/// handful of linear passes.
///
/// - Parameter targetToSource: for each target position, its source position or a negative value
///   for elements without one (they are skipped).
/// - Returns: for each target position, whether it lies on the subsequence.
/// - Complexity: O(*n* + *v* + *r* log *r*) for *n* positions, values spanning *v*, and *r* runs.
@usableFromInline
func stablePositions(_ targetToSource: UnsafeBufferPointer<Int32>) -> [Bool] {
  var smallest = Int32.max
  var largest: Int32 = -1
  for value in targetToSource where value >= 0 {
    smallest = min(smallest, value)
    largest = max(largest, value)
  }
  guard largest >= 0 else { return [Bool](repeating: false, count: targetToSource.count) }
  let span = Int(largest - smallest) + 1
  // The rank of every matched value among the matched values.
  let rank = UnsafeMutableBufferPointer<Int32>.allocate(capacity: span)
  defer { rank.deallocate() }
  rank.initialize(repeating: -1)
  for value in targetToSource where value >= 0 { rank[Int(value - smallest)] = 0 }
  var matched = 0
  for offset in 0..<span where rank[offset] == 0 {
    rank[offset] = Int32(truncatingIfNeeded: matched)
    matched += 1
  }
  return rankedStablePositions(
    targetToSource, rank: RankTable(ranks: UnsafeBufferPointer(rank), base: smallest),
    matched: matched)
}

/// The rank of a matched source position among the matched positions.
protocol RankProvider {
  /// The rank of matched source position `value`.
  func rank(of value: Int32) -> Int32
}

/// Ranks read from a table indexed by `value - base`.
struct RankTable: RankProvider {
  let ranks: UnsafeBufferPointer<Int32>
  let base: Int32
  func rank(of value: Int32) -> Int32 { ranks[Int(value &- base)] }
}

/// Ranks computed from a bitset of matched source positions: the matched count of the words
/// before, plus the set bits below in the word. Both arrays are small enough to stay in cache,
/// so ranking elements that moved far costs no cache miss.
@usableFromInline
struct BitsetRank: RankProvider {
  let bits: UnsafeBufferPointer<UInt64>
  let wordStarts: [Int32]

  @usableFromInline
  init(bits: UnsafeBufferPointer<UInt64>) {
    self.bits = bits
    var starts = [Int32](repeating: 0, count: bits.count)
    var total: Int32 = 0
    for word in 0..<bits.count {
      starts[word] = total
      total &+= Int32(truncatingIfNeeded: bits[word].nonzeroBitCount)
    }
    wordStarts = starts
  }

  func rank(of value: Int32) -> Int32 {
    let index = Int(value)
    let below = bits[index >> 6] & ((1 << UInt64(index & 63)) &- 1)
    return wordStarts[index >> 6] &+ Int32(truncatingIfNeeded: below.nonzeroBitCount)
  }
}

/// ``stablePositions(_:)`` given the rank of every matched source position among the matched
/// ones, for callers that can rank faster than a table.
@usableFromInline
func stablePositions(
  _ targetToSource: UnsafeBufferPointer<Int32>, rank: BitsetRank, matched: Int
) -> [Bool] {
  rankedStablePositions(targetToSource, rank: rank, matched: matched)
}

/// The search itself, for any way of ranking.
func rankedStablePositions<Rank: RankProvider>(
  _ targetToSource: UnsafeBufferPointer<Int32>, rank: Rank, matched: Int
) -> [Bool] {
  let count = targetToSource.count
  var stays = [Bool](repeating: false, count: count)
  guard matched > 0 else { return stays }
  let runs = Runs(targetToSource, rank: rank, matched: matched)
  let chosen = runs.heaviestIncreasingChain()
  stays.withUnsafeMutableBufferPointer { stays in
    var run = -1
    var left = 0
    for position in 0..<count where targetToSource[position] >= 0 {
      if left == 0 {
        run += 1
        left = Int(runs.length[run])
      }
      stays[position] = chosen[run]
      left -= 1
    }
  }
  return stays
}

/// Runs of consecutive ranks in target order, and the rank order of their first elements.
struct Runs {
  /// The number of elements in each run, in target order.
  var length: [Int32]
  /// Each run's index when the runs are sorted by rank.
  var order: [Int32]

  init<Rank: RankProvider>(
    _ targetToSource: UnsafeBufferPointer<Int32>, rank: Rank, matched: Int
  ) {
    // Runs partition the ranks, so sorting the runs by rank is ranking their first ranks among
    // themselves: a bitset of first ranks (one bit per matched element, small enough to stay
    // in cache) and a popcount below each.
    // At most one run per matched element: fill buffers of that size, keep what was used.
    let firstRanks = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(matched, 1))
    let runLengths = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(matched, 1))
    defer {
      firstRanks.deallocate()
      runLengths.deallocate()
    }
    var runs = 0
    var previous: Int32 = -2
    for value in targetToSource where value >= 0 {
      let next = rank.rank(of: value)
      if next == previous &+ 1 {
        runLengths[runs &- 1] &+= 1
      } else {
        firstRanks[runs] = next
        runLengths[runs] = 1
        runs &+= 1
      }
      previous = next
    }
    let starts = Array(firstRanks[0..<runs])
    length = Array(runLengths[0..<runs])
    let words = (matched + 63) / 64
    var bits = [UInt64](repeating: 0, count: words)
    var below = [Int32](repeating: 0, count: words)
    var order = [Int32](repeating: 0, count: starts.count)
    bits.withUnsafeMutableBufferPointer { bits in
      for start in starts { bits[Int(start) >> 6] |= 1 << UInt64(start & 63) }
      below.withUnsafeMutableBufferPointer { below in
        var total: Int32 = 0
        for word in 0..<words {
          below[word] = total
          total &+= Int32(truncatingIfNeeded: bits[word].nonzeroBitCount)
        }
        order.withUnsafeMutableBufferPointer { order in
          for (run, start) in starts.enumerated() {
            let word = Int(start) >> 6
            let lower = bits[word] & ((1 << UInt64(start & 63)) &- 1)
            order[run] = below[word] &+ Int32(truncatingIfNeeded: lower.nonzeroBitCount)
          }
        }
      }
    }
    self.order = order
  }

  /// Whether each run lies on the heaviest chain of runs increasing in both target order and
  /// rank order.
  func heaviestIncreasingChain() -> [Bool] {
    let count = length.count
    // A Fenwick tree of prefix maxima over rank order. Each node packs the best chain weight
    // (high 32 bits) with that chain's last run (low 32 bits), so one 8-byte read answers both
    // and `max` compares weights first.
    var tree = [UInt64](repeating: 0, count: count + 1)
    var predecessor = [Int32](repeating: -1, count: count)
    var heaviest: UInt64 = 0
    tree.withUnsafeMutableBufferPointer { tree in
      predecessor.withUnsafeMutableBufferPointer { predecessor in
        for run in 0..<count {
          var node = Int(order[run])
          var best: UInt64 = 0
          while node > 0 {
            best = Swift.max(best, tree[node])
            node &= node &- 1
          }
          predecessor[run] = best == 0 ? -1 : Int32(truncatingIfNeeded: best & 0xFFFF_FFFF)
          let weight = (best >> 32) &+ UInt64(length[run])
          let packed = weight << 32 | UInt64(run)
          heaviest = Swift.max(heaviest, packed)
          node = Int(order[run]) &+ 1
          while node <= count {
            tree[node] = Swift.max(tree[node], packed)
            node &+= node & -node
          }
        }
      }
    }
    var chosen = [Bool](repeating: false, count: count)
    var run = count == 0 ? -1 : Int(heaviest & 0xFFFF_FFFF)
    while run >= 0 {
      chosen[run] = true
      run = Int(predecessor[run])
    }
    return chosen
  }
}
