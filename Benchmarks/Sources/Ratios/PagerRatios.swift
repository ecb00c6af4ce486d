import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import DiffWorkloads

/// The debug log's cost: a pager of 10,000 items bound to a data source on a 20-row table
/// applies an edit of one item (and back) with the log off, with it on, and the same two
/// snapshots applied to a plain data source, in the same run. Off should cost what the same
/// work costs written by hand with no log at all (an unbound pager's `rows()` put in a snapshot
/// and applied): the log is one nil check. On adds a second diff to count the changes.
@MainActor
public func pagerRatios(runs: Int = 21) async -> PagerRatios? {
  let items = (0..<10_000).map { Item(id: $0, content: $0) }
  func bound(log: PagerLog?, binding: Bool = true) async -> (Pager<Item>, HeadlessTable) {
    let pager = Pager(
      PagerConfiguration(pageSize: 10_000, prefetchDistance: 5),
      source: PageSource { _, _ in Page(items: items) })
    let table = benchTable()
    // The table (kept by the caller) keeps the data source bound to it.
    let dataSource = pagerRowSource(on: table)
    if binding { pager.bind(dataSource, section: 0) }
    pager.log = log
    await pager.refresh().ended()
    return (pager, table)
  }
  let (off, offTable) = await bound(log: nil)
  let (on, onTable) = await bound(log: PagerLog { blackHole($0) })
  func edit(_ pager: Pager<Item>) {
    pager.edit(.update(Item(id: 5_000, content: -5)))
    pager.edit(.update(Item(id: 5_000, content: 5_000)))
  }
  // The binding's work by hand, with no log in the code: an unbound pager's rows, applied.
  let (manual, manualTable) = await bound(log: nil, binding: false)
  let manualSource = pagerRowSource(on: manualTable)
  func showByHand() {
    var snapshot = Snapshot<Int, PagerRow<Item>>()
    _ = try? snapshot.appendSection(0)
    _ = try? snapshot.appendItems(manual.rows(), toSection: 0)
    _ = try? manualSource.applyKeepingPosition(snapshot)
  }
  showByHand()
  func editByHand() {
    manual.edit(.update(Item(id: 5_000, content: -5)))
    showByHand()
    manual.edit(.update(Item(id: 5_000, content: 5_000)))
    showByHand()
  }
  // The same two snapshots straight to a data source.
  let table = benchTable()
  let plain = pagerRowSource(on: table)
  var first = Snapshot<Int, PagerRow<Item>>()
  var second = Snapshot<Int, PagerRow<Item>>()
  var edited = items
  edited[5_000].content = -5
  guard (try? first.appendSection(0)) != nil,
    (try? first.appendItems(items.map { .item($0) })) != nil,
    (try? second.appendSection(0)) != nil,
    (try? second.appendItems(edited.map { .item($0) })) != nil,
    (try? plain.apply(first)) != nil
  else { return nil }
  // Alternating rounds, each timing every side once, so drift of a shared machine falls on
  // all four alike; each side's figure is its median over the rounds.
  let sides: [() -> Void] = [
    {
      _ = try? plain.applyKeepingPosition(second)
      _ = try? plain.applyKeepingPosition(first)
    },
    { edit(off) }, { edit(on) }, { editByHand() },
  ]
  for side in sides { side() }  // warm-up
  var times: [[Double]] = Array(repeating: [], count: sides.count)
  for _ in 0..<runs {
    for (index, side) in sides.enumerated() { times[index].append(seconds(side)) }
  }
  let (direct, timeOff, timeOn, timeByHand) = (
    middle(times[0]), middle(times[1]), middle(times[2]), middle(times[3])
  )
  guard offTable.rowCounts[0] == 10_000, onTable.rowCounts[0] == 10_000,
    manualTable.rowCounts[0] == 10_000
  else { return nil }
  return PagerRatios(
    logOff: timeOff / 2, logOn: timeOn / 2, byHand: timeByHand / 2, direct: direct / 2)
}

/// A pager edit of one item in 10,000 through its binding (one edit and back, halved): with
/// the debug log off and on, the same work by hand with no log, and the same two snapshots
/// applied straight to a data source.
public struct PagerRatios: Sendable {
  /// Seconds of one edit through the binding, log off and on.
  public var logOff, logOn: Double
  /// Seconds of the binding's work written by hand, and of the snapshots applied directly.
  public var byHand, direct: Double

  /// The three ratios the README states.
  public var measured: [Measured] {
    [
      Measured(
        "pager edit through its binding / applied directly", ratio: logOff / direct,
        ours: logOff, baseline: direct),
      Measured("pager edit, log on / off", ratio: logOn / logOff, ours: logOn, baseline: logOff),
      Measured(
        "pager edit, log off / by hand", ratio: logOff / byHand, ours: logOff, baseline: byHand),
    ]
  }
}
