#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import UIKitFakes

  /// A row of a test list; `isAd` picks the ad cell kind.
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isAd = false

    init(_ id: Int, _ title: String? = nil, isAd: Bool = false) {
      self.id = id
      self.title = title ?? "r\(id)"
      self.isAd = isAd
    }
  }

  /// A table cell showing a row's title.
  final class TitleCell: UITableViewCell {
    var title = ""
    override func prepareForReuse() {
      super.prepareForReuse()
      title = ""
    }
  }

  /// A table cell for ads.
  final class AdCell: UITableViewCell {
    var banner = ""
  }

  /// A collection cell showing a row's title.
  final class TileCell: UICollectionViewCell {
    var title = ""
  }

  /// A table 440 points tall (10 rows of 44) in a window.
  @MainActor
  func tableInWindow(height: CGFloat = 440) -> (UITableView, UIWindow) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: height))
    let table = UITableView(
      frame: CGRect(x: 0, y: 0, width: 320, height: height), style: .plain)
    window.addSubview(table)
    return (table, window)
  }

  /// A collection view 440 points tall in a window.
  @MainActor
  func collectionInWindow() -> (UICollectionView, UIWindow) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    let collection = UICollectionView(
      frame: window.frame, collectionViewLayout: UICollectionViewFlowLayout())
    window.addSubview(collection)
    return (collection, window)
  }

  /// A list collection view 440 points tall in a window, whose layout shows headers (and
  /// `footers`) as supplementary views.
  @MainActor
  func listInWindow(footers: Bool = true) -> (UICollectionView, UIWindow) {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    configuration.footerMode = footers ? .supplementary : .none
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    let collection = UICollectionView(
      frame: window.frame,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
    window.addSubview(collection)
    return (collection, window)
  }

  /// A data source of rows bound to `table` with title cells and ad cells.
  @MainActor
  func rowSource(_ table: UITableView) -> SectionedDataSource<String, Row> {
    SectionedDataSource<String, Row>()
      .bind(table)
      .configureCell(TitleCell.self, reuseIdentifier: "title") { cell, _, row in
        cell.title = row.title
      }
      .configureCell(AdCell.self, reuseIdentifier: "ad", when: { $0.isAd }) { cell, _, row in
        cell.banner = row.title
      }
  }

  /// A two-way pager over 100 rows in pages of 20 (prefetching 5 from either end), bound to
  /// `table` through a data source of title cells: what it shows, and the data source to keep.
  @MainActor
  func boundPager(
    _ table: UITableView
  ) -> (Pager<Row>, SectionedDataSource<String, PagerRow<Row>>) {
    let server = FixturePages(count: 100) { Row($0) }
    let pager = Pager(
      PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: server.source(.server))
    let dataSource = SectionedDataSource<String, PagerRow<Row>>()
      .bind(table)
      .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
        cell.title = row.item?.title ?? row.text
      }
    pager.bind(dataSource, section: "rows")
    return (pager, dataSource)
  }

  /// A snapshot of one section "s" holding `rows`.
  func snapshot(_ rows: [Row]) throws -> Snapshot<String, Row> {
    var snapshot = Snapshot<String, Row>()
    try snapshot.appendSection("s")
    try snapshot.appendItems(rows)
    return snapshot
  }

  /// A snapshot of `sections`, each its id and its rows.
  func snapshot(sections: [(String, [Row])]) throws -> Snapshot<String, Row> {
    var snapshot = Snapshot<String, Row>()
    for (id, rows) in sections {
      try snapshot.appendSection(id)
      try snapshot.appendItems(rows, toSection: id)
    }
    return snapshot
  }

  /// The path of a row.
  func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: item, section: section) }

  extension UITableView {
    /// The titles the visible cells show, top to bottom.
    var shownTitles: [String] {
      visibleCells.map {
        ($0 as? TitleCell)?.title ?? ($0 as? AdCell).map { "AD \($0.banner)" } ?? "?"
      }
    }
  }
#endif

#if os(Linux)
  extension UICollectionView {
    /// The user scrolls so that the content at `y` is at the top, and the view lays out.
    func simulateScroll(toY y: CGFloat) {
      contentOffset = CGPoint(x: 0, y: y)
      layoutIfNeeded()
    }
  }
#endif

#if os(Linux)
  /// A collection list in editing mode showing `rows` in list cells with a reorder accessory,
  /// every row movable; its data source re-checks a reorder on a manual clock.
  @MainActor
  func reorderableList(
    _ rows: [Row]
  ) throws -> (UICollectionView, SectionedDataSource<String, Row>, ManualClock, UIWindow) {
    let (collection, window) = collectionInWindow()
    let clock = ManualClock()
    let dataSource = SectionedDataSource<String, Row>()
      .bind(collection)
      .configureCell(UICollectionViewListCell.self) { cell, _, row in
        var content = cell.defaultContentConfiguration()
        content.text = row.title
        cell.contentConfiguration = content
        cell.accessories = [.reorder()]
      }
      .didMove { _, _, _ in }
    dataSource.reorderClock = clock
    try dataSource.apply(snapshot(rows))
    collection.isEditing = true
    collection.layoutIfNeeded()
    return (collection, dataSource, clock, window)
  }
#endif
