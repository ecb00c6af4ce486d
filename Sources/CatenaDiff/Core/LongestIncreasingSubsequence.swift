/// Marks the target positions whose elements stay put: one longest increasing subsequence of
/// their source positions. Every other matched element is a move, so the move set is minimal.
///
/// - Parameter targetToSource: for each target position, its source position or a negative value
///   for elements without one (they are skipped).
/// - Returns: for each target position, whether it lies on the subsequence.
/// - Complexity: O(*n* log *n*) worst case; O(*n*) when few elements are out of order, since an
///   element larger than the current tail is appended without a search.
@usableFromInline
func stablePositions(_ targetToSource: UnsafeBufferPointer<Int32>) -> [Bool] {
  let count = targetToSource.count
  var stays = [Bool](repeating: false, count: count)
  guard count > 0 else { return stays }
  var previous = [Int32](repeating: -1, count: count)
  var tails: [Int32] = []
  previous.withUnsafeMutableBufferPointer { previous in
    for position in 0..<count {
      let value = targetToSource[position]
      guard value >= 0 else { continue }
      if let last = tails.last, targetToSource[Int(last)] > value {
        var low = 0
        var high = tails.count - 1
        while low < high {
          let mid = (low + high) / 2
          if targetToSource[Int(tails[mid])] < value { low = mid + 1 } else { high = mid }
        }
        tails[low] = Int32(truncatingIfNeeded: position)
        previous[position] = low > 0 ? tails[low - 1] : -1
      } else {
        previous[position] = tails.last ?? -1
        tails.append(Int32(truncatingIfNeeded: position))
      }
    }
    var position = Int(tails.last ?? -1)
    while position >= 0 {
      stays[position] = true
      position = Int(previous[position])
    }
  }
  return stays
}
