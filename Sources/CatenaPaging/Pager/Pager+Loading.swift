import CatenaDataSource
import Foundation

/// A load in flight.
struct RunningLoad {
  let generation: Int
  let request: PageRequest
  /// Whether it loads a page dropped earlier (the nearest of `droppedBefore`/`droppedAfter`).
  let reloadsDropped: Bool
  let started: ContinuousClock.Instant
  let task: Task<Void, Never>
  /// What the answers of a source that answers more than once have brought so far (the load
  /// runs on until its last); nil before the first.
  var answered: LoadOutcome?
}

/// A page source's answers that ended without a page.
struct NoPage: Error, CustomStringConvertible {
  var description: String { "the page source ended without a page" }
}

extension Pager {
  /// The key of the first page: the source's first page number, offset 0, or none (the
  /// server's first).
  var firstKey: PageKey? {
    switch source.keying {
    case .index: .index(source.firstPageNumber)
    case .offset: .offset(0)
    case .server: nil
    }
  }

  /// The size of a refresh: one page for sources that count pages (the rest of a larger first
  /// load follows page by page), the whole first load for the others.
  var firstSize: Int {
    source.keying == .index ? configuration.pageSize : configuration.initialLoadSize
  }

  /// What a load in `direction` would ask for: the nearest dropped page, else the page beyond
  /// the window's edge; nil when the list ends there.
  func nextRequest(_ direction: LoadDirection) -> PageRequest? {
    switch direction {
    case .refresh: refreshRequest
    case .prepend: droppedBefore.last ?? pages.first?.previous
    case .append: droppedAfter.last ?? pages.last?.next
    }
  }

  @discardableResult
  func start(_ direction: LoadDirection, _ request: PageRequest, cause: LoadCause) -> Task<
    Void, Never
  > {
    generation &+= 1
    let mine = generation
    let reloadsDropped =
      switch direction {
      case .refresh: false
      case .prepend: !droppedBefore.isEmpty
      case .append: !droppedAfter.isEmpty
      }
    log?.write(.started(direction, request.key, cause))
    let fetch = source.fetch
    // A page kept for this load, read now, shows in this turn; the server's follows.
    let kept = source.kept?.page(request.key, request.size)
    let keptPage = kept?.page
    let answers: PageSource<Item>.Answers? =
      if let after = kept?.after { { _, _ in after() } } else { source.answers }
    let task = Task { [weak self] in
      let result: Result<Page<Item>?, any Error>
      do {
        if let answers {
          // Each answer shows as it comes; the end of the stream ends the load.
          for try await page in answers(request.key, request.size) {
            self?.answer(direction, mine, page)
          }
          result = .success(nil)
        } else {
          result = .success(try await fetch(request.key, request.size))
        }
      } catch {
        result = .failure(error)
      }
      self?.finish(direction, mine, result)
    }
    running[direction] = RunningLoad(
      generation: mine, request: request, reloadsDropped: reloadsDropped,
      started: .now, task: task)
    tasks.insert(task, for: mine)
    if let keptPage {
      answer(direction, mine, keptPage)
      guard running[direction]?.generation == mine else { return task }  // it failed
    }
    // Last: an observer hearing of it may ask for loads, and must find this one running.
    setState(direction, .loading)
    return task
  }

  /// Cancels the running loads (of `direction`, or all); their answers will be dropped.
  func cancelRunning(_ direction: LoadDirection? = nil) {
    for (each, load) in running where direction == nil || each == direction {
      load.task.cancel()
      tasks.remove(load.generation)
      heldBack[load.generation] = nil
      running[each] = nil
      log?.write(.ended(each, load.request.key, .cancelled, elapsed: .now - load.started))
      wake(load.generation)
    }
    settleAfterLoad()
  }

  /// Resumes those awaiting load `generation`, which has ended.
  func wake(_ generation: Int) {
    for waiter in waiters.removeValue(forKey: generation) ?? [] { waiter.resume() }
  }

  /// Shows an answer of load `mine` in `direction` that more may follow (a kept page, then the
  /// server's), unless the load was cancelled or replaced: the first is taken as a load's page
  /// is; each later one replaces it in one change. The load goes on running.
  func answer(_ direction: LoadDirection, _ mine: Int, _ page: Page<Item>) {
    guard let load = running[direction], load.generation == mine else { return }
    if load.answered == nil, let age = page.keptAge, !isAtLeastAsNew(now() - age) {
      // Older than what is shown: the server's answer decides (C25).
      heldBack[mine] = page
      return
    }
    heldBack[mine] = nil
    do throws(DataSourceError) {
      if load.answered != nil, pages.contains(where: { $0.request == load.request }) {
        running[direction]?.answered = try replace(load.request, with: page)
      } else {
        // The first answer, or one after an empty first answer that added no page (the
        // kept page said the list ended there; the server's says it goes on).
        running[direction]?.answered = try take(page, direction, load)
      }
      recompute()
      updateStates(clearingFailures: direction == .refresh)
    } catch {
      running[direction] = nil
      tasks.remove(mine)
      heldBack[mine] = nil
      load.task.cancel()
      defer {
        wake(mine)
        settleAfterLoad()
      }
      fail(direction, load, error, elapsed: .now - load.started)
    }
  }

  /// Takes what load `mine` in `direction` brought, unless it was cancelled or replaced: a
  /// page, or nil when its answers have landed already.
  func finish(_ direction: LoadDirection, _ mine: Int, _ result: Result<Page<Item>?, any Error>) {
    tasks.remove(mine)
    let held = heldBack.removeValue(forKey: mine)
    guard let load = running[direction], load.generation == mine else { return }
    running[direction] = nil
    var result = result
    if case .success(nil) = result, load.answered == nil, var held {
      // The answers ended on the kept page held back: the server confirmed it.
      held.keptAge = nil
      result = .success(held)
    }
    defer {
      wake(mine)
      settleAfterLoad()
      if load.answered != nil { loadWhatWaitedForTheLastAnswer() }
    }
    let elapsed = ContinuousClock.now - load.started
    switch result {
    case .failure(let error):
      fail(direction, load, error, elapsed: elapsed)
    case .success(nil):
      guard let outcome = load.answered else {
        fail(direction, load, NoPage(), elapsed: elapsed)
        return
      }
      log?.write(.ended(direction, load.request.key, outcome, elapsed: elapsed))
      if direction == .refresh { landed = now() }
      confirmKept(load.request)
      updateStates()
      continueFirstLoad(after: direction)
    case .success(let page?):
      do throws(DataSourceError) {
        let outcome = try take(page, direction, load)
        log?.write(.ended(direction, load.request.key, outcome, elapsed: elapsed))
        if direction == .refresh { landed = now() }
        recompute()
        updateStates(clearingFailures: direction == .refresh)
        continueFirstLoad(after: direction)
      } catch {
        fail(direction, load, error, elapsed: elapsed)
      }
    }
  }

  /// Loads past the ends a table asked for while a load waited for its source's last answer.
  private func loadWhatWaitedForTheLastAnswer() {
    let waiting = afterLastAnswer
    afterLastAnswer = [:]
    for end in [LoadDirection.prepend, .append] {
      if let cause = waiting[end] { load(end, cause: cause) }
    }
  }

  /// Puts `page` in place of the page loaded from `request` (a later answer of its load):
  /// its items, and what it says of its neighbours. Nothing when that page has left the window.
  func replace(
    _ request: PageRequest, with page: Page<Item>
  ) throws(DataSourceError) -> LoadOutcome {
    guard let index = pages.firstIndex(where: { $0.request == request }) else {
      return .loaded(items: 0, duplicates: 0, pagesDropped: 0)
    }
    var loaded = LoadedPage(request: request, items: page.items)
    loaded.dropped = page.unreadable
    loaded.offset = pages[index].offset
    (loaded.asOf, loaded.isKept) = asOf(page)
    loaded.total = page.total
    (loaded.previous, loaded.next) = neighbours(of: request, page: page, offset: loaded.offset)
    if let next = loaded.next,
      next == request || pages.indices.contains(where: { $0 != index && pages[$0].request == next })
    {
      loaded.next = nil
    }
    // The server's page now wins: an item it holds leaves the other pages (it moved here).
    var seen = Set<Item.ID>()
    var repeated: [Item.ID] = []
    loaded.items.removeAll { item in
      if seen.insert(item.id).inserted { return false }
      repeated.append(item.id)
      return true
    }
    if configuration.duplicates == .fail, !repeated.isEmpty {
      throw Self.duplicates(repeated)
    }
    var moved = 0
    for other in pages.indices where other != index {
      let before = pages[other].items.count
      pages[other].items.removeAll { seen.contains($0.id) }
      moved += before - pages[other].items.count
    }
    pages[index] = loaded
    lastDroppedDuplicates = repeated.count + moved
    return .loaded(items: loaded.items.count, duplicates: lastDroppedDuplicates, pagesDropped: 0)
  }

  private func fail(
    _ direction: LoadDirection, _ load: RunningLoad, _ error: any Error, elapsed: Duration
  ) {
    let failure = PageLoadError(direction, key: load.request.key, error: error)
    log?.write(.ended(direction, load.request.key, .failed(failure.message), elapsed: elapsed))
    initialPagesLeft = 0
    setState(direction, .failed(failure))
    updateStates()
  }

  /// Puts `page` into the window; returns what the log says of it.
  private func take(
    _ page: Page<Item>, _ direction: LoadDirection, _ load: RunningLoad
  ) throws(DataSourceError) -> LoadOutcome {
    let request = load.request
    var loaded = LoadedPage(request: request, items: page.items)
    loaded.dropped = page.unreadable
    loaded.offset = offset(of: request)
    (loaded.asOf, loaded.isKept) = asOf(page)
    loaded.total = page.total
    (loaded.previous, loaded.next) = neighbours(of: request, page: page, offset: loaded.offset)
    // A refresh replaces the window, so only its own key counts as loaded.
    if let next = loaded.next,
      next == request
        || (direction != .refresh
          && (pages.contains { $0.request == next } || droppedBefore.contains(next)
            || droppedAfter.contains(next)))
    {
      loaded.next = nil  // a server that hands back a key already loaded would loop forever
    }
    var dropped = 0
    var fresh = 0
    var pagesDropped = 0
    switch direction {
    case .refresh:
      (dropped, fresh) = try admit(&loaded.items, into: [])
      pages = [loaded]
      droppedBefore = []
      droppedAfter = []
      pagesFromSource = true
    case .prepend:
      if load.reloadsDropped { droppedBefore.removeLast() }
      if loaded.items.isEmpty && page.unreadable == 0 && !load.reloadsDropped {
        pages[0].previous = nil  // the server says the list starts here
      } else {
        (dropped, fresh) = try admit(&loaded.items, into: pages)
        pages.insert(loaded, at: 0)
        while let limit = configuration.maxLoadedPages, pages.count > limit {
          droppedAfter.append(pages.removeLast().request)
          pagesDropped += 1
        }
        if pagesDropped > 0 { cancelRunning(.append) }
      }
    case .append:
      if load.reloadsDropped { droppedAfter.removeLast() }
      if loaded.items.isEmpty && page.unreadable == 0 && !load.reloadsDropped {
        pages[pages.count - 1].next = nil  // the server says the list ends here
      } else {
        (dropped, fresh) = try admit(&loaded.items, into: pages)
        pages.append(loaded)
        while let limit = configuration.maxLoadedPages, pages.count > limit {
          droppedBefore.append(pages.removeFirst().request)
          pagesDropped += 1
        }
        if pagesDropped > 0 { cancelRunning(.prepend) }
      }
    }
    lastDroppedDuplicates = dropped
    if direction != .refresh, fresh == 0, page.receivedCount > 0 {
      // A page that added nothing new would be followed by the same forever: the table's
      // automatic loads stop here until the user scrolls or code asks.
      held.insert(direction)
      scheduledLoads[direction] = nil
    }
    return .loaded(items: loaded.items.count, duplicates: dropped, pagesDropped: pagesDropped)
  }

  /// Leaves out of `incoming` (or, keeping the last, out of `pages`) the items whose id is
  /// already loaded, and repeats within `incoming`; returns how many were left out, and how
  /// many of those kept were not loaded before.
  private func admit(
    _ incoming: inout [Item], into pages: [LoadedPage<Item>]
  ) throws(DataSourceError) -> (dropped: Int, fresh: Int) {
    var seen = Set<Item.ID>()
    var loaded = Set<Item.ID>()
    for page in pages { for item in page.items { loaded.insert(item.id) } }
    var repeated: [Item.ID] = []
    var kept: [Item] = []
    kept.reserveCapacity(incoming.count)
    for item in incoming {
      if !seen.insert(item.id).inserted || loaded.contains(item.id) {
        repeated.append(item.id)
        if configuration.duplicates == .keepLast, loaded.contains(item.id) {
          kept.append(item)
        }
        continue
      }
      kept.append(item)
    }
    guard !repeated.isEmpty else { return (0, incoming.count) }
    switch configuration.duplicates {
    case .fail:
      throw Self.duplicates(repeated)
    case .keepFirst:
      incoming = kept
      return (repeated.count, kept.count)
    case .keepLast:
      let winners = Set(kept.map { $0.id }).intersection(loaded)
      for index in self.pages.indices {
        self.pages[index].items.removeAll { winners.contains($0.id) }
      }
      incoming = kept
      return (repeated.count, kept.count - winners.count)
    }
  }

  /// How many items of the list come before the page `request` loads, when known.
  private func offset(of request: PageRequest) -> Int? {
    switch request.key {
    case .index(let number)?: (number - source.firstPageNumber) * configuration.pageSize
    case .offset(let offset)?: offset
    default: nil
    }
  }

  /// What the pages before and after a page are loaded from.
  private func neighbours(
    of request: PageRequest, page: Page<Item>, offset: Int?
  ) -> (previous: PageRequest?, next: PageRequest?) {
    let size = configuration.pageSize
    let keying = source.keying
    let more = page.hasMore(
      received: (offset ?? 0) + page.receivedCount, pageSize: request.size, keying: keying)
    switch (keying, request.key) {
    case (.index, .index(let number)?):
      // The next number the server gave (`PageFormat(nextPage:)`), when it is ahead.
      var next = number + 1
      if case .index(let given)? = page.next, given > number { next = given }
      return (
        number > source.firstPageNumber ? PageRequest(key: .index(number - 1), size: size) : nil,
        more ? PageRequest(key: .index(next), size: size) : nil
      )
    case (.offset, .offset(let start)?):
      let before = min(size, start)
      return (
        start > 0 ? PageRequest(key: .offset(start - before), size: before) : nil,
        more ? PageRequest(key: .offset(start + page.receivedCount), size: size) : nil
      )
    default:
      return (
        page.previous.map { PageRequest(key: $0, size: size) },
        more ? page.next.map { PageRequest(key: $0, size: size) } : nil
      )
    }
  }

  /// Loads the next page of a larger first load, if one is due.
  private func continueFirstLoad(after direction: LoadDirection) {
    guard direction != .prepend, initialPagesLeft > 0 else { return }
    initialPagesLeft -= 1
    if load(.append, cause: .code) == nil { initialPagesLeft = 0 }
  }

  /// Sets each direction that is not loading or failed to idle or end; after a refresh took
  /// its page, the failures of the old window's edges are forgotten. Without `notifying`, the
  /// observers hear of it with the next change (a refresh that starts next: they must not see
  /// the ends idle before it runs, and load past them).
  func updateStates(clearingFailures: Bool = false, notifying: Bool = true) {
    var states = loadStates
    if clearingFailures {
      states.prepend = .idle
      states.append = .idle
    }
    for direction in LoadDirection.allCases {
      if running[direction] != nil {
        states[direction] = .loading
      } else if states[direction] == .loading {
        states[direction] = .idle
      }
    }
    for direction in [LoadDirection.prepend, .append]
    where running[direction] == nil && states[direction].error == nil {
      states[direction] =
        pages.isEmpty || !pagesFromSource || nextRequest(direction) != nil ? .idle : .end
    }
    if states != loadStates {
      loadStates = states
      if notifying { notify(.states) }
    }
  }

  /// Sets the state of `direction` and tells the observers when it changed.
  func setState(_ direction: LoadDirection, _ state: LoadState) {
    guard loadStates[direction] != state else { return }
    loadStates[direction] = state
    notify(.states)
  }

  func notify(_ change: PagerChange) {
    bindingListener?(change)
    for listener in listeners { listener(change) }
  }
}

extension Pager {
  /// The error of a page that repeats `repeated` (ids already loaded), under
  /// `DuplicatePolicy.fail`: the one a snapshot throws, naming the first.
  static func duplicates(_ repeated: [Item.ID]) -> DataSourceError {
    DataSourceError(kind: .duplicateItemID, id: repeated.first.map { String(describing: $0) } ?? "")
  }
}
