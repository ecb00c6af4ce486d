import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import DiffWorkloads
import Ratios

/// One scroll from the top to the bottom of 1,000,000 rows on a `HeadlessTable`, and one
/// animated apply (a row inserted at the top), with a `rowHeight` closure against the same
/// with a fixed row height, in the same run: every per-row answer goes through the data
/// source's `item(at:)`.
@MainActor
func scrollRatio() -> (scroll: Double, fixedScroll: Double, apply: Double, fixedApply: Double)? {
  let items = (0..<1_000_000).map { Item(id: $0, content: $0) }
  guard let old = oneSection(items), let new = oneSection([Item(id: -1, content: 0)] + items)
  else { return nil }
  func measure(heights: Bool) -> (scroll: Double, apply: Double)? {
    let table = benchTable()
    let dataSource = itemSource(on: table)
    if heights { dataSource.rowHeight { _, item in 40 + Double((item?.content ?? 0) % 3) * 2 } }
    guard (try? dataSource.apply(old)) != nil else { return nil }
    let scroll = median(runs: 3) {
      table.scroll(toOffset: 0)
      table.scrollToBottom()
    }
    let apply = median(runs: 3) {
      _ = try? dataSource.apply(new)
      _ = try? dataSource.apply(old)
    }
    return (scroll, apply / 2)
  }
  guard let closure = measure(heights: true), let fixed = measure(heights: false) else {
    return nil
  }
  return (closure.scroll, fixed.scroll, closure.apply, fixed.apply)
}
