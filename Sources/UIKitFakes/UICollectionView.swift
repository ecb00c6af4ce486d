#if os(Linux)
  import CatenaDiff
  public import Foundation

  /// A reusable view of a collection.
  @MainActor open class UICollectionReusableView: UIView {
    open internal(set) var reuseIdentifier: String?
    /// Not UIKit: how many times the view was prepared for reuse.
    public private(set) var reuseCount = 0

    public required override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { nil }

    open func prepareForReuse() { reuseCount += 1 }
  }

  /// A collection item's view. Its state (selected, highlighted) updates its configuration,
  /// as UIKit's does: `setNeedsUpdateConfiguration()` is coalesced until the cell lays out.
  @MainActor open class UICollectionViewCell: UICollectionReusableView {
    open var isSelected = false {
      didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
    }
    open var isHighlighted = false {
      didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
    }
    /// The view the cell's content goes in; a content configuration replaces it with its view.
    open var contentView: UIView { content.view(in: self) }
    open var automaticallyUpdatesContentConfiguration = true
    /// What the cell shows: setting it shows it in the content view, made anew unless the
    /// present one `supports` it.
    public var contentConfiguration: (any UIContentConfiguration)? {
      get { content.configuration }
      set { content.set(newValue, in: self) }
    }
    /// Runs after `updateConfiguration(using:)` whenever the cell's state may have changed.
    public var configurationUpdateHandler:
      ((UICollectionViewCell, UICellConfigurationState) -> Void)?
    {
      didSet { setNeedsUpdateConfiguration() }
    }
    var content = CellContent()
    var isReorderingInList = false
    /// The collection view showing the cell.
    weak var list: UIView?

    public required init(frame: CGRect) {
      super.init(frame: frame)
      content.needsUpdate = true
    }

    public required init?(coder: NSCoder) { nil }

    /// The cell's state, for a configuration.
    open var configurationState: UICellConfigurationState {
      cellState(editing: (list as? UICollectionView)?.isEditing ?? false)
    }

    /// Updates the content configuration for `state` (when it updates automatically).
    open func updateConfiguration(using state: UICellConfigurationState) {
      updateContent(for: state)
    }

    /// Asks for `updateConfiguration(using:)` at the list's next layout.
    open func setNeedsUpdateConfiguration() { askForUpdate() }

    /// Runs the handler with the state the configuration was updated for.
    func runUpdateHandler(_ state: UICellConfigurationState) {
      configurationUpdateHandler?(self, state)
    }

    /// The content view's size when the cell has a content configuration (a self-sizing
    /// row), else the frame's.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      contentSize(fitting: targetSize) ?? super.systemLayoutSizeFitting(targetSize)
    }
  }

  /// How a collection lays out its items.
  @MainActor open class UICollectionViewLayout: NSObject {
    /// Not UIKit: how many times the layout was invalidated.
    public private(set) var invalidationCount = 0

    public override init() { super.init() }

    /// Marks the layout to be computed again (its items and supplementary views re-measured).
    open func invalidateLayout() { invalidationCount += 1 }
  }

  /// A line-based layout.
  @MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The way the items run and the view scrolls.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
  }

  /// Where an item is laid out (this fake fills in the frame only).
  @MainActor open class UICollectionViewLayoutAttributes: NSObject {
    open var frame: CGRect = .zero
  }

  /// The calls a collection view makes to its data source, with UIKit's defaults.
  @MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int
    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView
    func indexTitles(for collectionView: UICollectionView) -> [String]?
    func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath)
  }

  extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// None: no index down the edge.
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
    /// Not implemented: UIKit stops the app when it shows an index and cannot map a title.
    public func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      collectionView.engine.raise(
        "the data source gives index titles but does not implement "
          + "-collectionView:indexPathForIndexTitle:atIndex:")
      return IndexPath(index: index)
    }
    /// Not implemented: UIKit stops the app when the layout shows a supplementary view and the
    /// data source does not give one.
    public func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.engine.raise(
        "the data source does not implement -collectionView:viewForSupplementaryElementOfKind:"
          + "atIndexPath:, and its layout shows a view of kind '\(kind)' at \(ItemPath(indexPath))")
      collectionView.supplementaryDequeued = true  // one exception for this mistake
      return UICollectionReusableView(frame: .zero)
    }
    public func collectionView(
      _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
    ) -> Bool { false }
    public func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {}
  }

  /// The calls a collection view makes to its delegate (those the adapter answers).
  /// What a collection view tells about items it expects to show soon.
  @MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
  }

  extension UICollectionViewDataSourcePrefetching {
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {}
  }

  @MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath)
    /// Whether the item highlights when touched; one that does not is not selected by the
    /// touch either.
    func collectionView(
      _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
    ) -> Bool
    func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// The menu of the items at `indexPaths`. UIKit asks this one of a delegate that
    /// implements it (Catena's proxy does) and then never the one-item form: "If the
    /// non-deprecated replacement for the configuration … is implemented this method is not
    /// called" (UIKit-iOS18.6.swift:7495).
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
      point: CGPoint
    ) -> UIContextMenuConfiguration?
    /// The menu of the item at `indexPath` (deprecated in iOS 16; UIKit-iOS18.6.swift:7501):
    /// what an app written before iOS 16 implements.
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemAt indexPath: IndexPath,
      point: CGPoint
    ) -> UIContextMenuConfiguration?
    /// The view the menu of `configuration` lifts from the item at `indexPath` as it opens
    /// (iOS 16; UIKit-iOS18.6.swift:7436); nil: the item's cell.
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview?
    /// Where the menu of `configuration` goes back to as it closes (iOS 16;
    /// UIKit-iOS18.6.swift:7446); nil: the item's cell.
    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      dismissalPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview?
    /// The highlight preview of an app written before iOS 16 (deprecated; "If the
    /// non-deprecated replacement for the configuration, highlight preview, or dismissal
    /// preview methods is implemented this method is not called", UIKit-iOS18.6.swift:7505):
    /// the fake never calls it, as UIKit never does for a delegate that answers the
    /// multi-item menu, which Catena's proxy does.
    func collectionView(
      _ collectionView: UICollectionView,
      previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?
    /// The dismissal preview of an app written before iOS 16 (deprecated; never called, as
    /// the highlight one; UIKit-iOS18.6.swift:7516).
    func collectionView(
      _ collectionView: UICollectionView,
      previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?
    /// Where a held item may go (deprecated in iOS 15; UIKit-iOS18.6.swift:7388): UIKit asks
    /// the iOS 15 form of a delegate that implements it, which Catena's proxy does.
    func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    func collectionView(
      _ collectionView: UICollectionView,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating)
    /// The menu of `configuration` is closing (UIKit-iOS18.6.swift:7476).
    func collectionView(
      _ collectionView: UICollectionView,
      willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
      animator: (any UIContextMenuInteractionAnimating)?)
    func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
      atCurrentIndexPath currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
  }

  extension UICollectionViewDelegate {
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {}
    /// Every item highlights.
    public func collectionView(
      _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
    ) -> Bool { true }
    /// None: no context menu.
    public func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemAt indexPath: IndexPath,
      point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }
    /// None: the item's cell.
    public func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? { nil }
    /// None: the item's cell.
    public func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfiguration configuration: UIContextMenuConfiguration,
      dismissalPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? { nil }
    /// None.
    public func collectionView(
      _ collectionView: UICollectionView,
      previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }
    /// None.
    public func collectionView(
      _ collectionView: UICollectionView,
      previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }
    /// Anywhere.
    public func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    public func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
      atCurrentIndexPath currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {}
  }

  /// A collection view (fake: a `ListEngine` behind UIKit's API, one item per row of
  /// `Self.fakeItemHeight`). As on a device, `reloadData()` only marks the view: counts are
  /// read at the next layout, and a selection made before it is dropped. Every cell must come
  /// from `dequeueReusableCell(withReuseIdentifier:for:)`.
  @MainActor open class UICollectionView: UIScrollView, ListEngineHost {
    /// Where an item scrolls to.
    public struct ScrollPosition: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    /// The way a layout runs.
    public enum ScrollDirection: Int, Sendable {
      case vertical = 0
      case horizontal = 1
    }
    weak open var dataSource: (any UICollectionViewDataSource)?
    weak open var delegate: (any UICollectionViewDelegate)?
    weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
    weak open var dragDelegate: (any UICollectionViewDragDelegate)?
    open var isPrefetchingEnabled = true
    /// "Returns a Boolean value indicating whether the collection view contains drop
    /// placeholders or is reordering its items as part of handling a drop" (Apple,
    /// `hasUncommittedUpdates`; UIKit-iOS18.6.swift:7587): true only while a drop is over the
    /// list, not while the user holds an item by its reorder accessory (that cell's
    /// `configurationState.isReordering` says so).
    open var hasUncommittedUpdates: Bool { engine.hasActiveDrop && engine.reorder != nil }
    /// Whether a drag from the list is in progress (UIKit-iOS18.6.swift:7693).
    open var hasActiveDrag: Bool { engine.hasActiveDrag }
    /// Whether a drop is over the list (UIKit-iOS18.6.swift:7696).
    open var hasActiveDrop: Bool { engine.hasActiveDrop }
    open var collectionViewLayout: UICollectionViewLayout
    open var allowsMultipleSelection = false
    /// Whether the list is editing: list cells show their editing accessories.
    /// Whether a tap selects an item while the collection view edits: false by default, as
    /// UIKit's (UIKit-iOS18.6.swift:7702; Apple: "The default value of this property is
    /// false").
    open var allowsSelectionDuringEditing = false
    open var isEditing = false {
      didSet {
        // Editing ending takes the reorder accessory away: a held item goes back, no drop.
        if !isEditing { _ = engine.cancelReorder() }
        for cell in visibleCells { cell.setNeedsUpdateConfiguration() }
      }
    }
    open var backgroundView: UIView? {
      didSet {
        oldValue?.removeFromSuperview()
        if let backgroundView { addSubview(backgroundView) }
      }
    }
    /// Not UIKit: the height (the width, in a horizontal flow layout) of one item in the
    /// fake's one-line layout.
    public var fakeItemHeight: CGFloat = 44
    lazy var engine = ListEngine(host: self)
    /// How a self-sizing cell asks to be measured again (UIKit-iOS18.6.swift:7560).
    public typealias SelfSizingInvalidation = ListSelfSizingInvalidation
    /// Whether a self-sizing cell that invalidates its intrinsic size is measured again:
    /// `.enabled` by default (WWDC22, "What's new in UIKit").
    open var selfSizingInvalidation: UICollectionView.SelfSizingInvalidation = .enabled
    var resizesInvalidatedCells: Bool { selfSizingInvalidation != .disabled }
    /// Whether a reload waits for the next layout.
    var reloadPending = false
    /// The index titles read at the last reload (UIKit reads them then).
    var indexTitles: [String] = []
    /// Not UIKit: the estimated height of a section header or footer in the fake's list
    /// layout; a list cell showing a content configuration sizes itself instead.
    public var fakeSupplementaryHeight: CGFloat = 28
    /// Supplementary view classes by kind, then reuse identifier.
    var supplementaryClasses: [String: [String: UICollectionReusableView.Type]] = [:]
    /// Supplementary views off screen, by kind and reuse identifier.
    var supplementaryPool: [String: [UICollectionReusableView]] = [:]
    /// The supplementary views shown, by kind, then section.
    var supplementaryViews: [String: [Int: UICollectionReusableView]] = [:]
    /// The heights of supplementary views measured before they went off screen.
    var measuredSupplementaryHeights: [String: [Int: CGFloat]] = [:]
    /// The kind the collection view is asking its data source for, while it asks.
    var askedSupplementaryKind: String?
    /// Whether a supplementary view was dequeued since the data source was asked for one.
    var supplementaryDequeued = false

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
      collectionViewLayout = layout
      super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { nil }

    open var numberOfSections: Int {
      settleReload()
      return engine.loadedCounts().count
    }

    open func numberOfItems(inSection section: Int) -> Int {
      settleReload()
      let counts = engine.loadedCounts()
      return counts.indices.contains(section) ? counts[section] : 0
    }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
      engine.register(cellClass, identifier: identifier)
    }

    open func dequeueReusableCell(
      withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionViewCell {
      engine.dequeue(identifier: identifier, path: indexPath) {
        let cell = UICollectionViewCell(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
      }
    }

    open func reloadData() {
      engine.calls.append("reloadData (deferred to layout)")
      engine.refuseDuringLayout("reloadData")
      engine.refuseDuringReorder("reloadData")
      if engine.batchDepth > 0 { engine.raise("reloadData inside performBatchUpdates") }
      engine.interruptBatchAnimations()
      for path in engine.visible.keys.sorted() { engine.retire(at: path) }
      engine.dropPrepared()
      engine.selection.removeAll()
      engine.counts = nil
      reloadPending = true
      setNeedsLayout()
    }

    /// A pending reload happens when layout or a count needs it.
    func settleReload() {
      guard reloadPending else { return }
      reloadPending = false
      engine.counts = engine.readCounts()
      indexTitles = dataSource?.indexTitles(for: self) ?? []
      refreshSupplementaryViews()
    }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
      settleReload()
      engine.performBatchUpdates(updates, completion: completion)
    }

    /// Not UIKit: the animations of the batches performed end now, and their completions run,
    /// oldest first (else they run on a later main-actor turn, never inside the batch call).
    public func finishBatchAnimations() { engine.finishBatchAnimations() }

    open func insertSections(_ sections: IndexSet) {
      engine.record { $0.sectionInserts += sections }
    }
    open func deleteSections(_ sections: IndexSet) {
      engine.record { $0.sectionDeletes += sections }
    }
    open func reloadSections(_ sections: IndexSet) {
      engine.record { $0.sectionReloads += sections }
    }
    open func moveSection(_ section: Int, toSection newSection: Int) {
      engine.record { $0.sectionMoves.append(SectionMove(from: section, to: newSection)) }
    }
    open func insertItems(at indexPaths: [IndexPath]) {
      engine.record { $0.itemInserts += indexPaths.map(ItemPath.init) }
    }
    open func deleteItems(at indexPaths: [IndexPath]) {
      engine.record { $0.itemDeletes += indexPaths.map(ItemPath.init) }
    }
    open func reloadItems(at indexPaths: [IndexPath]) {
      engine.record { $0.itemReloads += indexPaths.map(ItemPath.init) }
    }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      engine.record {
        $0.itemMoves.append(ItemMove(from: ItemPath(indexPath), to: ItemPath(newIndexPath)))
      }
    }
    open func reconfigureItems(at indexPaths: [IndexPath]) {
      engine.record { $0.itemReconfigures += indexPaths.map(ItemPath.init) }
    }

    /// The cells on screen (in no order UIKit promises; here, by index path).
    open var visibleCells: [UICollectionViewCell] {
      engine.visible.sorted { $0.key < $1.key }.compactMap { $0.value as? UICollectionViewCell }
    }

    /// Where `cell` is shown (nil when it is not on screen).
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
      engine.visible.first { $0.value === cell }?.key.indexPath
    }

    /// The cell of the item, on screen or prepared: "In iOS 15 and later, the collection view
    /// retains a prepared cell" that it may show again, and returns it here (Apple).
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
      let path = ItemPath(indexPath)
      return (engine.visible[path] ?? engine.prepared[path]) as? UICollectionViewCell
    }

    /// Where the item is: items are `fakeItemHeight` tall, one after another across sections.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
      let counts = engine.loadedCounts()
      guard counts.indices.contains(indexPath.section), indexPath.item < counts[indexPath.section]
      else { return nil }
      // One line of items, section headers and footers (a list's) between them.
      let line = geometry(counts: counts, measured: engine.measured).frame(
        of: ItemPath(indexPath), width: isHorizontal ? bounds.height : bounds.width)
      let attributes = UICollectionViewLayoutAttributes()
      attributes.frame =
        isHorizontal
        ? CGRect(x: line.minY, y: 0, width: line.height, height: bounds.height) : line
      return attributes
    }

    /// Where the section header or footer of `indexPath.section` is (nil: the layout shows
    /// none of that kind).
    open func layoutAttributesForSupplementaryElement(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
      let counts = engine.loadedCounts()
      let header = elementKind == Self.elementKindSectionHeader
      guard counts.indices.contains(indexPath.section),
        supplementaryKinds(inSection: indexPath.section).contains(elementKind),
        header || elementKind == Self.elementKindSectionFooter
      else { return nil }
      let geometry = geometry(counts: counts, measured: engine.measured)
      let top = geometry.sectionTops[indexPath.section]
      let bottom =
        indexPath.section + 1 < counts.count
        ? geometry.sectionTops[indexPath.section + 1] : geometry.contentHeight
      let attributes = UICollectionViewLayoutAttributes()
      let height = supplementaryHeight(elementKind, inSection: indexPath.section)
      attributes.frame = CGRect(
        x: 0, y: header ? top : bottom - height, width: bounds.width, height: height)
      return attributes
    }

    open var indexPathsForVisibleItems: [IndexPath] {
      engine.refuseDuringLayout("reading indexPathsForVisibleItems")
      return engine.visible.keys.sorted().map(\.indexPath)
    }

    open var indexPathsForSelectedItems: [IndexPath]? {
      engine.selection.sorted().map(\.indexPath)
    }

    open func selectItem(
      at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition
    ) {
      guard !reloadPending else {
        // As on a device: before the reload has been laid out, the selection does not stick.
        engine.calls.append("selectItem dropped: reload pending")
        return
      }
      if !allowsMultipleSelection { engine.selection.removeAll() }
      engine.select(indexPath.map(ItemPath.init))
      syncCellSelection()
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
      engine.selection.remove(ItemPath(indexPath))
      syncCellSelection()
    }

    /// Leaving the window ends a reorder without a drop (the gesture is cancelled).
    open override func didMoveToWindow() {
      super.didMoveToWindow()
      if window == nil { _ = engine.cancelReorder() }
    }

    open override func layoutSubviews() {
      settleReload()
      engine.layOut()
      showSupplementaryViewsOnScreen()
      syncCellSelection()
      engine.updateCellConfigurations()
    }

    /// Shows the selection in the cells on screen (a cell's state changes at once, as UIKit's).
    func syncCellSelection() {
      for (path, cell) in engine.visible {
        (cell as? UICollectionViewCell)?.isSelected = engine.selection.contains(path)
      }
    }

    // MARK: ListEngineHost

    func askSectionCount() -> Int { dataSource.map { $0.numberOfSections(in: self) } ?? 0 }
    func askRowCount(inSection section: Int) -> Int {
      dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }
    func askCell(at path: IndexPath) -> UIView? {
      Self.providerDepth += 1
      defer { Self.providerDepth -= 1 }
      guard let cell = dataSource?.collectionView(self, cellForItemAt: path) else { return nil }
      if cell.reuseIdentifier == nil || !engine.dequeuedSinceAsk {
        engine.raise(
          "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a "
            + "reuseIdentifier - cells must be retrieved by calling "
            + "-dequeueReusableCellWithReuseIdentifier:forIndexPath:")
      }
      return cell
    }
    func makeCell(of cellClass: AnyClass, identifier: String) -> UIView? {
      guard let cell = (cellClass as? UICollectionViewCell.Type)?.init(frame: .zero) else {
        return nil
      }
      cell.reuseIdentifier = identifier
      return cell
    }
    func tellWillDisplay(_ cell: UIView, at path: IndexPath) {
      guard let cell = cell as? UICollectionViewCell else { return }
      delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
    }
    func tellDidEndDisplaying(_ cell: UIView, at path: IndexPath) {
      guard let cell = cell as? UICollectionViewCell else { return }
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
    }
    func engineDidCommit(_ batch: BatchUpdate, sectionMap: [Int]) {
      carrySupplementaryViews(through: batch, sectionMap: sectionMap)
    }
    func setNeedsLayoutForEngine() { setNeedsLayout() }
    func updateContentSize(_ length: CGFloat) {
      contentSize =
        isHorizontal
        ? CGSize(width: length, height: bounds.height) : CGSize(width: bounds.width, height: length)
    }
    var prefetcher: ((_ paths: [IndexPath], _ cancel: Bool) -> Void)? {
      guard isPrefetchingEnabled, let prefetchDataSource else { return nil }
      return { [unowned self] paths, cancel in
        if cancel {
          prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: paths)
        } else {
          prefetchDataSource.collectionView(self, prefetchItemsAt: paths)
        }
      }
    }
    override func tellDidScroll() { delegate?.scrollViewDidScroll(self) }
    override func refuseDuringLayout(_ what: String) { engine.refuseDuringLayout(what) }
    var viewport: (offset: CGFloat, height: CGFloat) {
      isHorizontal ? (contentOffset.x, bounds.width) : (contentOffset.y, bounds.height)
    }
    /// Whether a flow layout runs the items horizontally.
    var isHorizontal: Bool {
      (collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection == .horizontal
    }
    func geometry(counts: [Int], measured: [ItemPath: CGFloat]) -> ListGeometry {
      let height = fakeItemHeight > 0 ? fakeItemHeight : 44
      return ListGeometry(
        counts: counts,
        header: { self.supplementaryHeight(Self.elementKindSectionHeader, inSection: $0) },
        footer: { self.supplementaryHeight(Self.elementKindSectionFooter, inSection: $0) },
        row: { measured[$0] ?? height })
    }
    /// A list layout sizes a row that shows a content configuration to fit it (an estimate of
    /// `fakeItemHeight` until it shows); other layouts' items are `fakeItemHeight`.
    func selfSizedHeight(of cell: UIView, at path: IndexPath) -> CGFloat? {
      guard collectionViewLayout is UICollectionViewCompositionalLayout,
        let cell = cell as? UICollectionViewCell, cell.contentConfiguration != nil
      else { return nil }
      let size = cell.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0)).height
      return size > 0 ? size : nil
    }
  }

  // MARK: Not UIKit: what a test reads and the gestures a user makes.

  extension UICollectionView {
    /// What the collection view was asked to do, oldest first.
    public var calls: [String] { engine.calls }

    /// The Objective-C exceptions UIKit would have raised (each one a crash on a device).
    public var exceptions: [String] { engine.exceptions }

    /// The user taps the item at `indexPath`: it is selected and the delegate is told, unless
    /// the delegate says it does not highlight (then the touch selects nothing). While the
    /// collection view edits, a tap selects nothing unless `allowsSelectionDuringEditing`.
    public func simulateTap(at indexPath: IndexPath) {
      guard !isEditing || allowsSelectionDuringEditing else {
        engine.calls.append("tap \(ItemPath(indexPath)) selects nothing: editing")
        return
      }
      guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else {
        engine.calls.append("tap \(ItemPath(indexPath)) not highlighted")
        return
      }
      if !allowsMultipleSelection { engine.selection.removeAll() }
      engine.select(ItemPath(indexPath))
      syncCellSelection()
      delegate?.collectionView(self, didSelectItemAt: indexPath)
    }
  }
#endif
