#if os(Linux)
  import CatenaDiff
  public import Foundation

  /// A table (fake: a `ListEngine` behind UIKit's API; rows as tall as the delegate says,
  /// self-sizing ones their estimate until shown, headers and footers between sections; the
  /// rows within `bounds` below `contentOffset` are on screen after layout).
  @MainActor open class UITableView: UIScrollView, ListEngineHost {
    /// The table's look.
    public enum Style: Int, Sendable {
      case plain = 0
      case grouped = 1
      case insetGrouped = 2
    }
    /// The animation of a row change.
    public enum RowAnimation: Int, Sendable {
      case fade = 0
      case right = 1
      case left = 2
      case top = 3
      case bottom = 4
      case none = 5
      case middle = 6
      case automatic = 100
    }
    /// Where a row scrolls to.
    public enum ScrollPosition: Int, Sendable {
      case none = 0
      case top = 1
      case middle = 2
      case bottom = 3
    }
    open private(set) var style: UITableView.Style
    weak open var dataSource: (any UITableViewDataSource)?
    weak open var delegate: (any UITableViewDelegate)?
    weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    weak open var dragDelegate: (any UITableViewDragDelegate)?
    open var isPrefetchingEnabled = true
    /// The height that means "size to fit" (UIKit's value).
    public static let automaticDimension: CGFloat = -1
    /// The rows' height: "The default value of this property is automaticDimension, which
    /// causes the table view to choose an appropriate height based on your cell's content"
    /// (Apple, `rowHeight`; UIKit-iOS18.6.swift:23048). A test that wants exact heights sets
    /// one.
    open var rowHeight: CGFloat = UITableView.automaticDimension
    /// The height taken for a self-sizing row before it shows: `automaticDimension` by
    /// default (UIKit's header: "default is UITableViewAutomaticDimension, set to 0 to
    /// disable"; UIKit-iOS18.6.swift:23055), which the table reads as 44 points.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var backgroundView: UIView? {
      didSet {
        oldValue?.removeFromSuperview()
        if let backgroundView { addSubview(backgroundView) }
      }
    }
    open var tableHeaderView: UIView?
    /// The view below the rows: the table makes it its subview, as wide as itself.
    open var tableFooterView: UIView? {
      didSet {
        if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
        guard let tableFooterView else { return }
        if tableFooterView.superview !== self { addSubview(tableFooterView) }
        tableFooterView.frame.size.width = bounds.width
      }
    }
    /// Whether the table is editing. Editing ending while the user holds a row ends the
    /// reorder without a drop (the reorder control goes away with it).
    open var isEditing = false {
      didSet { if !isEditing { _ = engine.cancelReorder() } }
    }
    open var allowsMultipleSelection = false
    /// Whether a tap selects a row while the table edits: "false by default" (Apple,
    /// `allowsSelectionDuringEditing`; UIKit-iOS18.6.swift:23166).
    open var allowsSelectionDuringEditing = false
    /// Whether the table's appearance differs from its data source: "The value of this
    /// property is true when the table view contains placeholder cells or is handling a drop
    /// and is in the middle of reordering its rows" (Apple, `hasUncommittedUpdates`;
    /// UIKit-iOS18.6.swift:23152): true only while a drop is over the table, not while the
    /// user holds a row by its reorder control (that cell's `configurationState.isReordering`
    /// says so).
    open var hasUncommittedUpdates: Bool {
      uncommittedUpdatesReads += 1
      return engine.hasActiveDrop && engine.reorder != nil
    }
    /// Not UIKit: how many times `hasUncommittedUpdates` was read (how often the app asked
    /// whether the view holds a row).
    public private(set) var uncommittedUpdatesReads = 0
    /// Whether a drag from the table is in progress (UIKit-iOS18.6.swift:23255).
    open var hasActiveDrag: Bool { engine.hasActiveDrag }
    /// Whether a drop is over the table (UIKit-iOS18.6.swift:23258).
    open var hasActiveDrop: Bool { engine.hasActiveDrop }
    var headerViews: [Int: UIView] = [:]
    /// The section index titles as last read.
    var indexTitles: [String] = []
    var footerViews: [Int: UIView] = [:]
    var viewRegistrations: [String: UITableViewHeaderFooterView.Type] = [:]
    var viewPool: [String: [UITableViewHeaderFooterView]] = [:]
    lazy var engine = ListEngine(host: self)
    /// How a self-sizing cell asks to be measured again (UIKit-iOS18.6.swift:23079).
    public typealias SelfSizingInvalidation = ListSelfSizingInvalidation
    /// Whether a self-sizing cell that invalidates its intrinsic size is measured again:
    /// `.enabled` by default (WWDC22, "What's new in UIKit").
    open var selfSizingInvalidation: UITableView.SelfSizingInvalidation = .enabled
    var resizesInvalidatedCells: Bool { selfSizingInvalidation != .disabled }

    public init(frame: CGRect, style: UITableView.Style) {
      self.style = style
      super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { nil }

    open var numberOfSections: Int { engine.loadedCounts().count }

    open func numberOfRows(inSection section: Int) -> Int {
      let counts = engine.loadedCounts()
      return counts.indices.contains(section) ? counts[section] : 0
    }

    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      engine.register(cellClass, identifier: identifier)
    }

    open func dequeueReusableCell(
      withIdentifier identifier: String, for indexPath: IndexPath
    ) -> UITableViewCell {
      engine.dequeue(identifier: identifier, path: indexPath) {
        UITableViewCell(style: .default, reuseIdentifier: nil)
      }
    }

    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
      viewRegistrations[identifier] = aClass as? UITableViewHeaderFooterView.Type
      viewPool[identifier] = nil
    }

    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
      -> UITableViewHeaderFooterView?
    {
      engine.calls.append("dequeueHeaderFooter(\(identifier))")
      if let view = viewPool[identifier]?.popLast() {
        view.prepareForReuse()
        return view
      }
      return viewRegistrations[identifier]?.init(reuseIdentifier: identifier)
    }

    open func reloadData() {
      engine.reloadData()
      refreshHeaderViews()
      indexTitles = dataSource?.sectionIndexTitles(for: self) ?? []
    }

    /// Reads the section index titles again (UIKit reads them only here and at `reloadData`).
    open func reloadSectionIndexTitles() {
      engine.calls.append("reloadSectionIndexTitles")
      indexTitles = dataSource?.sectionIndexTitles(for: self) ?? []
    }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
      engine.performBatchUpdates(updates, completion: completion)
    }

    /// Not UIKit: the animations of the batches performed end now, and their completions run,
    /// oldest first (else they run on a later main-actor turn, never inside the batch call).
    public func finishBatchAnimations() { engine.finishBatchAnimations() }

    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
      engine.record { $0.sectionInserts += sections }
    }
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
      engine.record { $0.sectionDeletes += sections }
    }
    open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
      engine.record { $0.sectionReloads += sections }
    }
    open func moveSection(_ section: Int, toSection newSection: Int) {
      engine.record { $0.sectionMoves.append(SectionMove(from: section, to: newSection)) }
    }
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
      engine.record { $0.itemInserts += indexPaths.map(ItemPath.init) }
    }
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
      engine.record { $0.itemDeletes += indexPaths.map(ItemPath.init) }
    }
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
      engine.record { $0.itemReloads += indexPaths.map(ItemPath.init) }
    }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      engine.record {
        $0.itemMoves.append(ItemMove(from: ItemPath(indexPath), to: ItemPath(newIndexPath)))
      }
    }
    open func reconfigureRows(at indexPaths: [IndexPath]) {
      engine.record { $0.itemReconfigures += indexPaths.map(ItemPath.init) }
    }

    /// The cell of the row, on screen or prepared: "In iOS 15 and later, the table view
    /// retains a prepared cell" that it may show again, and returns it here (Apple).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
      let path = ItemPath(indexPath)
      return (engine.visible[path] ?? engine.prepared[path]) as? UITableViewCell
    }

    open var visibleCells: [UITableViewCell] {
      engine.refuseDuringLayout("reading visibleCells")
      return engine.visible.sorted { $0.key < $1.key }.compactMap { $0.value as? UITableViewCell }
    }

    /// Where the row is in the content: each section's header, rows and footer one after
    /// another, with the heights the delegate gives; a self-sizing row
    /// (`automaticDimension`) is its estimate until its cell has shown.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
      currentGeometry.frame(of: ItemPath(indexPath), width: bounds.width)
    }

    /// Where the header of `section` is in the content (zero height: it has none).
    open func rectForHeader(inSection section: Int) -> CGRect {
      let geometry = currentGeometry
      guard geometry.sectionTops.indices.contains(section) else { return .zero }
      let height = sectionViewHeight(headerViews[section], section, header: true)
      return CGRect(x: 0, y: geometry.sectionTops[section], width: bounds.width, height: height)
    }

    /// Where the footer of `section` is in the content (zero height: it has none).
    open func rectForFooter(inSection section: Int) -> CGRect {
      let geometry = currentGeometry
      guard geometry.sectionTops.indices.contains(section) else { return .zero }
      let height = sectionViewHeight(footerViews[section], section, header: false)
      let bottom =
        section + 1 < geometry.sectionTops.count
        ? geometry.sectionTops[section + 1] : geometry.contentHeight
      return CGRect(x: 0, y: bottom - height, width: bounds.width, height: height)
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
      engine.refuseDuringLayout("reading indexPathsForVisibleRows")
      return engine.visible.keys.sorted().map(\.indexPath)
    }

    open var indexPathsForSelectedRows: [IndexPath]? {
      engine.selection.isEmpty ? nil : engine.selection.sorted().map(\.indexPath)
    }

    open func selectRow(
      at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition
    ) {
      if !allowsMultipleSelection { engine.selection.removeAll() }
      engine.select(indexPath.map(ItemPath.init))
      syncCellSelection()
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
      engine.selection.remove(ItemPath(indexPath))
      syncCellSelection()
    }

    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
      headerViews[section] as? UITableViewHeaderFooterView
    }

    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
      footerViews[section] as? UITableViewHeaderFooterView
    }

    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// Leaving the window ends a reorder without a drop (the gesture is cancelled).
    open override func didMoveToWindow() {
      super.didMoveToWindow()
      if window == nil { _ = engine.cancelReorder() }
    }

    open override func layoutSubviews() {
      engine.layOut()
      syncCellSelection()
      engine.updateCellConfigurations()
      // The footer is as wide as the table (after a rotation too).
      if let footer = tableFooterView, footer.frame.width != bounds.width {
        footer.frame.size.width = bounds.width
        footer.setNeedsLayout()
      }
      tableFooterView?.layoutIfNeeded()
    }

    func syncCellSelection() {
      for (path, cell) in engine.visible {
        (cell as? UITableViewCell)?.isSelected = engine.selection.contains(path)
      }
    }

    /// Header and footer views for every section: the delegate's view, else a plain view
    /// with the data source's title, if any. Views the table dequeued go back to its pool.
    func refreshHeaderViews() {
      recycle(Array(headerViews.values) + Array(footerViews.values))
      headerViews = [:]
      footerViews = [:]
      for section in 0..<numberOfSections { askViews(forSection: section) }
    }

    /// Asks the delegate (else the data source's title) for the views of `section`.
    func askViews(forSection section: Int) {
      headerViews[section] =
        delegate?.tableView(self, viewForHeaderInSection: section)
        ?? titleView(dataSource?.tableView(self, titleForHeaderInSection: section))
      footerViews[section] =
        delegate?.tableView(self, viewForFooterInSection: section)
        ?? titleView(dataSource?.tableView(self, titleForFooterInSection: section))
    }

    /// Puts the dequeued views among `views` back in their pools.
    func recycle(_ views: [UIView]) {
      for view in views {
        if let view = view as? UITableViewHeaderFooterView, let identifier = view.reuseIdentifier,
          viewRegistrations[identifier] != nil
        {
          viewPool[identifier, default: []].append(view)
        }
      }
    }

    /// UIKit's default header or footer view for `title`.
    func titleView(_ title: String?) -> UIView? {
      guard let title else { return nil }
      let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
      view.textLabel?.text = title
      return view
    }

    // MARK: ListEngineHost

    func askSectionCount() -> Int { dataSource.map { $0.numberOfSections(in: self) } ?? 0 }
    func askRowCount(inSection section: Int) -> Int {
      dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }
    func askCell(at path: IndexPath) -> UIView? {
      let cell = dataSource?.tableView(self, cellForRowAt: path)
      // As UIKit does before showing a row: its indentation, from the delegate.
      cell?.indentationLevel = delegate?.tableView(self, indentationLevelForRowAt: path) ?? 0
      return cell
    }
    func makeCell(of cellClass: AnyClass, identifier: String) -> UIView? {
      (cellClass as? UITableViewCell.Type)?.init(style: .default, reuseIdentifier: identifier)
    }
    func tellWillDisplay(_ cell: UIView, at path: IndexPath) {
      guard let cell = cell as? UITableViewCell else { return }
      delegate?.tableView(self, willDisplay: cell, forRowAt: path)
    }
    func tellDidEndDisplaying(_ cell: UIView, at path: IndexPath) {
      guard let cell = cell as? UITableViewCell else { return }
      delegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
    }
    func engineDidCommit(_ batch: BatchUpdate, sectionMap: [Int]) {
      // Header and footer views follow their sections with the text they had (as UIKit
      // keeps the views); inserted and reloaded sections get new ones from the data source.
      let reloaded = Set(batch.sectionReloads)
      func carried(_ views: [Int: UIView]) -> [Int: UIView] {
        var result: [Int: UIView] = [:]
        for (old, view) in views where sectionMap.indices.contains(old) && !reloaded.contains(old) {
          if sectionMap[old] >= 0 { result[sectionMap[old]] = view }
        }
        return result
      }
      let keptHeaders = carried(headerViews)
      let keptFooters = carried(footerViews)
      let kept = Set(keptHeaders.values.map(ObjectIdentifier.init))
        .union(keptFooters.values.map(ObjectIdentifier.init))
      recycle(
        (Array(headerViews.values) + Array(footerViews.values)).filter {
          !kept.contains(ObjectIdentifier($0))
        })
      let keptSections = Set(
        sectionMap.indices.filter { !reloaded.contains($0) && sectionMap[$0] >= 0 }.map {
          sectionMap[$0]
        })
      headerViews = keptHeaders
      footerViews = keptFooters
      for section in 0..<numberOfSections where !keptSections.contains(section) {
        askViews(forSection: section)
      }
    }
    func setNeedsLayoutForEngine() { setNeedsLayout() }
    func updateContentSize(_ length: CGFloat) {
      contentSize = CGSize(width: bounds.width, height: length)
    }
    var prefetcher: ((_ paths: [IndexPath], _ cancel: Bool) -> Void)? {
      guard isPrefetchingEnabled, let prefetchDataSource else { return nil }
      return { [unowned self] paths, cancel in
        if cancel {
          prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: paths)
        } else {
          prefetchDataSource.tableView(self, prefetchRowsAt: paths)
        }
      }
    }
    override func tellDidScroll() { delegate?.scrollViewDidScroll(self) }
    override func refuseDuringLayout(_ what: String) { engine.refuseDuringLayout(what) }
    var viewport: (offset: CGFloat, height: CGFloat) { (contentOffset.y, bounds.height) }

    /// The geometry of the rows the table shows now.
    var currentGeometry: ListGeometry {
      geometry(counts: engine.loadedCounts(), measured: engine.measured)
    }

    func geometry(counts: [Int], measured: [ItemPath: CGFloat]) -> ListGeometry {
      ListGeometry(
        counts: counts,
        header: { self.sectionViewHeight(self.headerViews[$0], $0, header: true) },
        footer: { self.sectionViewHeight(self.footerViews[$0], $0, header: false) },
        row: { path in
          let height = self.height(ofRowAt: path.indexPath)
          guard height == UITableView.automaticDimension else { return height }
          return measured[path] ?? self.estimatedHeight(ofRowAt: path.indexPath)
        })
    }

    /// The row's height as the delegate gives it (`automaticDimension`: it sizes itself); a
    /// negative height raises, as UIKit does.
    func height(ofRowAt path: IndexPath) -> CGFloat {
      let height = delegate?.tableView(self, heightForRowAt: path) ?? rowHeight
      guard height < 0, height != UITableView.automaticDimension else { return height }
      let message =
        "table view row height must not be negative - provided height for index path "
        + "(\(ItemPath(path))) is \(height)"
      if !engine.exceptions.contains(message) { engine.raise(message) }
      return 0
    }

    /// What a self-sizing row is taken to be before its cell has shown.
    func estimatedHeight(ofRowAt path: IndexPath) -> CGFloat {
      let estimate = delegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
      return estimate > 0 ? estimate : 44
    }

    /// A header's or footer's height: the delegate's, or for `automaticDimension` a plain
    /// table's title height when the section has a view, and nothing when it has none.
    func sectionViewHeight(_ view: UIView?, _ section: Int, header: Bool) -> CGFloat {
      let height =
        header
        ? delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        : delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
      guard height == UITableView.automaticDimension else { return max(height, 0) }
      return view == nil ? 0 : 28
    }

    /// A self-sizing row's height once its cell shows: its content's, or the standard 44
    /// points when the content asks for none (UIKit logs "Detected a case where constraints
    /// ambiguously suggest a height of zero for a table view cell's content view. We're
    /// considering the collapse unintentional and using standard height instead.").
    func selfSizedHeight(of cell: UIView, at path: IndexPath) -> CGFloat? {
      guard height(ofRowAt: path) == UITableView.automaticDimension else { return nil }
      let size = cell.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0)).height
      return size > 0 ? size : 44
    }
  }
#endif
