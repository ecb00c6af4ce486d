@_spi(Measurement) import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import DiffWorkloads
import Ratios

/// A cell for the lookup check; never configured on the measured path.
@MainActor
final class LookupCell: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() {}
  var renderedText: String { "" }
}

/// 100,000 row heights asked of a bound `SectionedDataSource` showing 10,000 items (each
/// answer looks its row's item up and calls the chain's `rowHeight`) against the same lookups
/// and calls on the plain `Snapshot` it shows: per-row answers must not pay for observation.
@MainActor
func itemLookupCheck() -> Check {
  var snapshot = Snapshot<Int, Item>()
  guard (try? snapshot.appendSection(0)) != nil, (try? snapshot.appendItems(flat)) != nil else {
    fatalError("the snapshot could not be built")
  }
  let table = benchTable()
  let height: (ItemPath, Item?) -> Double = { _, item in Double(item?.content ?? 0) }
  let dataSource = SectionedDataSource<Int, Item>()
    .bind(table)
    .configureCell(LookupCell.self, reuseIdentifier: "item") { _, _ in }
    .rowHeight(height)
  guard (try? dataSource.apply(snapshot)) != nil else { fatalError("the apply failed") }
  let paths = (0..<100_000).map { ItemPath(item: ($0 &* 7_919) % 10_000, section: 0) }
  guard
    paths.allSatisfy({ dataSource.rowHeightAnswer(at: $0) == height($0, snapshot.item(at: $0)) })
  else {
    fatalError("the data source and its snapshot disagree")
  }
  return Check(
    claimed: "row height × 100,000 / Snapshot",
    ratio: ratio(
      {
        var sum = 0.0
        for path in paths { sum += dataSource.rowHeightAnswer(at: path) ?? 0 }
        blackHole(sum)
      },
      against: {
        var sum = 0.0
        for path in paths { sum += height(path, snapshot.item(at: path)) }
        blackHole(sum)
      }))
}
