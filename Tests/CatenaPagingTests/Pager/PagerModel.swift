import CatenaPaging

/// The two-way pager's rules written as plainly as possible (numbered pages), to check the
/// real pager against: a window of pages as they were answered, the pages dropped on either
/// side, one load per direction, and the edits shown on top in the order they were made.
struct PagerModel {
  struct Loaded {
    var page: Int
    var rows: [Row]
    var previous: Int?
    var next: Int?
  }

  struct Load {
    var page: Int
    var request: Int
    var fromStack: Bool
  }

  let pageSize: Int
  let maxPages: Int?
  var window: [Loaded] = []
  var droppedBefore: [Int] = []
  var droppedAfter: [Int] = []
  var running: [LoadDirection: Load] = [:]
  /// A direction's failure (the page that failed), until it loads or a refresh lands.
  var failed: [LoadDirection: Int] = [:]
  var refreshPage: Int?
  var requests = 0
  /// Edits not yet folded in: number, edit, settled well, and the loads running when it was
  /// kept (their pages may predate it: it stays on top until they end).
  var edits: [(number: Int, edit: ItemEdit<Row>, kept: Bool, awaiting: Set<Int>)] = []

  func nextPage(_ direction: LoadDirection) -> (page: Int, fromStack: Bool)? {
    switch direction {
    case .refresh: return refreshPage.map { ($0, false) }
    case .prepend:
      if let page = droppedBefore.last { return (page, true) }
      return window.first?.previous.map { ($0, false) }
    case .append:
      if let page = droppedAfter.last { return (page, true) }
      return window.last?.next.map { ($0, false) }
    }
  }

  /// Starts a load; returns its page when one starts.
  mutating func start(_ direction: LoadDirection, _ page: Int, fromStack: Bool) -> Int {
    running[direction] = Load(page: page, request: requests, fromStack: fromStack)
    failed[direction] = nil  // loading again: the failure is no longer shown
    requests += 1
    return page
  }

  /// A scroll (or a prefetch) towards `direction`.
  mutating func scroll(_ direction: LoadDirection) -> Int? {
    guard running[.refresh] == nil, running[direction] == nil, !window.isEmpty,
      failed[direction] == nil, let next = nextPage(direction)
    else { return nil }
    return start(direction, next.page, fromStack: next.fromStack)
  }

  /// The app's own load (a tap on "Retry" in a footer): also runs a failed direction.
  mutating func load(_ direction: LoadDirection) -> Int? {
    guard running[.refresh] == nil, running[direction] == nil, !window.isEmpty,
      let next = nextPage(direction)
    else { return nil }
    return start(direction, next.page, fromStack: next.fromStack)
  }

  mutating func refresh(at page: Int) -> Int {
    running = [:]
    fold()
    refreshPage = page
    return start(.refresh, page, fromStack: false)
  }

  /// `retry()`: the failed refresh, else each failed direction; the pages started.
  mutating func retry() -> [Int] {
    if failed[.refresh] != nil, let refreshPage {
      running = [:]
      fold()
      return [start(.refresh, refreshPage, fromStack: false)]
    }
    return [LoadDirection.prepend, .append].compactMap { direction in
      failed[direction] == nil ? nil : load(direction)
    }
  }

  mutating func cancel() {
    running = [:]
    fold()
  }

  /// Request `request` failed; whether anything changes.
  mutating func fail(request: Int) {
    guard let (direction, load) = running.first(where: { $0.value.request == request }) else {
      return
    }
    running[direction] = nil
    failed[direction] = load.page
    fold()
  }

  /// Request `request` answered `rows` (`full`: the server sent a whole page).
  mutating func answer(request: Int, rows answered: [Row], full: Bool) {
    guard let (direction, load) = running.first(where: { $0.value.request == request }) else {
      return
    }
    running[direction] = nil
    failed[direction] = nil
    var loaded = Loaded(
      page: load.page, rows: answered, previous: load.page > 1 ? load.page - 1 : nil,
      next: full ? load.page + 1 : nil)
    switch direction {
    case .refresh:
      loaded.rows = admit(answered, against: [])
      window = [loaded]
      droppedBefore = []
      droppedAfter = []
      failed = [:]
    case .prepend:
      if load.fromStack { droppedBefore.removeLast() }
      if answered.isEmpty && !load.fromStack {
        window[0].previous = nil
        break
      }
      loaded.rows = admit(answered, against: window)
      window.insert(loaded, at: 0)
      var dropped = false
      while let maxPages, window.count > maxPages {
        droppedAfter.append(window.removeLast().page)
        dropped = true
      }
      if dropped { running[.append] = nil }
    case .append:
      if load.fromStack { droppedAfter.removeLast() }
      if answered.isEmpty && !load.fromStack {
        window[window.count - 1].next = nil
        break
      }
      loaded.rows = admit(answered, against: window)
      window.append(loaded)
      var dropped = false
      while let maxPages, window.count > maxPages {
        droppedBefore.append(window.removeFirst().page)
        dropped = true
      }
      if dropped { running[.prepend] = nil }
    }
    fold()
  }

  /// `rows` less the ids already loaded and those repeated within it (the loaded ones stay).
  func admit(_ rows: [Row], against window: [Loaded]) -> [Row] {
    var seen = Set(window.flatMap { $0.rows.map(\.id) })
    return rows.filter { seen.insert($0.id).inserted }
  }

  var states: LoadStates {
    var states = LoadStates()
    for direction in LoadDirection.allCases {
      if running[direction] != nil {
        states[direction] = .loading
      } else if let page = failed[direction] {
        states[direction] = .failed(
          PageLoadError(direction, key: .index(page), error: ModelFailure.offline))
      } else if direction != .refresh, !window.isEmpty, nextPage(direction) == nil {
        states[direction] = .end
      }
    }
    return states
  }

  // MARK: Edits

  mutating func edit(_ number: Int, _ edit: ItemEdit<Row>, kept: Bool) {
    edits.append((number, edit, kept, kept ? Set(running.values.map(\.request)) : []))
    fold()
  }

  mutating func settle(_ number: Int, kept: Bool) {
    guard let index = edits.firstIndex(where: { $0.number == number }) else { return }
    if kept {
      edits[index].kept = true
      edits[index].awaiting = Set(running.values.map(\.request))
    } else {
      edits.remove(at: index)
    }
    fold()
  }

  /// Kept edits at the head of the queue whose loads have ended become part of the pages.
  private mutating func fold() {
    let requests = Set(running.values.map(\.request))
    while let first = edits.first, first.kept, first.awaiting.isDisjoint(with: requests) {
      edits.removeFirst()
      var pages = window.map(\.rows)
      apply(first.edit, to: &pages)
      for index in window.indices { window[index].rows = pages[index] }
    }
  }

  var items: [Row] {
    var pages = window.map(\.rows)
    for pending in edits { apply(pending.edit, to: &pages) }
    return pages.flatMap { $0 }
  }

  /// One edit on pages of rows: by id, nothing when the id (or the place) is not loaded.
  func apply(_ edit: ItemEdit<Row>, to pages: inout [[Row]]) {
    func find(_ id: Int) -> (Int, Int)? {
      for p in pages.indices {
        for i in pages[p].indices where pages[p][i].id == id { return (p, i) }
      }
      return nil
    }
    func spot(_ position: EditPosition<Int>) -> (Int, Int)? {
      guard !pages.isEmpty else { return nil }
      switch position {
      case .start: return nextPage(.prepend) == nil ? (0, 0) : nil
      case .end: return nextPage(.append) == nil ? (pages.count - 1, pages.last?.count ?? 0) : nil
      case .before(let id): return find(id)
      case .after(let id): return find(id).map { ($0.0, $0.1 + 1) }
      }
    }
    switch edit {
    case .insert(let row, let position):
      if find(row.id) == nil, let (p, i) = spot(position) { pages[p].insert(row, at: i) }
    case .update(let row):
      if let (p, i) = find(row.id) { pages[p][i] = row }
    case .delete(let id):
      if let (p, i) = find(id) { pages[p].remove(at: i) }
    case .move(let id, let position):
      guard let (p, i) = find(id), position != .before(id), position != .after(id) else { return }
      let row = pages[p].remove(at: i)
      if let (q, j) = spot(position) { pages[q].insert(row, at: j) }
    }
  }
}

/// The failure the model's server gives.
enum ModelFailure: Error, CustomStringConvertible {
  case offline
  var description: String { "offline" }
}
