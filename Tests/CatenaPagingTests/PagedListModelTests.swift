import CatenaPaging
import CatenaRequest
import CatenaTesting
import Testing

/// The paging rules written as plainly as possible, to check the real list against.
struct PagingModel {
  let pageSize: Int
  let firstPage: Int
  var items: [Row] = []
  var lastLoadedPage: Int?
  var hasMore = false
  var state: PagingState = .idle
  var lastStatus: LoadStatus = .noExecute
  /// The running load: its request number, page, and whether it is a first page.
  var running: (number: Int, page: Int, isFirst: Bool)?
  var requestsMade = 0

  var currentPage: Int? { running?.page ?? lastLoadedPage }

  var resting: PagingState {
    guard lastLoadedPage != nil else { return .idle }
    return items.isEmpty && !hasMore ? .empty : .loaded(hasMore: hasMore)
  }

  mutating func start(page: Int, isFirst: Bool) {
    running = (requestsMade, page, isFirst)
    requestsMade += 1
    state = isFirst ? .loadingFirstPage : .loadingNextPage
    lastStatus = .onGoing
  }

  /// Returns whether a load starts.
  mutating func refresh() -> Bool {
    if running != nil { lastStatus = .canceled }
    start(page: firstPage, isFirst: true)
    return true
  }

  mutating func loadNextPage() -> Bool {
    guard running == nil, let lastLoadedPage, hasMore else { return false }
    start(page: lastLoadedPage + 1, isFirst: false)
    return true
  }

  mutating func cancel() {
    guard running != nil else { return }
    running = nil
    lastStatus = .canceled
    state = resting
  }

  mutating func respond(number: Int, with page: [Row]) {
    guard let load = running, load.number == number else { return }  // stale
    running = nil
    if load.isFirst {
      items = page
      lastLoadedPage = load.page
      hasMore = page.count >= pageSize
      lastStatus = page.isEmpty ? .noData : .success
    } else if page.isEmpty {
      hasMore = false
      lastStatus = .noData
    } else {
      items += page
      lastLoadedPage = load.page
      hasMore = page.count >= pageSize
      lastStatus = .success
    }
    state = resting
  }

  mutating func fail(number: Int, error: RequestError) {
    guard let load = running, load.number == number else { return }
    running = nil
    state = .failed(PageLoadError(page: load.page, isFirstPage: load.isFirst, error: error))
    lastStatus = .networkFailure
  }
}

@MainActor
@Suite("Paged list against a reference model")
struct PagedListModelTests {
  @Test func randomSequencesAgreeWithTheModel() async {
    for seed in 0..<2_000 as Range<UInt64> {
      let failure = await run(seed: seed)
      #expect(failure == nil, "seed \(seed): \(failure ?? "")")
      if failure != nil { return }
    }
  }

  /// Runs one seeded sequence of 30 steps; returns what disagreed, if anything.
  func run(seed: UInt64) async -> String? {
    var random = SeededRandom(seed: seed)
    let manual = ManualSource()
    let pageSize = 1 + random.below(4)
    let firstPage = random.below(2)
    let list = PagedList(pageSize: pageSize, firstPage: firstPage, source: manual.source)
    var model = PagingModel(pageSize: pageSize, firstPage: firstPage)
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
        steps.append("answer #\(number) with \(count)")
        model.respond(number: number, with: page)
        manual.respond(number: number, with: Page(items: page))
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
    }
    // Let the requests still waiting end, so no task is left suspended.
    for number in manual.waitingNumbers {
      manual.fail(number: number, with: RequestError(.cancelled, "test over"))
      await tasks[number]?.value
    }
    return nil
  }
}
