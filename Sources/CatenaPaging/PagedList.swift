import CatenaDataSource
public import Observation

/// A list loaded page by page: refresh, next page, has-more, and the rules that keep them
/// consistent however responses, failures and the user's gestures interleave.
///
/// ```swift
/// let houses = PagedList(pageSize: 20, firstPage: 1, source: .request(list: "Data.HouseList") {
///   page, size in Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
/// } transform: { json in House(json: json) })
/// houses.bind(to: dataSource, section: "houses")   // each page animates in
/// houses.refresh()                                   // pull to refresh
/// ```
///
/// The rules:
/// - ``refresh()`` loads the first page and replaces the items; ``loadNextPage()`` appends.
/// - One load at a time: ``loadNextPage()`` while any load runs does nothing (no duplicate
///   request); ``refresh()`` cancels a running load and takes its place.
/// - A failed or empty next page leaves the page index where it was; a failed first page
///   keeps the items shown and reports the error.
/// - A response that arrives after a refresh or ``cancel()`` replaced its load is dropped.
///
/// The list lives on the main actor, because its items feed a table; its source runs off it.
/// Loads are `Task`s, so a test (or a caller that needs to) can await one; ``refreshing()``
/// and ``loadingNextPage()`` are the `async` forms a SwiftUI `.refreshable` or `.task` awaits.
///
/// The list is `Observable`: a SwiftUI view (or `withObservationTracking`) that reads
/// ``items``, ``state``, ``hasMore`` or any other public property updates when it changes.
@MainActor
@Observable
public final class PagedList<Item: Sendable> {
  /// How many items a page asks for.
  public let pageSize: Int
  /// The index of the first page (0 or 1, as the server counts).
  public let firstPage: Int
  /// How the list decides that more pages follow.
  public let strategy: HasMoreStrategy
  /// Where pages come from.
  public let source: PageSource<Item>

  /// The items of the pages shown, in order.
  public private(set) var items: [Item] = []
  /// Where the list is.
  public private(set) var state: PagingState = .idle
  /// How the last load ended (the original reformer's status).
  public private(set) var lastStatus: LoadStatus = .noExecute
  /// Whether another page can be loaded.
  public private(set) var hasMore = false
  /// The number of the last page shown (its index, or for lists keyed by offset or by the
  /// server, its place counted from ``firstPage``); nil before the first page arrived.
  public private(set) var lastLoadedPage: Int?
  /// The number of the page being loaded, if any.
  public private(set) var loadingPage: Int?
  /// Where the next page is (``PageKey/index(_:)``, ``PageKey/offset(_:)``, or the cursor or
  /// link the last page gave); nil when no more pages follow.
  public private(set) var nextKey: PageKey?
  /// Where the page being loaded is (nil when none is, or for the first page of a list keyed
  /// by the server).
  public private(set) var loadingKey: PageKey?
  /// The next-page key the server gave again, when that ended the list: a server that hands
  /// back the key of a page already loaded since the refresh (often the last page's own
  /// cursor) would otherwise have the list load the same pages forever. The page's items are
  /// kept; nil after a refresh.
  public private(set) var repeatedKey: PageKey?
  /// How many entries the source could not convert, over the pages shown.
  public private(set) var droppedCount = 0
  /// Whether loads are paused (see ``pause()``).
  public private(set) var isPaused = false
  /// Why a bound table no longer loads next pages by itself, if it does not: after
  /// ``cancel()``, or after a next page that added no row. A row coming on screen by
  /// scrolling, ``loadNextPage()`` or ``refresh()`` lifts it.
  public package(set) var autoLoadPause: AutoLoadPause?
  /// Whether a running load is being abandoned (by ``refresh()`` or ``cancel()``): the events
  /// it sends must not start another.
  @ObservationIgnored package private(set) var isAbandoning = false

  /// The page being loaded, or else the last page shown: the original `currentPage`, which
  /// moves forward when a next page starts and back when it fails or comes back empty.
  public var currentPage: Int? { loadingPage ?? lastLoadedPage }

  @ObservationIgnored private var received = 0
  /// The keys of the next pages loaded since the first page, to catch a server that repeats one.
  @ObservationIgnored private var loadedKeys: Set<PageKey> = []
  @ObservationIgnored private var generation = 0
  @ObservationIgnored private var running: (generation: Int, isFirst: Bool, task: Load)? {
    didSet { hub.running = running?.task }
  }
  /// The running load's task, for tests that step loads one at a time.
  package var runningLoad: Load? { running?.task }
  @ObservationIgnored private var beforeFirst: ((Page<Item>) -> Void)?
  @ObservationIgnored private var beforeNext: ((Page<Item>) -> Void)?
  @ObservationIgnored private var completion: ((LoadStatus) -> Void)?
  /// Synchronous observers (the data-source binding), called before the event streams.
  @ObservationIgnored package var listeners: [(PagingEvent) -> Void] = []
  @ObservationIgnored let hub = EventHub()

  /// Who awaits which load (by generation): ``refreshing()`` and ``loadingNextPage()``.
  @ObservationIgnored private var awaiters: [Int: [CheckedContinuation<LoadStatus, Never>]] = [:]
  /// The last load that ended, and how.
  @ObservationIgnored private var lastEnded: (generation: Int, status: LoadStatus)?

  /// A load, to await.
  public typealias Load = Task<Void, Never>

  /// A list of pages of `pageSize` items from `source`, counting pages from `firstPage`.
  public init(
    pageSize: Int = 20, firstPage: Int = 1, strategy: HasMoreStrategy = .shorterThanPageSize,
    source: PageSource<Item>
  ) {
    self.pageSize = max(pageSize, 1)
    self.firstPage = firstPage
    self.strategy = strategy
    self.source = source
  }

  /// A list whose pages come from `load`.
  public convenience init(
    pageSize: Int = 20, firstPage: Int = 1, strategy: HasMoreStrategy = .shorterThanPageSize,
    load: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> Page<Item>
  ) {
    self.init(
      pageSize: pageSize, firstPage: firstPage, strategy: strategy, source: PageSource(load))
  }

  deinit {
    hub.finish()
  }

  // MARK: Loading

  /// Loads the first page; when it arrives it replaces the items. Cancels a running load.
  ///
  /// - Returns: the load, to await; nil when paused.
  @discardableResult
  public func refresh() -> Load? {
    guard !isPaused else {
      lastStatus = .paused
      return nil
    }
    autoLoadPause = nil
    let key: PageKey? =
      switch source.keying {
      case .index: .index(firstPage)
      case .offset: .offset(0)
      case .server: nil
      }
    return start(page: firstPage, key: key, isFirst: true)  // which abandons a running load
  }

  /// Loads the page after the last one shown and appends it. Does nothing while a load runs,
  /// before the first page, or when no more pages follow. Lifts ``autoLoadPause``.
  ///
  /// - Returns: the load, to await; nil when nothing was started.
  @discardableResult
  public func loadNextPage() -> Load? {
    autoLoadPause = nil
    return startNextPage()
  }

  /// Refreshes and returns when the first page has arrived or failed: the `async` form of
  /// ``refresh()``, for SwiftUI's `.refreshable`. Cancelling the awaiting task cancels the
  /// load (unless another has replaced it already).
  ///
  /// ```swift
  /// List(houses.items) { house in HouseRow(house) }
  ///   .refreshable { await houses.refreshing() }
  /// ```
  ///
  /// - Returns: how the load ended; nil when none started (the list is paused).
  @discardableResult
  public func refreshing() async -> LoadStatus? {
    await awaiting(refresh())
  }

  /// Loads the next page and returns when it has arrived or failed: the `async` form of
  /// ``loadNextPage()``.
  ///
  /// When a next page is already loading, this waits for that load instead of starting one;
  /// during a refresh it waits for the refresh and starts nothing. So a loop that scrolls to
  /// the end neither spins nor asks twice:
  ///
  /// ```swift
  /// while await list.loadingNextPage() != nil {}
  /// ```
  ///
  /// Cancelling the awaiting task cancels only a load this call started.
  ///
  /// - Returns: how the load ended; nil when none ran or started (no more pages follow, the
  ///   first page has not arrived, or the list is paused).
  @discardableResult
  public func loadingNextPage() async -> LoadStatus? {
    if let running {
      autoLoadPause = nil
      return await awaiting(running.task, cancelling: false)
    }
    return await awaiting(loadNextPage())
  }

  /// Waits until `load` ends, cancelling it if the waiting task is cancelled first and
  /// `cancelling`; returns how it ended. A load a refresh or ``cancel()`` replaces ends there
  /// and then, whether or not its source has noticed yet.
  private func awaiting(_ load: Load?, cancelling: Bool = true) async -> LoadStatus? {
    guard let load, let running, running.task == load else { return nil }
    let mine = running.generation
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if self.running?.generation == mine {
          awaiters[mine, default: []].append(continuation)
        } else {
          let ended = lastEnded?.generation == mine ? lastEnded?.status : nil
          continuation.resume(returning: ended ?? .canceled)
        }
      }
    } onCancel: {
      guard cancelling else { return }
      Task { @MainActor [weak self] in self?.cancel(load) }
    }
  }

  /// Records how load `generation` ended and tells those awaiting it.
  private func ended(_ generation: Int, _ status: LoadStatus) {
    lastEnded = (generation, status)
    for awaiter in awaiters.removeValue(forKey: generation) ?? [] {
      awaiter.resume(returning: status)
    }
  }

  /// Cancels `load` if it is still the running one.
  private func cancel(_ load: Load) {
    guard running?.task == load else { return }
    cancel()
  }

  /// What a bound table asks for when rows near the end are on screen: the next page, unless
  /// auto-loading is paused; a row that came on screen by scrolling lifts the pause, except
  /// after a failure, which waits for a tap or a refresh.
  package func autoLoadNextPage(byScrolling: Bool) {
    if byScrolling, !(autoLoadPause?.isFailure ?? false) { autoLoadPause = nil }
    guard autoLoadPause == nil else { return }
    startNextPage()
  }

  @discardableResult
  private func startNextPage() -> Load? {
    guard running == nil, !isAbandoning, let lastLoadedPage, hasMore, let nextKey else {
      return nil
    }
    guard !isPaused else {
      lastStatus = .paused
      return nil
    }
    return start(page: lastLoadedPage + 1, key: nextKey, isFirst: false)
  }

  /// Cancels the running load, if any: its response will be dropped, and the list returns to
  /// where it was before the load started.
  ///
  /// A bound table then loads no next page by itself (``autoLoadPause`` is
  /// ``AutoLoadPause/cancelled``) until a row comes on screen by scrolling or code asks.
  public func cancel() {
    guard running != nil else { return }
    autoLoadPause = .cancelled
    abandonRunningLoad()
    state = restingState
  }

  /// Stops starting loads: ``refresh()`` and ``loadNextPage()`` do nothing (and say
  /// ``LoadStatus/paused``) until ``resume()``. A running load finishes.
  public func pause() { isPaused = true }

  /// Lets loads start again.
  public func resume() { isPaused = false }

  /// Whether a next page would start now.
  public var canLoadNextPage: Bool {
    running == nil && !isAbandoning && lastLoadedPage != nil && hasMore && !isPaused
  }

  // MARK: Hooks

  /// Calls `body` with a first page just before it replaces the items (the original
  /// `beforeLoadFirstPage`).
  @discardableResult
  public func beforeFirstPage(_ body: @escaping (Page<Item>) -> Void) -> Self {
    beforeFirst = body
    return self
  }

  /// Calls `body` with a next page just before it is appended (`beforeLoadNextPage`).
  @discardableResult
  public func beforeNextPage(_ body: @escaping (Page<Item>) -> Void) -> Self {
    beforeNext = body
    return self
  }

  /// Calls `body` after every load, however it ended (`loadCompletion`).
  @discardableResult
  public func loadCompletion(_ body: @escaping (LoadStatus) -> Void) -> Self {
    completion = body
    return self
  }

  /// ``beforeFirstPage(_:)``, with `owner` passed in (held weakly).
  @discardableResult
  public func beforeFirstPage<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Page<Item>) -> Void
  ) -> Self { beforeFirstPage(weakly(owner, otherwise: (), body)) }

  /// ``beforeNextPage(_:)``, with `owner` passed in (held weakly).
  @discardableResult
  public func beforeNextPage<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Page<Item>) -> Void
  ) -> Self { beforeNextPage(weakly(owner, otherwise: (), body)) }

  /// ``loadCompletion(_:)``, with `owner` passed in (held weakly).
  @discardableResult
  public func loadCompletion<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, LoadStatus) -> Void
  ) -> Self { loadCompletion(weakly(owner, otherwise: (), body)) }

  // MARK: Internals

  private func start(page: Int, key: PageKey?, isFirst: Bool) -> Load {
    abandonRunningLoad()  // never two loads: a load is only ever replaced by abandoning it
    generation &+= 1
    let mine = generation
    loadingPage = page
    loadingKey = key
    state = isFirst ? .loadingFirstPage : .loadingNextPage
    lastStatus = .onGoing
    let fetch = source.fetch
    let size = pageSize
    let task = Task { [weak self] in
      let result: Result<Page<Item>, any Error>
      do {
        result = .success(try await fetch(key, size))
      } catch {
        result = .failure(error)
      }
      self?.finish(mine, page: page, key: key, isFirst: isFirst, result: result)
    }
    running = (mine, isFirst, task)
    send(.started(isFirstPage: isFirst))
    return task
  }

  /// Cancels the running load and tells the controls it ended; what listeners hear meanwhile
  /// starts no other load.
  private func abandonRunningLoad() {
    guard let running, !isAbandoning else { return }
    isAbandoning = true
    defer { isAbandoning = false }
    running.task.cancel()
    self.running = nil
    ended(running.generation, .canceled)
    generation &+= 1
    loadingPage = nil
    loadingKey = nil
    lastStatus = .canceled
    send(running.isFirst ? .headerEnded(hasMore: hasMore) : .footerEnded(hasMore: hasMore))
    completion?(.canceled)
  }

  /// What the list shows when no load runs.
  private var restingState: PagingState {
    guard lastLoadedPage != nil else { return .idle }
    return items.isEmpty && !hasMore ? .empty : .loaded(hasMore: hasMore)
  }

  /// Shows what load `mine` brought, unless a refresh or ``cancel()`` replaced it.
  private func finish(
    _ mine: Int, page: Int, key: PageKey?, isFirst: Bool, result: Result<Page<Item>, any Error>
  ) {
    guard mine == generation else { return }
    running = nil
    loadingPage = nil
    loadingKey = nil
    // Listeners may start the next load while hearing this one's events, so the status to
    // report is kept aside.
    let status: LoadStatus
    defer {
      ended(mine, status)
      completion?(status)
    }
    switch result {
    case .failure(let error):
      let failure = PageLoadError(page: page, key: key, isFirstPage: isFirst, error: error)
      if !isFirst { autoLoadPause = .failed(page: page) }
      state = .failed(failure)
      status = .networkFailure
      lastStatus = status
      send(.failed(failure))
    case .success(let loaded) where isFirst:
      beforeFirst?(loaded)
      items = loaded.items
      received = loaded.receivedCount
      droppedCount = loaded.dropped
      lastLoadedPage = page
      loadedKeys = []
      repeatedKey = nil
      advance(after: loaded, page: page)
      state = restingState
      status = loaded.receivedCount == 0 ? .noData : .success
      lastStatus = status
      send(.contentChanged)
      send(.headerEnded(hasMore: hasMore))
    case .success(let loaded) where loaded.receivedCount == 0:
      hasMore = false
      nextKey = nil
      state = restingState
      status = .noData
      lastStatus = status
      send(.footerEnded(hasMore: false))
    case .success(let loaded):
      beforeNext?(loaded)
      items += loaded.items
      received += loaded.receivedCount
      droppedCount += loaded.dropped
      lastLoadedPage = page
      if let key { loadedKeys.insert(key) }
      advance(after: loaded, page: page)
      state = restingState
      status = .success
      lastStatus = status
      if !loaded.items.isEmpty { send(.contentChanged) }
      send(.footerEnded(hasMore: hasMore))
    }
  }

  /// Decides whether more pages follow page `page` and where the next one is.
  private func advance(after loaded: Page<Item>, page: Int) {
    let keying = source.keying
    hasMore = strategy.hasMore(
      after: loaded, received: received, pageSize: pageSize, keying: keying)
    switch keying {
    case .index: nextKey = .index(page + 1)
    case .offset: nextKey = .offset(received)
    case .server:
      nextKey = loaded.next
      if hasMore, let next = loaded.next, loadedKeys.contains(next) {
        repeatedKey = next
        hasMore = false
      }
    }
    if !hasMore { nextKey = nil }
  }

  private func send(_ event: PagingEvent) {
    for listener in listeners { listener(event) }
    hub.send(event)
  }
}
