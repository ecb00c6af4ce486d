import CatenaDataSource
import DiffWorkloads

/// Appending 100,000 items that all repeat ids of a 100,000-item section with `.keepLast`,
/// against appending 100,000 new items to the same section, in the same run.
public func keepLastRatio() -> (keepLast: Double, plain: Double)? {
  let count = 100_000
  let existing = (0..<count).map { Item(id: $0, content: 0) }
  let repeats = (0..<count).reversed().map { Item(id: $0, content: 1) }
  let fresh = (count..<(2 * count)).map { Item(id: $0, content: 1) }
  var base = Snapshot<Int, Item>()
  guard (try? base.appendSection(0)) != nil, (try? base.appendItems(existing)) != nil else {
    return nil
  }
  var check = base
  guard (try? check.appendItems(repeats, duplicates: .keepLast)) != nil,
    check.allItems == repeats, check.droppedDuplicates.count == count
  else { return nil }
  let keepLast = median(runs: 7) {
    var snapshot = base
    try? snapshot.appendItems(repeats, duplicates: .keepLast)
    blackHole(snapshot)
  }
  let plain = median(runs: 7) {
    var snapshot = base
    try? snapshot.appendItems(fresh)
    blackHole(snapshot)
  }
  return (keepLast, plain)
}
