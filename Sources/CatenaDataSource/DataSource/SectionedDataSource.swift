public import CatenaDiff
public import Observation

/// A typed, sectioned data source configured by a chain, the way the original
/// `LXDTableViewProtocolHelper` was, and driven by snapshots or by count closures.
///
/// ```swift
/// // The table keeps the data source; a property of the screen reaches it later.
/// dataSource = SectionedDataSource<String, Article>()
///   .bind(table)
///   .configureCell(ArticleCell.self) { cell, path, article in
///     cell.title = article.title
///   }
///   .didSelect { path, article in router.open(article) }
/// try dataSource.apply(snapshot)  // diffs and animates; later snapshots animate their changes
/// ```
///
/// The table keeps the data source bound to it for as long as it lives, or until another is
/// bound to it or this one is invalidated; the data source holds the table weakly.
///
/// Feed it either way:
/// - **Snapshots.** ``apply(_:animated:)`` diffs the new snapshot against the shown one with
///   CatenaDiff and performs one batch update per stage, committing the model inside each
///   batch; content changes become reconfigures. ``applyDiffingInBackground(_:animated:)``
///   computes the diff off the main actor, and the latest call wins.
/// - **Count closures**, as in the original article: ``sectionsNumber(_:)``,
///   ``rowsNumber(_:)`` and ``item(_:)``. Batch updates made with ``performUpdates(_:commit:)`` are
///   still validated, because this is how the classic "invalid number of rows" crash happens.
///
/// Closures receive what they need as parameters, so they need not capture their owner. The
/// data source holds its table weakly; after ``invalidate()`` (or once it is gone) no closure
/// is called again.
@MainActor
public final class SectionedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  Observable
{
  /// The sections as the diff sees them.
  @usableFromInline typealias Sections = [DiffSection<SnapshotSection<SectionID>, Item>]
  /// The snapshots this data source shows.
  @usableFromInline typealias Content = Snapshot<SectionID, Item>
  /// How to diff two snapshots (specialised where the concrete types are known).
  @usableFromInline typealias Differ = (Content, Content) throws(DiffError) -> StagedChangeset<
    Sections
  >
  /// A ``Differ`` that may run off the main actor.
  @usableFromInline typealias SendableDiffer =
    @Sendable (Content, Content) throws(DiffError) -> StagedChangeset<Sections>

  /// The table operations the data source needs, captured weakly from the bound table.
  struct Binding {
    let dequeue: (String, ItemPath) throws -> Any
    let register: (AnyClass, String) -> Void
    let dequeueView: (String, SectionViewKind, Int) throws -> Any
    let registerView: (AnyClass, String) -> Void
    let reloadData: () -> Void
    let perform: (BatchUpdate, [Int]?, () -> Void) throws(DataSourceError) -> [BatchUpdateWarning]
    let isInWindow: () -> Bool
    let selected: () -> [ItemPath]
    let visible: () -> [ItemPath]
    let select: (ItemPath) -> Void
    let deselect: (ItemPath) -> Void
    let cell: (ItemPath) -> Any?
    let disconnect: () -> Void
    /// Connects the data source to the table again, so that the table reads what it answers
    /// anew (UIKit reads it once, when its delegate is set).
    let reconnect: () -> Void
    let withoutAnimation: (() -> Void) -> Void
    let anchors: () -> [TableAnchor]
    let restore: (TableAnchor) -> Void
    /// How much of each row on screen shows (after laying out a pending reload when true).
    let fractions: (Bool) -> [ItemPath: Double]
    /// Scrolls a row to a position; false when the table is not laid out at a size yet.
    let scrollToRow: (ItemPath, RowPosition, Bool) -> Bool
    /// Shows a row's place in an outline on its cell.
    let showOutline: (RowOutline, Any) -> Void
    /// Shows the empty-state text when the table has no row (or hides it).
    let showEmptyState: () -> Void
    /// Whether the table still holds a row the user lifted, or finishes a drop (after laying
    /// out a dropped row when true).
    let isHoldingRows: (Bool) -> Bool
  }

  /// One kind of cell: its class, identifier, which items it shows, how to configure it.
  struct CellKind {
    let identifier: String
    let cellClass: AnyClass
    let accepts: ((Item) -> Bool)?
    var configure: ((Any, ItemPath, Item?) -> Void)?
    /// What the cell does (its closures): set after `configure` and after every update.
    var behaviors: ((Any, ItemPath, Item?) -> Void)? = nil
  }

  /// A kind of header or footer view: its class, identifier, height, which sections have it,
  /// how to configure it.
  struct SectionViewSpec {
    let identifier: String
    let viewClass: AnyClass
    let height: Double?
    let shows: ((Int, SectionID?) -> Bool)?
    let configure: (Any, Int, SectionID?) -> Void
  }

  var binding: Binding?
  /// The table the data source is bound to (what `bind` was given), for affordances that act
  /// on what one table shows (paging controls).
  @usableFromInline package internal(set) weak var driver: AnyObject?
  /// The header and footer views, by kind.
  var sectionViews: [SectionViewKind: SectionViewSpec] = [:]
  /// The kinds given with a `when`, in the order given: the first that accepts an item shows it.
  var cellKinds: [CellKind] = []
  /// The kind given without a `when`: it shows every other item.
  var defaultKind: CellKind?
  var isInvalidated = false

  // Snapshot mode.
  /// The snapshot last applied, once one has been. Observable: a SwiftUI view (or
  /// `withObservationTracking`) that reads it updates after every apply (and only then:
  /// selection, scrolling and the table's questions leave it alone).
  public internal(set) var snapshot: Snapshot<SectionID, Item>? {
    get {
      observers.access(self, keyPath: snapshotKey)
      return shownSnapshot
    }
    set {
      observers.withMutation(of: self, keyPath: snapshotKey) { shownSnapshot = newValue }
    }
  }
  /// ``snapshot`` without observation: what the data source's own answers (one per row, from
  /// UIKit or the headless layout) and its bindings read, which must cost no more than an
  /// array lookup.
  @usableFromInline package private(set) var shownSnapshot: Snapshot<SectionID, Item>?
  private let observers = ObservationRegistrar()
  /// The key path of ``snapshot``, made once: a key path into a generic class is built at run
  /// time, each time its literal is evaluated.
  private let snapshotKey = \SectionedDataSource<SectionID, Item>.snapshot
  /// What the table shows right now (an intermediate stage during an animated apply).
  var displayed: Sections = []
  /// Incremented by every apply call; an async apply that finds it changed is stale.
  var generation = 0
  /// Incremented whenever the shown snapshot changes.
  @usableFromInline package internal(set) var version = 0
  /// Awaited (with the call's generation) after a background diff finishes, before the call
  /// checks whether it is stale; tests use it to order overlapping applies.
  var backgroundDiffFinished: ((Int) async -> Void)?

  // Re-entrance.
  /// Whether an apply, reload or batch update is being performed on the table right now.
  var isPerforming = false
  /// What a closure asked for while one was performed; it runs right after (the latest wins).
  var pendingWork: PendingWork?
  /// Items the next apply finds under new ids (old id → new): their rows stay and update.
  var renames: [Item.ID: Item.ID] = [:]
  /// How deep the table is in a row callback of its layout pass (a row coming on screen, a
  /// prefetch), where UIKit allows no update of the table.
  var layoutCallbackDepth = 0
  /// Whether kept work waits for the next main-actor turn.
  var isPendingWorkScheduled = false
  /// Whether the table asked where a held row may go since the reorder was last seen over:
  /// with what the table says (``TableDriving/isHoldingRows(settling:)``), what makes applies
  /// and reloads wait for the drop.
  var isReordering = false
  /// The clock the re-checks of a live reorder run on (tests give a manual clock).
  package var reorderClock: any Clock<Duration> = ContinuousClock()
  /// The timer looking, while work waits for a reorder, whether the table still holds a row.
  package internal(set) var reorderRecheck: Task<Void, Never>?
  /// How many times that timer looked (what a test counts).
  package internal(set) var reorderRecheckCount = 0

  // Count mode.
  var sectionsCount: (() -> Int)?
  var rowsCount: ((Int) -> Int)?
  var itemAt: ((ItemPath) -> Item?)?

  // Presentation and events.
  var headerText: ((Int, SectionID?) -> String?)?
  var indexTitle: ((Int, SectionID?) -> String?)?
  var footerText: ((Int, SectionID?) -> String?)?
  var rowHeight: ((ItemPath, Item?) -> Double)?
  var selectHandler: ((ItemPath, Item?) -> Void)?
  var deselectHandler: ((ItemPath, Item?) -> Void)?
  var canEdit: ((ItemPath, Item?) -> Bool)?
  var deleteHandler: ((ItemPath, Item) -> Void)?
  var countDeleteHandler: ((ItemPath) -> Void)?
  var moveHandler: ((ItemPath, ItemPath, Item?) -> Void)?
  var emptyText: (() -> String?)?
  /// The titles the sections had when last shown, by id: a title that changes refreshes its
  /// section's header and footer.
  var shownTitles: [SectionID: SectionTitles] = [:]
  var displayHandler: ((ItemPath, Item?) -> Void)?
  var swipeActionBuilders: [SwipeEdge: (ItemPath, Item) -> [SwipeAction]] = [:]
  var contextMenuBuilder: ((ItemPath, Item) -> ContextMenu?)?
  var prefetchHandler: (([ItemPath], [Item]) -> Void)?
  var cancelPrefetchHandler: (([ItemPath], [Item]) -> Void)?
  /// What each bound section's binding (a pager's, an outline's) says of its rows, by section.
  @usableFromInline package var sectionRoles: [SectionID: SectionRoles<Item>] = [:]
  /// Tells an assistive technology a text (set with the status cells of a bound pager, which
  /// announce a retry that succeeded).
  @usableFromInline package var announce: ((String) -> Void)?
  /// What changes a cell after the chain configured it (a row's loading spinner), by owner.
  package var cellDecorators: [ObjectIdentifier: (Any, Item?) -> Void] = [:]
  /// The cell configured last (``cell(forRowAt:)``), which `willDisplay` need not refresh.
  var lastConfiguredCell: ObjectIdentifier?
  /// Whether the list layout made from the chain pins its section headers (plain, with
  /// headers), set by CatenaUIKit's `listLayout`.
  package var pinsSectionHeaders = false
  /// Turns what shows into impressions (``impressions(after:visibleFraction:clock:_:)``).
  var impressionTracker: ImpressionTracker<Item.ID>?
  /// App code a layout callback asked for, run in order on the next main-actor turn
  /// (``afterLayout(_:)``).
  var afterLayoutWork: [() -> Void] = []
  /// The turn that runs ``afterLayoutWork``.
  var afterLayoutTask: Task<Void, Never>?
  /// Whether a look at what shows (impressions) waits in ``afterLayoutWork``.
  var isImpressionLookQueued = false
  /// A scroll to an item asked for before the table could make it (``scroll(to:at:animated:)``).
  var pendingScroll: (id: Item.ID, position: RowPosition, animated: Bool)?
  /// The turn that makes the pending scroll, when it was asked for during a layout.
  var pendingScrollTask: Task<Void, Never>?

  /// Creates an unbound data source; bind it to a table with `bind(_:)` (CatenaHeadless,
  /// CatenaUIKit) and give its cells with ``configureCell(_:reuseIdentifier:when:_:behaviors:)``.
  public init() {}

  /// What the bound table asks (counts, cells, titles, edits, selection): the data source's
  /// answers, kept apart from the chain, so that the data source shows an app only the chain.
  /// The items themselves are the ``snapshot``'s (`snapshot?.item(at:)`).
  package var answers: some TableContentProviding { answerObject }
  private lazy var answerObject = Answers(self)

  /// Whether ``invalidate()`` was called.
  public var isValid: Bool { !isInvalidated }

  /// Disconnects from the table and drops every closure: nothing is called afterwards.
  public func invalidate() {
    isInvalidated = true
    binding?.disconnect()
    binding = nil
    cellKinds = []
    sectionViews = [:]
    defaultKind = nil
    sectionsCount = nil
    rowsCount = nil
    itemAt = nil
    headerText = nil
    indexTitle = nil
    footerText = nil
    rowHeight = nil
    selectHandler = nil
    deselectHandler = nil
    canEdit = nil
    deleteHandler = nil
    countDeleteHandler = nil
    moveHandler = nil
    emptyText = nil
    displayHandler = nil
    swipeActionBuilders = [:]
    contextMenuBuilder = nil
    sectionRoles = [:]
    prefetchHandler = nil
    cancelPrefetchHandler = nil
    impressionTracker?.stop()
    impressionTracker = nil
    afterLayoutTask?.cancel()
    afterLayoutTask = nil
    afterLayoutWork = []
    pendingScroll = nil
    pendingScrollTask?.cancel()
    pendingScrollTask = nil
    announce = nil
    cellDecorators = [:]
    stopReorderRecheck()
  }

  /// Whether the data source shows a snapshot (rather than answering from count closures).
  var usesSnapshot: Bool { shownSnapshot != nil }

  /// The item at `path` in what the table shows, if known.
  @usableFromInline package func item(at path: ItemPath) -> Item? {
    guard !isInvalidated else { return nil }
    if usesSnapshot {
      guard displayed.indices.contains(path.section),
        displayed[path.section].items.indices.contains(path.item)
      else { return nil }
      return displayed[path.section].items[path.item]
    }
    return itemAt?(path)
  }

  /// The id of the section at `index` in what the table shows (snapshot mode).
  @usableFromInline package func sectionID(at index: Int) -> SectionID? {
    displayed.indices.contains(index) ? displayed[index].model.id : nil
  }
}

/// A section's header and footer text, as the chain gave them.
struct SectionTitles: Equatable {
  var header: String?
  var footer: String?
}
