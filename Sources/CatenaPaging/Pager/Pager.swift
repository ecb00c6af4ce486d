import CatenaRequest
import Foundation
public import Observation

/// A list loaded page by page: refresh, next page, has-more, and the rules that keep them
/// consistent however answers, failures and the user's gestures interleave. One way (the
/// feed of the original articles) or both ways (chats, timelines), with a window of pages in
/// memory, a load state per direction, retry, re-keying by a query, and edits of loaded items
/// that roll back when their request fails.
///
/// The one-way list of the articles, in a statement to make it and a line to bind it:
///
/// ```swift
/// let format = PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
/// let houses = Pager(source: .request(format) { page, size in
///   Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
/// } transform: { json in House(json: json) })
/// houses.bind(dataSource, section: "houses")    // pages animate in as the user scrolls
/// houses.refresh()                                  // pull to refresh
/// ```
///
/// Both ways, with a window:
///
/// ```swift
/// let messages = Pager(
///   PagerConfiguration(pageSize: 30, maxLoadedPages: 6),
///   source: .cursor { cursor, size in try await api.messages(cursor, size) })
/// messages.refresh()                                  // the newest page
/// messages.loadPrevious()                             // older messages, above
/// messages.edit(.update(edited)) { try await api.save(edited) }   // shown now, undone on failure
/// ```
///
/// The rules:
/// - ``refresh(at:)`` loads a page (the first, or the one at a key: "jump to a date") and,
///   when it arrives, replaces the window in one change; until then the old items stay. It
///   cancels every running load.
/// - At most one load per direction; prepend and append may run together, not during a refresh.
/// - A failed load keeps everything shown and sets its direction to
///   ``LoadState/failed(_:)``; ``retry()`` runs exactly the failed loads again, and nothing else
///   retries by itself.
/// - With `PagerConfiguration(maxLoadedPages:)`, loading past the limit drops the pages at the
///   far end (and cancels a load running there); coming back loads them again from the keys
///   they were loaded from.
/// - An item whose id is already loaded is handled by `PagerConfiguration(duplicates:)`.
/// - An answer that arrives after its load was cancelled or replaced is dropped.
/// - A bound table loads past an end by itself as rows near it come on screen, except after
///   ``cancel()`` or after a page that added no new item (a server repeating itself): then only
///   a row that comes on screen by scrolling, or the app's code, loads there again.
///
/// Observable: a view that reads ``items``, ``loadStates`` or the placeholders updates when
/// they change; ``items`` changes before ``loadStates`` reports the load that changed it.
@MainActor
public final class Pager<Item: Identifiable & Sendable> where Item.ID: Sendable {
  /// How the pager loads.
  @usableFromInline package let configuration: PagerConfiguration
  /// Where pages come from; ``refresh(from:debounce:)`` changes it.
  package internal(set) var source: PageSource<Item> {
    get { observed(observation.paths.source) { $0.source } }
    set { change(observation.paths.source) { $0.source = newValue } }
  }

  /// The loaded items, in order, with the edits in flight shown.
  public internal(set) var items: [Item] {
    get { observed(observation.paths.items) { $0.items } }
    set { change(observation.paths.items) { $0.items = newValue } }
  }
  /// Where each direction stands.
  public internal(set) var loadStates: LoadStates {
    get { observed(observation.paths.loadStates) { $0.loadStates } }
    set { change(observation.paths.loadStates) { $0.loadStates = newValue } }
  }
  /// How many items of the list come before the window, when placeholders are on and the
  /// position is known (0 otherwise).
  public internal(set) var placeholdersBefore: Int {
    get { observed(observation.paths.placeholdersBefore) { $0.placeholdersBefore } }
    set { change(observation.paths.placeholdersBefore) { $0.placeholdersBefore = newValue } }
  }
  /// How many items of the list come after the window, when placeholders are on and the server
  /// gave a total (0 otherwise).
  public internal(set) var placeholdersAfter: Int {
    get { observed(observation.paths.placeholdersAfter) { $0.placeholdersAfter } }
    set { change(observation.paths.placeholdersAfter) { $0.placeholdersAfter = newValue } }
  }
  /// How many pages are in memory.
  public internal(set) var loadedPageCount: Int {
    get { observed(observation.paths.loadedPageCount) { $0.loadedPageCount } }
    set { change(observation.paths.loadedPageCount) { $0.loadedPageCount = newValue } }
  }
  /// How many edits wait for their request.
  public internal(set) var pendingEditCount: Int {
    get { observed(observation.paths.pendingEditCount) { $0.pendingEditCount } }
    set { change(observation.paths.pendingEditCount) { $0.pendingEditCount = newValue } }
  }
  /// How many items the last load left out because their id was already loaded (an app reads
  /// each load's in ``log``).
  package internal(set) var lastDroppedDuplicates: Int {
    get { observed(observation.paths.lastDroppedDuplicates) { $0.lastDroppedDuplicates } }
    set { change(observation.paths.lastDroppedDuplicates) { $0.lastDroppedDuplicates = newValue } }
  }
  /// How many entries of the pages in memory their source could not read and left out
  /// (``Page/unreadable``: the original transform block's failures).
  public internal(set) var unreadableCount: Int {
    get { observed(observation.paths.unreadableCount) { $0.unreadableCount } }
    set { change(observation.paths.unreadableCount) { $0.unreadableCount = newValue } }
  }

  /// Whether the list is known to hold nothing: loaded, no item, no page either way, and no
  /// refresh running or failed. False before the first load ends.
  ///
  /// ```swift
  /// .overlay {
  ///   if houses.isEmpty { ContentUnavailableView("No houses yet", systemImage: "house") }
  /// }
  /// ```
  public var isEmpty: Bool {
    items.isEmpty && loadedPageCount > 0 && loadStates.refresh == .idle
      && loadStates.prepend == .end && loadStates.append == .end
  }

  /// The observed properties' values.
  @usableFromInline var stored: PagerState<Item>
  /// How views observe the pager.
  @usableFromInline let observation = PagerObservation<Item>()

  /// Where each load and each applied change is written, when set: one switch for a debug
  /// log, free when nil.
  ///
  /// ```swift
  /// messages.log = .print
  /// // append started · cursor "c3" · cause prefetch
  /// // append ended · cursor "c3" · 30 items, 0 duplicates, 1 page dropped · 4.1 ms
  /// ```
  public var log: PagerLog?

  var pages: [LoadedPage<Item>] = []
  /// What the pages dropped before the window were loaded from; the nearest last.
  var droppedBefore: [PageRequest] = []
  /// What the pages dropped after the window were loaded from; the nearest last.
  var droppedAfter: [PageRequest] = []
  var running: [LoadDirection: RunningLoad] = [:]
  var generation = 0
  /// What the last refresh asked for, to retry it.
  var refreshRequest: PageRequest?
  /// Pages the first load still has to add (a source that counts pages, a larger first load).
  var initialPagesLeft = 0
  var edits: [PendingEdit<Item>] = []
  /// Items whose id the server changed (a temporary id → its own) since the binding last
  /// showed the items: it updates their rows in place.
  @usableFromInline package var renamed: [Item.ID: Item.ID] = [:]
  /// The pager's binding to a section of a data source, if any (a `PagerBinding<Item>`;
  /// typed `AnyObject` because only equatable items bind).
  @usableFromInline var boundSection: AnyObject?
  /// Hears each change of the pager for its binding; a new binding's replaces it.
  @usableFromInline package var bindingListener: ((PagerChange) -> Void)?
  /// The tables whose bound sections leave status rows out whatever their ``PagerRows``
  /// say, each while the paging controls that show the statuses there instead live.
  @usableFromInline package var statusRowsHidden: [HiddenStatusRows] = [] {
    didSet { (boundSection as? any RowsRefreshing)?.refresh() }
  }

  /// Whether the status rows of a section shown on `table` are left out.
  @usableFromInline func hidesStatusRows(on table: AnyObject?) -> Bool {
    statusRowsHidden.contains { $0.owner != nil && $0.table != nil && $0.table === table }
  }
  var editNumber = 0
  let tasks = TaskBag()
  /// The loop following ``reachability``.
  var reachabilityLoop: Task<Void, Never>?
  /// What tells the pager that the app returns to the foreground, while it has a stale time.
  var foreground: ForegroundObserver?
  /// Whether the list is shown (``appeared()`` until ``disappeared()``).
  var isShown = false
  /// When the pages last loaded from the first (a refresh or a refetch that landed).
  var landed: ContinuousClock.Instant?
  /// The time now (a test moves it by hand).
  package var now: () -> ContinuousClock.Instant = { .now }
  /// Kept pages not shown, by the load (generation) that brought them: older than the pages
  /// shown, they wait for the server's answer; a load that ends without one (the server
  /// confirmed them) shows them then.
  var heldBack: [Int: Page<Item>] = [:]
  /// The ends to load past on the next main-actor turn, each with what asked first.
  var scheduledLoads: [LoadDirection: LoadCause] = [:]
  /// The ends a table asked to load past while a load whose page had landed waited for its
  /// source's last answer: loaded when that load ends.
  var afterLastAnswer: [LoadDirection: LoadCause] = [:]
  /// The ends a bound table does not load past by itself until a row comes on screen by
  /// scrolling or code asks: after ``cancel()``, or after a page that added no new item.
  package internal(set) var held: Set<LoadDirection> = []
  /// Whether the pages in memory came from ``source`` (false from a change of source until its
  /// first page lands): pages of another source are never continued.
  var pagesFromSource = true
  /// A change of source waiting for its debounce.
  var pendingSource: Task<Void, Never>?
  /// How a debounce waits (a test waits on a gate instead of a clock).
  package var debounceSleep: @Sendable (Duration) async throws -> Void = {
    try await Task.sleep(for: $0)
  }
  /// Who awaits which load (by generation): ``PagerLoad/ended()``.
  var waiters: [Int: [CheckedContinuation<Void, Never>]] = [:]
  /// Synchronous observers (the data-source binding): items changed, then states changed.
  @usableFromInline package var listeners: [(PagerChange) -> Void] = []

  /// A pager loading pages of `source` as `configuration` says.
  ///
  /// ```swift
  /// let houses = Pager(source: houseSource)                              // pages of 20
  /// let feed = Pager(PagerConfiguration(pageSize: 50), source: feedSource.firstPage(0))
  /// ```
  public init(_ configuration: PagerConfiguration = PagerConfiguration(), source: PageSource<Item>)
  {
    self.configuration = configuration
    self.stored = PagerState(source: source)
    if configuration.refetchAfter != nil {
      foreground = ForegroundObserver { [weak self] in self?.refetchIfStale() }
    }
    followReachability()
  }

  deinit {
    tasks.cancelAll()
    pendingSource?.cancel()
    reachabilityLoop?.cancel()
  }

  // MARK: Loading

  /// Loads the first page, or the page at `key`, and replaces the window with it when it
  /// arrives (the old items stay until then). Cancels every running load.
  ///
  /// ```swift
  /// .refreshable { await messages.refresh().ended() }
  /// ```
  ///
  /// - Returns: the load (``PagerLoad/ended()`` waits for it).
  @discardableResult
  public func refresh(at key: PageKey? = nil) -> PagerLoad {
    let load = startRefresh(at: key)
    return handle { await $0.awaiting(load, .refresh) }
  }

  /// Starts the refresh of ``refresh(at:)``.
  func startRefresh(at key: PageKey? = nil) -> Task<Void, Never> {
    held = []
    afterLastAnswer = [:]
    cancelRunning()
    updateStates(notifying: false)
    let request = PageRequest(key: key ?? firstKey, size: firstSize)
    refreshRequest = request
    initialPagesLeft =
      source.keying == .index ? (configuration.initialLoadSize - 1) / configuration.pageSize : 0
    return start(.refresh, request, cause: .refresh)
  }

  /// Loads the pages after the window (the next page, or one dropped before). Also runs a
  /// failed append again, as a tap on "Retry" would.
  ///
  /// When pages after the window are loading already, or a refresh is, it starts nothing and
  /// the load it returns is that one; so a loop that scrolls to the end neither spins on a
  /// running load nor asks for a page twice.
  ///
  /// - Returns: the load started or joined (``PagerLoad/ended()`` returns at once when none
  ///   could start: nothing is loaded yet, or the list ends here).
  @discardableResult
  public func loadNext() -> PagerLoad { joining(.append) }

  /// Loads the pages before the window (older messages, earlier days). Also runs a failed
  /// prepend again; joins a running prepend or refresh as ``loadNext()`` does.
  ///
  /// - Returns: the load started or joined.
  @discardableResult
  public func loadPrevious() -> PagerLoad { joining(.prepend) }

  /// Runs every failed load again: a failed refresh (which replaces everything), else a failed
  /// prepend and a failed append. Nothing else starts.
  ///
  /// ```swift
  /// Button("Retry") { messages.retry() }
  /// ```
  ///
  /// - Returns: the loads started (``PagerLoad/ended()`` waits for them all).
  @discardableResult
  public func retry() -> PagerLoad {
    let started: [(LoadDirection, Task<Void, Never>)]
    if loadStates.refresh.error != nil, let refreshRequest {
      held = []
      cancelRunning()
      updateStates(notifying: false)
      started = [(.refresh, start(.refresh, refreshRequest, cause: .retry))]
    } else {
      started = [LoadDirection.prepend, .append].compactMap { direction in
        guard loadStates[direction].error != nil else { return nil }
        return load(direction, cause: .retry).map { (direction, $0) }
      }
    }
    return handle(started: !started.isEmpty) { pager in
      for (direction, load) in started { await pager.awaiting(load, direction) }
    }
  }

  /// Cancels every running load (and a change of source waiting for its debounce): their
  /// answers are dropped, and their directions go back to where they were. A bound table then
  /// loads nothing by itself until a row comes on screen by scrolling or code asks.
  public func cancel() {
    afterLastAnswer = [:]
    pendingSource?.cancel()
    pendingSource = nil
    held = [.prepend, .append]
    cancelRunning()
    updateStates()
  }

  /// Starts a load in `direction` unless one runs there, a refresh runs, nothing is loaded
  /// (from the current source), the list ends that way, or (for a scroll or a prefetch) the
  /// last load there failed or the end is held. A row that came on screen by scrolling
  /// (`byUser`) and the app's code lift a hold; a prefetch and the check after a change do not.
  @discardableResult @usableFromInline
  package func load(_ direction: LoadDirection, cause: LoadCause, byUser: Bool = true) -> Task<
    Void, Never
  >? {
    guard direction != .refresh, running[.refresh] == nil, running[direction] == nil,
      !pages.isEmpty, pagesFromSource
    else { return nil }
    let automatic = cause == .scroll || cause == .prefetch
    if automatic, loadStates[direction].error != nil { return nil }
    if !automatic || (cause == .scroll && byUser) {
      held.remove(direction)
    } else if held.contains(direction) {
      return nil
    }
    guard let request = nextRequest(direction) else {
      setState(direction, .end)
      return nil
    }
    return start(direction, request, cause: cause)
  }
}

/// What a pager's synchronous observers hear.
@usableFromInline
package enum PagerChange: Sendable {
  /// ``Pager/items`` changed.
  case items
  /// ``Pager/loadStates`` changed (after the items it reports on).
  case states
}

/// The running loads of a pager, cancelled when it goes away.
final class TaskBag: @unchecked Sendable {
  // NB: `lock` guards `tasks`.
  private let lock = NSLock()
  private var tasks: [Int: Task<Void, Never>] = [:]

  func insert(_ task: Task<Void, Never>, for generation: Int) {
    lock.withLock { tasks[generation] = task }
  }

  func remove(_ generation: Int) {
    _ = lock.withLock { tasks.removeValue(forKey: generation) }
  }

  func cancelAll() {
    for task in lock.withLock({ Array(tasks.values) }) { task.cancel() }
  }
}

extension Pager: Observable {
  /// Reads an observed property (`key` is its key path), telling the registrar.
  @inlinable
  func observed<Value>(_ key: KeyPath<Pager, Value>, _ read: (PagerState<Item>) -> Value) -> Value {
    observation.registrar.access(self, keyPath: key)
    return read(stored)
  }

  /// Changes an observed property (`key` is its key path), telling the registrar.
  @inlinable
  func change<Value>(_ key: KeyPath<Pager, Value>, _ write: (inout PagerState<Item>) -> Void) {
    observation.registrar.withMutation(of: self, keyPath: key) { write(&stored) }
  }
}

/// The values of a ``Pager``'s observed properties.
@usableFromInline
struct PagerState<Item: Identifiable & Sendable> where Item.ID: Sendable {
  @usableFromInline var source: PageSource<Item>
  @usableFromInline var items: [Item] = []
  @usableFromInline var loadStates = LoadStates()
  @usableFromInline var placeholdersBefore = 0
  @usableFromInline var placeholdersAfter = 0
  @usableFromInline var loadedPageCount = 0
  @usableFromInline var pendingEditCount = 0
  @usableFromInline var lastDroppedDuplicates = 0
  @usableFromInline var unreadableCount = 0

  init(source: PageSource<Item>) { self.source = source }
}

/// What a ``Pager``'s observers use: its registrar, and the key paths of the observed
/// properties.
@MainActor @usableFromInline
final class PagerObservation<Item: Identifiable & Sendable> where Item.ID: Sendable {
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let paths = PagerKeyPaths<Item>.shared

  @usableFromInline init() {}
}

/// The key path of each observed property of a ``Pager`` of `Item`, made once for each item
/// type: a key path into a generic class is built at run time each time its literal is
/// evaluated (on every read, as `@Observable` writes them; once per pager, ten of them were a
/// twentieth of opening a list on 50 kept rows).
@MainActor @usableFromInline
final class PagerKeyPaths<Item: Identifiable & Sendable> where Item.ID: Sendable {
  @usableFromInline let source = \Pager<Item>.source
  @usableFromInline let items = \Pager<Item>.items
  @usableFromInline let loadStates = \Pager<Item>.loadStates
  @usableFromInline let placeholdersBefore = \Pager<Item>.placeholdersBefore
  @usableFromInline let placeholdersAfter = \Pager<Item>.placeholdersAfter
  @usableFromInline let loadedPageCount = \Pager<Item>.loadedPageCount
  @usableFromInline let pendingEditCount = \Pager<Item>.pendingEditCount
  @usableFromInline let lastDroppedDuplicates = \Pager<Item>.lastDroppedDuplicates
  @usableFromInline let unreadableCount = \Pager<Item>.unreadableCount

  private init() {}

  /// The key paths of pagers of `Item`, made by the first of them.
  static var shared: PagerKeyPaths {
    let type = ObjectIdentifier(Item.self)
    if let made = pagerKeyPaths[type] { return unsafeDowncast(made, to: PagerKeyPaths.self) }
    let made = PagerKeyPaths()
    pagerKeyPaths[type] = made
    return made
  }
}

/// The key paths of pagers, by item type (each a `PagerKeyPaths` of that type).
@MainActor private var pagerKeyPaths: [ObjectIdentifier: AnyObject] = [:]
