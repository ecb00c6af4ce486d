import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import DiffWorkloads

/// A headless table 20 rows tall that records no events: every benchmark's table.
@MainActor
public func benchTable() -> HeadlessTable {
  let table = HeadlessTable(viewportHeight: 20 * 44)
  table.isRecordingEvents = false
  return table
}

/// A data source of items bound to `table`, each row in an `ItemCell` showing its content.
@MainActor
public func itemSource(on table: HeadlessTable) -> SectionedDataSource<Int, Item> {
  SectionedDataSource<Int, Item>()
    .bind(table)
    .configureCell(ItemCell.self, reuseIdentifier: "item") { cell, _, item in
      cell.content = item.content
    }
}

/// A data source of a pager's rows bound to `table`: an item's content, -1 for another row.
@MainActor
public func pagerRowSource(on table: HeadlessTable) -> SectionedDataSource<Int, PagerRow<Item>> {
  SectionedDataSource<Int, PagerRow<Item>>()
    .bind(table)
    .configureCell(ItemCell.self, reuseIdentifier: "item") { cell, _, row in
      cell.content = row.item?.content ?? -1
    }
}

/// A snapshot of `items` in one section, 0.
public func oneSection(_ items: [Item]) -> Snapshot<Int, Item>? {
  var snapshot = Snapshot<Int, Item>()
  guard (try? snapshot.appendSection(0)) != nil, (try? snapshot.appendItems(items)) != nil
  else { return nil }
  return snapshot
}
