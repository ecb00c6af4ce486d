import Foundation
public import Observation

/// A list loaded page by page in both directions, with a window of pages in memory, a load
/// state per direction, retry, and edits of loaded items that roll back when their request
/// fails: the paging of chats, timelines and long feeds.
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
/// - With ``PagerConfiguration/maxLoadedPages``, loading past the limit drops the pages at the
///   far end (and cancels a load running there); coming back loads them again from the keys
///   they were loaded from.
/// - An item whose id is already loaded is handled by ``PagerConfiguration/duplicates``.
/// - An answer that arrives after its load was cancelled or replaced is dropped.
///
/// Observable: a view that reads ``items``, ``loadStates`` or the placeholders updates when
/// they change; ``items`` changes before ``loadStates`` reports the load that changed it.
@MainActor
@Observable
public final class Pager<Item: Identifiable & Sendable> where Item.ID: Sendable {
  /// How the pager loads.
  public let configuration: PagerConfiguration
  /// Where pages come from.
  public let source: PageSource<Item>

  /// The loaded items, in order, with the edits in flight shown.
  public internal(set) var items: [Item] = []
  /// Where each direction stands.
  public internal(set) var loadStates = LoadStates()
  /// How many items of the list come before the window, when placeholders are on and the
  /// position is known (0 otherwise).
  public internal(set) var placeholdersBefore = 0
  /// How many items of the list come after the window, when placeholders are on and the server
  /// gave a total (0 otherwise).
  public internal(set) var placeholdersAfter = 0
  /// How many pages are in memory.
  public internal(set) var loadedPageCount = 0
  /// How many edits wait for their request.
  public internal(set) var pendingEditCount = 0
  /// How many items the last load left out because their id was already loaded.
  public internal(set) var lastDroppedDuplicates = 0

  /// Where each load and each applied change is written, when set: one switch for a debug
  /// log, free when nil.
  ///
  /// ```swift
  /// messages.log = .print
  /// // append started · cursor "c3" · cause prefetch
  /// // append ended · cursor "c3" · 30 items, 0 duplicates, 1 page dropped · 4.1 ms
  /// ```
  @ObservationIgnored public var log: PagerLog?

  @ObservationIgnored var pages: [LoadedPage<Item>] = []
  /// What the pages dropped before the window were loaded from; the nearest last.
  @ObservationIgnored var droppedBefore: [PageRequest] = []
  /// What the pages dropped after the window were loaded from; the nearest last.
  @ObservationIgnored var droppedAfter: [PageRequest] = []
  @ObservationIgnored var running: [LoadDirection: RunningLoad] = [:]
  @ObservationIgnored var generation = 0
  /// What the last refresh asked for, to retry it.
  @ObservationIgnored var refreshRequest: PageRequest?
  /// Pages the first load still has to add (a source that counts pages, a larger first load).
  @ObservationIgnored var initialPagesLeft = 0
  @ObservationIgnored var edits: [PendingEdit<Item>] = []
  @ObservationIgnored var editNumber = 0
  @ObservationIgnored let tasks = TaskBag()
  /// The ends to load past on the next main-actor turn, each with what asked first.
  @ObservationIgnored var scheduledLoads: [LoadDirection: LoadCause] = [:]
  /// Who awaits which load (by generation): ``refreshing(at:)``, ``loadingNext()``,
  /// ``loadingPrevious()``.
  @ObservationIgnored var waiters: [Int: [CheckedContinuation<Void, Never>]] = [:]
  /// Synchronous observers (the data-source binding): items changed, then states changed.
  @ObservationIgnored @usableFromInline package var listeners: [(PagerChange) -> Void] = []

  /// A load, to await.
  public typealias Load = Task<Void, Never>

  /// A pager loading pages of `source` as `configuration` says.
  public init(_ configuration: PagerConfiguration = PagerConfiguration(), source: PageSource<Item>)
  {
    self.configuration = configuration
    self.source = source
  }

  deinit {
    tasks.cancelAll()
  }

  // MARK: Loading

  /// Loads the first page, or the page at `key`, and replaces the window with it when it
  /// arrives (the old items stay until then). Cancels every running load.
  ///
  /// - Returns: the load, to await.
  @discardableResult
  public func refresh(at key: PageKey? = nil) -> Load {
    cancelRunning()
    updateStates()
    let request = PageRequest(key: key ?? firstKey, size: firstSize)
    refreshRequest = request
    initialPagesLeft =
      source.keying == .index ? (configuration.initialLoadSize - 1) / configuration.pageSize : 0
    return start(.refresh, request, cause: .refresh)
  }

  /// Loads the pages after the window (the next page, or one dropped before). Also runs a
  /// failed append again, as a tap on "Retry" would.
  ///
  /// - Returns: the load, to await; nil when none started (one runs, a refresh runs, nothing
  ///   is loaded yet, or the list ends here).
  @discardableResult
  public func loadNext() -> Load? { load(.append, cause: .code) }

  /// Loads the pages before the window (older messages, earlier days). Also runs a failed
  /// prepend again.
  ///
  /// - Returns: the load, to await; nil when none started.
  @discardableResult
  public func loadPrevious() -> Load? { load(.prepend, cause: .code) }

  /// Runs every failed load again: a failed refresh (which replaces everything), else a failed
  /// prepend and a failed append. Nothing else starts.
  public func retry() {
    if loadStates.refresh.error != nil, let refreshRequest {
      cancelRunning()
      updateStates()
      start(.refresh, refreshRequest, cause: .retry)
      return
    }
    for direction in [LoadDirection.prepend, .append] where loadStates[direction].error != nil {
      load(direction, cause: .retry)
    }
  }

  /// Cancels every running load: their answers are dropped, and their directions go back to
  /// where they were.
  public func cancel() {
    cancelRunning()
    updateStates()
  }

  /// Starts a load in `direction` unless one runs there, a refresh runs, nothing is loaded,
  /// the list ends that way, or (for a scroll or a prefetch) the last load there failed.
  @discardableResult @usableFromInline
  package func load(_ direction: LoadDirection, cause: LoadCause) -> Load? {
    guard direction != .refresh, running[.refresh] == nil, running[direction] == nil,
      !pages.isEmpty
    else { return nil }
    if cause == .scroll || cause == .prefetch, loadStates[direction].error != nil { return nil }
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
