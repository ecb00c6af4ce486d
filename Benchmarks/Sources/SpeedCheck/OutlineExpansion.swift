import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaOutline
import CatenaPaging
import DiffWorkloads
import Ratios

/// A `HeadlessTable` 20 rows tall, not recording, with a data source of `Row`s bound to it.
@MainActor
func boundTable<Row: Identifiable & Equatable>(
  _: Row.Type
) -> (HeadlessTable, SectionedDataSource<Int, Row>) {
  let table = benchTable()
  let dataSource = SectionedDataSource<Int, Row>()
    .bind(table)
    .configureCell(LookupCell.self, reuseIdentifier: "row") { _, _ in }
  return (table, dataSource)
}

/// The batches `table` performed during `body`.
@MainActor
func batches(of table: HeadlessTable, _ body: () throws -> Void) rethrows -> [BatchUpdate] {
  table.isRecordingEvents = true
  table.clearEvents()
  defer { table.isRecordingEvents = false }
  try body()
  return table.events.compactMap { if case .batch(let batch) = $0 { batch } else { nil } }
}

/// A flat list that shows one row, then 10,000 more under it: each apply builds its snapshot
/// and applies it, as an app does.
@MainActor
struct FlatInsert<Row: Identifiable & Equatable> {
  let table: HeadlessTable
  let dataSource: SectionedDataSource<Int, Row>
  let first: Row
  let more: [Row]

  init(_ first: Row, _ more: [Row]) {
    (table, dataSource) = boundTable(Row.self)
    self.first = first
    self.more = more
  }

  func show(all: Bool) throws {
    var snapshot = Snapshot<Int, Row>()
    try snapshot.appendSection(0)
    try snapshot.appendItems([first])
    if all { try snapshot.appendItems(more) }
    try dataSource.apply(snapshot)
  }
}

/// Expanding an outline node with 10,000 children, and collapsing it, each against a flat
/// apply that inserts 10,000 rows under one row, timed in the same runs (median of 5): the
/// same rows (`OutlineRow`s, what the outline adds), and rows with integer ids (what the
/// diff's fastest path takes). Each must be one batch of 10,000 inserts or deletes.
@MainActor
func outlineExpansionChecks() -> [Check] {
  let children = (1...10_000).map { OutlineNode(Item(id: $0, content: $0)) }
  let folder = Item(id: 0, content: 0)
  let files = Outline<Item>()
  let (outlineTable, outlineSource) = boundTable(OutlineRow<Item>.self)
  files.bind(outlineSource, section: 0)
  let rows = FlatInsert(
    OutlineRow.item(folder, depth: 0, isExpandable: true),
    children.map { .item($0.item, depth: 1, isExpandable: false) })
  let items = FlatInsert(folder, children.map(\.item))
  do {
    try files.apply([OutlineNode(folder, children: children)], animated: false)
    try rows.show(all: false)
    try items.show(all: false)
    let expand = try batches(of: outlineTable) { try files.expand(0) }
    let collapse = try batches(of: outlineTable) { try files.collapse(0) }
    let insert = try batches(of: rows.table) { try rows.show(all: true) }
    try rows.show(all: false)
    guard expand.count == 1, expand[0].itemInserts.count == 10_000, expand[0].itemDeletes == [],
      collapse.count == 1, collapse[0].itemDeletes.count == 10_000, collapse[0].itemInserts == [],
      insert.count == 1, insert[0].itemInserts.count == 10_000
    else { fatalError("expanding and collapsing are not one batch each: \(expand), \(collapse)") }
  } catch {
    fatalError("the outline check could not run: \(error)")
  }
  func time(_ body: () throws -> Void) -> Double {
    seconds { _ = try? body() }
  }
  // Warm up, then alternate: expand, collapse, and the flat inserts (their undo untimed).
  var ratios: [[Double]] = [[], [], [], []]
  for run in 0..<6 {
    let expand = time { try files.expand(0) }
    let collapse = time { try files.collapse(0) }
    let sameRows = time { try rows.show(all: true) }
    try? rows.show(all: false)
    let integerIDs = time { try items.show(all: true) }
    try? items.show(all: false)
    guard run > 0 else { continue }
    ratios[0].append(expand / sameRows)
    ratios[1].append(collapse / sameRows)
    ratios[2].append(expand / integerIDs)
    ratios[3].append(collapse / integerIDs)
  }
  withExtendedLifetime((rows, items, outlineTable)) {}
  let names = [
    "expand 10k children", "collapse 10k children", "expand 10k, integer ids",
    "collapse 10k, integer ids",
  ]
  return zip(names, ratios).map { name, runs in
    Check(claimed: "outline: \(name)", ratio: runs.sorted()[2])
  }
}
