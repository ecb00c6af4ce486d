import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaTesting

/// `pager` bound to a data source of text cells on `table` (status rows in brackets), and the
/// harness that drives it.
@MainActor
func bindRows(
  _ pager: Pager<Row>, on table: HeadlessTable
) -> (SectionedDataSource<String, PagerRow<Row>>, PagerHarness<Row, String>) {
  let dataSource = SectionedDataSource<String, PagerRow<Row>>()
    .bind(table)
    .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, row in
      cell.text = row.item?.title ?? "[\(row.text)]"
    }
    .statusCell(TextCell.self)
  pager.bind(dataSource, section: "list")
  return (dataSource, PagerHarness(pager, shownBy: dataSource, on: table))
}
