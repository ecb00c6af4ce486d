import CatenaPaging
import CatenaRequest
import CatenaTesting
import Testing

/// The paging rules written as plainly as possible, to check the real list against.
struct PagingModel {
  let pageSize: Int
  let firstPage: Int
  var keying: PageKeying = .index
  var items: [Row] = []
  var received = 0
  var nextKey: PageKey?
  var loadedKeys: Set<PageKey> = []
  var repeatedKey: PageKey?
  /// The key of every request made, in order.
  var keysAsked: [PageKey?] = []
  var lastLoadedPage: Int?
  var hasMore = false
  var state: PagingState = .idle
  var lastStatus: LoadStatus = .noExecute
  /// The running load: its request number, page, key, and whether it is a first page.
  var running: (number: Int, page: Int, key: PageKey?, isFirst: Bool)?
  var requestsMade = 0

  var currentPage: Int? { running?.page ?? lastLoadedPage }

  var resting: PagingState {
    guard lastLoadedPage != nil else { return .idle }
    return items.isEmpty && !hasMore ? .empty : .loaded(hasMore: hasMore)
  }

  mutating func start(page: Int, key: PageKey?, isFirst: Bool) {
    running = (requestsMade, page, key, isFirst)
    keysAsked.append(key)
    requestsMade += 1
    state = isFirst ? .loadingFirstPage : .loadingNextPage
    lastStatus = .onGoing
  }

  /// Returns whether a load starts.
  mutating func refresh() -> Bool {
    if running != nil { lastStatus = .canceled }
    let key: PageKey? =
      switch keying {
      case .index: .index(firstPage)
      case .offset: .offset(0)
      case .server: nil
      }
    start(page: firstPage, key: key, isFirst: true)
    return true
  }

  mutating func loadNextPage() -> Bool {
    guard running == nil, let lastLoadedPage, hasMore, let nextKey else { return false }
    start(page: lastLoadedPage + 1, key: nextKey, isFirst: false)
    return true
  }

  mutating func cancel() {
    guard running != nil else { return }
    running = nil
    lastStatus = .canceled
    state = resting
  }

  mutating func respond(number: Int, with page: [Row], next: PageKey? = nil) {
    guard let load = running, load.number == number else { return }  // stale
    running = nil
    if load.isFirst {
      items = page
      received = page.count
      loadedKeys = []
      repeatedKey = nil
      lastLoadedPage = load.page
      advance(count: page.count, next: next, page: load.page)
      lastStatus = page.isEmpty ? .noData : .success
    } else if page.isEmpty {
      hasMore = false
      nextKey = nil
      lastStatus = .noData
    } else {
      items += page
      received += page.count
      if let key = load.key { loadedKeys.insert(key) }
      lastLoadedPage = load.page
      advance(count: page.count, next: next, page: load.page)
      lastStatus = .success
    }
    state = resting
  }

  /// Index and offset lists: more follow a full page. Server keys: more follow a non-empty
  /// page with a next key not loaded before.
  mutating func advance(count: Int, next: PageKey?, page: Int) {
    switch keying {
    case .index, .offset:
      hasMore = count >= pageSize
      nextKey = keying == .index ? .index(page + 1) : .offset(received)
    case .server:
      hasMore = next != nil && count > 0
      if hasMore, let next, loadedKeys.contains(next) {
        repeatedKey = next
        hasMore = false
      }
      nextKey = next
    }
    if !hasMore { nextKey = nil }
  }

  mutating func fail(number: Int, error: RequestError) {
    guard let load = running, load.number == number else { return }
    running = nil
    state = .failed(
      PageLoadError(page: load.page, key: load.key, isFirstPage: load.isFirst, error: error))
    lastStatus = .networkFailure
  }
}

@MainActor
@Suite("Paged list against a reference model")
struct PagedListModelTests {
  @Test(arguments: [PageKeying.index, .offset, .server])
  func randomSequencesAgreeWithTheModel(keying: PageKeying) async {
    for seed in 0..<2_000 as Range<UInt64> {
      let failure = await run(seed: seed, keying: keying)
      #expect(failure == nil, "seed \(seed): \(failure ?? "")")
      if failure != nil { return }
    }
  }

  /// Runs one seeded sequence of 30 steps; returns what disagreed, if anything. Pages keyed
  /// by the server give a fresh cursor, none (the end), or one given before (a server bug the
  /// list must not loop on).
  func run(seed: UInt64, keying: PageKeying) async -> String? {
    var random = SeededRandom(seed: seed)
    let manual = ManualSource()
    let pageSize = 1 + random.below(4)
    let firstPage = random.below(2)
    let list = PagedList(pageSize: pageSize, firstPage: firstPage, source: manual.source(keying))
    var model = PagingModel(pageSize: pageSize, firstPage: firstPage, keying: keying)
    var cursorsGiven: [PageKey] = []
    var tasks: [Int: Task<Void, Never>] = [:]
    var nextID = 0
    var steps: [String] = []
    for _ in 0..<30 {
      let waiting = manual.waitingNumbers
      let choice = random.below(10)
      switch choice {
      case 0, 1:
        steps.append("refresh")
        _ = model.refresh()
        if let task = list.refresh() { tasks[model.requestsMade - 1] = task }
        await manual.waitForRequests(model.requestsMade)
      case 2, 3, 4:
        steps.append("next")
        let started = model.loadNextPage()
        let task = list.loadNextPage()
        if (task != nil) != started { return "\(steps): loadNextPage started: \(task != nil)" }
        if let task { tasks[model.requestsMade - 1] = task }
        await manual.waitForRequests(model.requestsMade)
      case 5...7 where !waiting.isEmpty:
        let number = waiting[random.below(waiting.count)]
        let count = random.chance(60) ? pageSize : random.below(pageSize)
        let page = (0..<count).map { _ in
          nextID += 1
          return Row(nextID)
        }
        var next: PageKey?
        if keying == .server {
          let roll = random.below(10)
          if roll >= 3 || cursorsGiven.isEmpty && roll >= 1 {
            let fresh = PageKey.cursor("c\(nextID)")
            cursorsGiven.append(fresh)
            next = fresh
          } else if roll >= 1 {
            next = cursorsGiven[random.below(cursorsGiven.count)]
          }
        }
        steps.append("answer #\(number) with \(count), next \(next?.description ?? "none")")
        model.respond(number: number, with: page, next: next)
        manual.respond(number: number, with: Page(items: page, next: next))
        await tasks[number]?.value
      case 8 where !waiting.isEmpty:
        let number = waiting[random.below(waiting.count)]
        steps.append("fail #\(number)")
        let error = RequestError(.status, "server error \(number)")
        model.fail(number: number, error: error)
        manual.fail(number: number, with: error)
        await tasks[number]?.value
      default:
        steps.append("cancel")
        model.cancel()
        list.cancel()
      }
      if list.items != model.items { return "\(steps): items \(list.items) != \(model.items)" }
      if list.state != model.state { return "\(steps): state \(list.state) != \(model.state)" }
      if list.currentPage != model.currentPage {
        return
          "\(steps): page \(String(describing: list.currentPage)) != \(String(describing: model.currentPage))"
      }
      if list.hasMore != model.hasMore { return "\(steps): hasMore \(list.hasMore)" }
      if list.lastStatus != model.lastStatus {
        return "\(steps): status \(list.lastStatus) != \(model.lastStatus)"
      }
      if list.nextKey != model.nextKey || list.repeatedKey != model.repeatedKey {
        return "\(steps): next key \(String(describing: list.nextKey)), repeated "
          + "\(String(describing: list.repeatedKey)) != \(String(describing: model.nextKey)), "
          + "\(String(describing: model.repeatedKey))"
      }
      if manual.keys != model.keysAsked {
        return "\(steps): keys asked \(manual.keys) != \(model.keysAsked)"
      }
    }
    // Let the requests still waiting end, so no task is left suspended.
    for number in manual.waitingNumbers {
      manual.fail(number: number, with: RequestError(.cancelled, "test over"))
      await tasks[number]?.value
    }
    return nil
  }
}
