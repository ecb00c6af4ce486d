import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import DiffWorkloads

/// A cell that shows an item's content.
@MainActor
public final class ItemCell: HeadlessCell {
  /// The identifier the cell was made for.
  public let reuseIdentifier: String
  /// Never selected in the benchmarks.
  public var isSelected = false
  /// Never highlighted in the benchmarks.
  public var isHighlighted = false
  /// The content of the item shown.
  public var content = 0
  /// A cell for `reuseIdentifier`.
  public init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  /// Clears the content.
  public func prepareForReuse() { content = 0 }
  /// The content, as text.
  public var renderedText: String { "\(content)" }
}

/// Applying the W3 change (100,000 items) through a `SectionedDataSource` to a `HeadlessTable`
/// with a 20-row viewport, against the diff alone on the same snapshots, in the same run.
@MainActor
public func applyRatio(runs: Int = 9) -> (apply: Double, diff: Double, configured: Int)? {
  let workload = Workloads.mixed(count: 100_000, seed: 3, name: "W3")
  guard let old = oneSection(workload.source), let new = oneSection(workload.target) else {
    return nil
  }
  let table = benchTable()
  let dataSource = itemSource(on: table)
  var configured = 0
  dataSource.configureCell(ItemCell.self, reuseIdentifier: "item") { cell, _, item in
    cell.content = item.content
    configured += 1
  }
  guard (try? dataSource.apply(old)) != nil else { return nil }
  table.scroll(toOffset: 40_000 * 44)
  configured = 0
  // Alternate old → new and new → old so every timed call does the same amount of work.
  let apply = median(runs: runs) {
    _ = try? dataSource.apply(new)
    _ = try? dataSource.apply(old)
  }
  let perApplyConfigured = configured / 20
  let diff = median(runs: runs) {
    blackHole(try? old.changes(to: new))
    blackHole(try? new.changes(to: old))
  }
  return (apply, diff, perApplyConfigured)
}
