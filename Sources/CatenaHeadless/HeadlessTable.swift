package import CatenaDataSource
public import CatenaDiff

/// An in-memory table view for Linux and tests: `UITableView`'s behaviour without a screen.
///
/// It keeps a viewport over its rows, creates and reuses cells per reuse identifier the way
/// UIKit does, asks its data source only for the rows that are visible, tracks selection and
/// highlight, and *validates every batch update* against UIKit's rules, throwing where a device
/// would crash. Everything it does is recorded in ``events``; ``render()`` prints what is on
/// screen.
///
/// ```swift
/// let table = HeadlessTable(viewportHeight: 440)  // 10 rows of 44 points
/// let dataSource = SectionedDataSource<String, Article>()
///   .bind(table)  // registers its cells; the table asks it what to show
///   .configureCell(TextCell.self) { cell, _, article in
///     cell.text = article.title
///   }
/// try dataSource.apply(snapshot)
/// print(table.render())
/// ```
@MainActor
public final class HeadlessTable {
  /// Answers the table's questions (an adapter over the connected provider, or a test's
  /// UIKit-style model); held weakly, as UIKit does.
  weak var dataSource: (any HeadlessTableDataSource)?
  /// The height of a row whose data source gives none.
  public var rowHeight: Double = 44
  /// The height of a section header that has a title.
  public var sectionHeaderHeight: Double = 28
  /// The height of a section footer that has a title.
  public var sectionFooterHeight: Double = 28
  /// The height of the visible area.
  public var viewportHeight: Double { didSet { layOut() } }
  /// How far the content is scrolled.
  public internal(set) var contentOffset: Double = 0
  /// Whether tapping rows can select several at once.
  public var allowsMultipleSelection = false
  /// Whether the table is in a window; peers fall back to `reloadData()` when it is not.
  package var isInWindow = true
  /// How many rows beyond the viewport, in the direction of the last scroll, the data source
  /// is asked to prefetch (`UITableViewDataSourcePrefetching`); 0 turns prefetching off.
  ///
  /// As UIKit does, it prefetches from the first layout: a bound pager whose first page ends
  /// within 10 rows below the viewport loads the second page when the list opens, before any
  /// scroll. A test that counts requests on open sets it to 0 (or counts that page).
  public var prefetchDistance = 10
  /// Whether ``events`` records what the table does.
  public var isRecordingEvents = true
  /// What the table did, oldest first; clear it with ``clearEvents()``.
  public internal(set) var events: [TableEvent] = []

  /// The row the user holds to reorder it, and where it would drop now.
  var drag: (source: ItemPath, target: ItemPath)?

  var registrations: [String: any HeadlessCell.Type] = [:]
  var rejectedRegistrations: Set<String> = []
  var reusePool: [String: [any HeadlessCell]] = [:]
  /// Rows per section as of the last reload or batch.
  public internal(set) var rowCounts: [Int] = []
  /// Header and footer titles and heights as of the last layout.
  var headerTitles: [String?] = []
  var footerTitles: [String?] = []
  var headerHeights: [Double] = []
  var footerHeights: [Double] = []
  /// Header and footer view classes by reuse identifier, their pool, and those on screen.
  var viewRegistrations: [String: any HeadlessHeaderFooterView.Type] = [:]
  var viewPool: [String: [any HeadlessHeaderFooterView]] = [:]
  var visibleSectionViews: [SectionViewSlot: any HeadlessHeaderFooterView] = [:]
  var visibleCells: [ItemPath: any HeadlessCell] = [:]
  var selection: Set<ItemPath> = []
  var highlighted: ItemPath?
  var batchDepth = 0
  var pendingBatch = BatchUpdate()
  var countsAtOpen: [Int] = []
  var reloadedDuringBatch = false
  /// The cell a reconfigure hands back to the data source instead of dequeuing one.
  var reconfiguring: (path: ItemPath, cell: any HeadlessCell)?
  /// The first error a cell configuration threw during layout.
  var layoutError: (any Error)?
  /// The rows told to prefetch and not yet shown or cancelled.
  var prefetchWindow = PrefetchWindow()
  /// The adapter that forwards to a connected ``TableContentProviding``.
  var providerAdapter: ProviderAdapter?
  /// An object the table keeps alive with itself (a data source a convenience created).
  package var retainedDataSource: AnyObject?

  /// Creates an empty table whose visible area is `viewportHeight` points tall.
  public init(viewportHeight: Double = 440) {
    self.viewportHeight = viewportHeight
  }

  /// Forgets the recorded events.
  public func clearEvents() { events.removeAll() }

  func record(_ event: TableEvent) {
    if isRecordingEvents { events.append(event) }
  }

  /// Registers a cell class for a reuse identifier, as `UITableView` does; nil unregisters.
  ///
  /// The class must conform to ``HeadlessCell``; dequeuing a class that does not throws
  /// `DataSourceError/Kind/unexpectedCellType`.
  package func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    reusePool[identifier] = nil
    // Content the table shows its own way: in a text cell, headless.
    let cellClass: AnyClass? = cellClass is TableContentCell.Type ? TextCell.self : cellClass
    guard let cellClass else {
      registrations[identifier] = nil
      rejectedRegistrations.remove(identifier)
      return
    }
    if let cellType = cellClass as? any HeadlessCell.Type {
      registrations[identifier] = cellType
      rejectedRegistrations.remove(identifier)
    } else {
      registrations[identifier] = nil
      rejectedRegistrations.insert(identifier)
    }
  }

  /// A cell for the row at `path`: a reused one (after `prepareForReuse()`) or a new one.
  ///
  /// - Throws: `DataSourceError` when nothing is registered for `identifier`, worded as UIKit
  ///   words it.
  package func dequeueReusableCell(
    withIdentifier identifier: String, for path: ItemPath
  ) throws(DataSourceError) -> any HeadlessCell {
    if let reconfiguring, reconfiguring.path == path {
      // UIKit hands the row's own cell back, and stops the app for any other identifier.
      guard reconfiguring.cell.reuseIdentifier == identifier else {
        throw DataSourceError(kind: .reconfigureWithOtherCell, id: identifier, incoming: path)
      }
      return reconfiguring.cell
    }
    guard let cellType = registrations[identifier] else {
      let kind: DataSourceError.Kind =
        rejectedRegistrations.contains(identifier) ? .unexpectedCellType : .unregisteredCell
      throw DataSourceError(kind: kind, id: identifier, incoming: path)
    }
    if let cell = reusePool[identifier]?.popLast() {
      cell.prepareForReuse()
      record(.prepareForReuse(identifier: identifier))
      record(.dequeue(identifier: identifier, path: path, reused: true))
      return cell
    }
    record(.dequeue(identifier: identifier, path: path, reused: false))
    return cellType.init(reuseIdentifier: identifier)
  }

  /// Reloads everything: every visible cell goes back to the pool, the counts are read again,
  /// selection is cleared, and the visible rows are configured anew.
  ///
  /// Inside a batch update this is an error that the batch reports when it closes.
  package func reloadData() {
    guard batchDepth == 0 else {
      reloadedDuringBatch = true
      return
    }
    if drag != nil { record(.rejectedBatch("reloadData() during a live reorder")) }
    record(.reloadData)
    for path in visibleCells.keys.sorted() { retireCell(at: path) }
    retireSectionViews { _ in true }
    selection.removeAll()
    highlighted = nil
    prefetchWindow.reset()
    rowCounts = readCounts()
    layOut()
  }

  /// The cell showing the row at `path`, or nil when the row is not visible.
  public func cellForRow(at path: ItemPath) -> (any HeadlessCell)? { visibleCells[path] }

  /// The paths of the visible rows, in order.
  var indexPathsForVisibleRows: [ItemPath] { visibleCells.keys.sorted() }

  /// The number of sections as of the last reload or batch.
  var numberOfSections: Int { rowCounts.count }

  /// The number of rows in `section` as of the last reload or batch.
  func numberOfRows(inSection section: Int) -> Int {
    rowCounts.indices.contains(section) ? rowCounts[section] : 0
  }

  /// How many cells wait in the reuse pool for `identifier`.
  package func pooledCellCount(forIdentifier identifier: String) -> Int {
    reusePool[identifier]?.count ?? 0
  }

  /// The row counts the data source reports now.
  func readCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = dataSource.numberOfSections(in: self)
    return (0..<max(sections, 0)).map { dataSource.table(self, numberOfRowsInSection: $0) }
  }

  /// Takes the cell off screen and puts it in its pool.
  func retireCell(at path: ItemPath) {
    guard let cell = visibleCells.removeValue(forKey: path) else { return }
    record(.endDisplay(path: path))
    reusePool[cell.reuseIdentifier, default: []].append(cell)
  }
}
