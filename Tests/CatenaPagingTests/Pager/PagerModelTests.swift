import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaTesting
import Foundation
import Testing

/// One seeded sequence against a real pager and the model.
@MainActor
struct PagerRun {
  let source = ManualSource()
  let pager: Pager<Row>
  var model: PagerModel
  var random: SeededRandom
  let lastPage: Int
  let events = LoadEvents()
  /// A table nothing shows on (no row comes on screen or is prefetched, so only the steps
  /// load), bound to the pager: it must show the model's rows.
  let table = HeadlessTable(viewportHeight: 0)
  let dataSource = SectionedDataSource<String, PagerRow<Row>>()
  var gates: [Int: (gate: Gate, task: Task<EditResult, Never>)] = [:]
  var editNumber = 0
  var freshID = 10_000
  var steps = 0
  let seed: UInt64
  /// Whether a check failed.
  var failed = false
  /// What each step did, to print for a failing seed (kept when `tracing`: a failing seed is
  /// run again with it).
  var trace: [String] = []
  let tracing: Bool

  init(seed: UInt64, tracing: Bool = false) {
    self.seed = seed
    self.tracing = tracing
    random = SeededRandom(seed: seed)
    let size = 3 + random.below(3)
    let maxPages = [nil, 2, 3, 4][random.below(4)]
    lastPage = 2 + random.below(8)
    model = PagerModel(pageSize: size, maxPages: maxPages)
    pager = Pager(
      PagerConfiguration(pageSize: size, maxLoadedPages: maxPages), source: source.source)
    let events = events
    pager.log = PagerLog { events.record($0) }
    table.prefetchDistance = 0
    dataSource.bind(table).configureCell(TextCell.self, reuseIdentifier: "row") { _, _ in }
    pager.bind(dataSource, section: "rows")
  }

  /// What the server has on `page` now: full pages up to the last, which may be short; now and
  /// then a row of the page before is repeated (a list that moved between two requests).
  mutating func serverRows(_ page: Int) -> [Row] {
    guard page >= 1, page <= lastPage else { return [] }
    let size = model.pageSize
    let count = page == lastPage ? 1 + (lastPage * 7) % size : size
    var answer = rows((page - 1) * size..<(page - 1) * size + count)
    if page > 1, random.chance(15) { answer[0] = Row((page - 1) * size - 1) }
    return answer
  }

  mutating func step() async throws {
    steps += 1
    let before = source.requests.count
    var expected: [Int] = []
    switch random.below(20) {
    case 0..<3:
      let page = random.chance(50) ? 1 : 1 + random.below(lastPage + 1)
      pager.refresh(at: .index(page))
      expected = [model.refresh(at: page)]
      note("refresh at \(page)")
    case 3..<6:
      _ = pager.load(.append, cause: .scroll)
      expected = model.scroll(.append).map { [$0] } ?? []
      note("scroll down")
    case 6..<9:
      _ = pager.load(.prepend, cause: .scroll)
      expected = model.scroll(.prepend).map { [$0] } ?? []
      note("scroll up")
    case 9:
      pager.retry()
      expected = model.retry()
      note("retry")
    case 10:
      if random.chance(50) {
        _ = pager.loadNext()
        expected = model.load(.append).map { [$0] } ?? []
        note("load next")
      } else {
        pager.cancel()
        model.cancel()
        note("cancel")
      }
    case 11..<16:
      try await answer()
    case 16..<18:
      edit()
    default:
      await settle()
    }
    // The loads' requests are made from their tasks: let them run (bounded, so a load the
    // model expects and the pager did not start fails instead of hanging).
    var turns = 0
    while source.requests.count < before + expected.count, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    let asked = source.keys.dropFirst(before).map { key -> Int in
      if case .index(let page)? = key { page } else { -1 }
    }
    #expect(asked.sorted() == expected.sorted(), "the loads started, seed \(seed)")
    if !failed, asked.sorted() != expected.sorted() {
      if tracing { Issue.record("seed \(seed): \(trace.joined(separator: "\n"))") }
      failed = true
    }
    try check()
  }

  /// Answers a waiting request (live or one whose load was cancelled): a page, an empty page,
  /// or a failure.
  mutating func answer() async throws {
    let waiting = source.waitingNumbers
    guard !waiting.isEmpty else { return }
    let number = waiting[random.below(waiting.count)]
    let page = source.requests[number].page
    let live = model.running.values.contains { $0.request == number }
    let ended = endedCount
    note("answer request \(number) for page \(page)\(live ? "" : " (stale)")")
    switch random.below(10) {
    case 0..<2:
      amend(": failure")
      source.fail(number: number, with: ModelFailure.offline)
      model.fail(request: number)
    case 2:
      amend(": empty")
      source.respond(number: number, with: Page(items: []))
      model.answer(request: number, rows: [], full: false)
    default:
      let rows = serverRows(page)
      amend(": \(rows.map(\.id))")
      source.respond(number: number, with: Page(items: rows))
      model.answer(request: number, rows: rows, full: rows.count == model.pageSize)
    }
    if live {
      await waitForEnd(after: ended, "request \(number) for page \(page)")
    } else {
      for _ in 0..<3 { await Task.yield() }  // a dropped answer changes nothing
    }
  }

  var endedCount: Int { events.ended }

  /// Lets the answered load finish: until the log has more than `ended` endings. A load the
  /// model thought live but the pager did not end fails the sequence instead of hanging.
  mutating func waitForEnd(after ended: Int, _ what: String) async {
    var turns = 0
    while endedCount == ended, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    if endedCount == ended {
      Issue.record("seed \(seed), step \(steps): \(what) did not end a load")
      failed = true
    }
  }

  /// Makes an edit with a request that waits for `settle()`.
  mutating func edit() {
    let ids = model.items.map(\.id)
    let some = { (random: inout SeededRandom) -> Int in
      ids.isEmpty ? 0 : ids[random.below(ids.count)]
    }
    let positions: [EditPosition<Int>] = [
      .start, .end, .before(some(&random)), .after(some(&random)),
    ]
    let edit: ItemEdit<Row>
    switch random.below(4) {
    case 0:
      freshID += 1
      // Now and then an id already loaded: it must not show twice.
      let id = random.chance(20) ? some(&random) : freshID
      edit = .insert(Row(id, "New \(id)"), at: positions[random.below(4)])
    case 1: edit = .update(Row(some(&random), "Edited \(steps)"))
    case 2: edit = .delete(some(&random))
    default: edit = .move(some(&random), to: positions[random.below(4)])
    }
    editNumber += 1
    let gate = Gate()
    let task = pager.edit(edit, request: gate.request)
    let number = editNumber
    note("edit \(number): \(edit)")
    gates[editNumber] = (gate, task)
    model.edit(editNumber, edit, kept: false)
  }

  /// Answers one edit's request, well or not.
  mutating func settle() async {
    guard
      let number = gates.keys.sorted().first(where: { _ in random.chance(60) })
        ?? gates.keys.sorted().first,
      let (gate, task) = gates.removeValue(forKey: number)
    else { return }
    let kept = random.chance(70)
    note("settle edit \(number): " + (kept ? "kept" : "failed"))
    if kept { gate.succeed() } else { gate.fail() }
    _ = await task.value
    model.settle(number, kept: kept)
  }

  mutating func note(_ line: @autoclosure () -> String) {
    if tracing { trace.append(line()) }
  }

  mutating func amend(_ tail: @autoclosure () -> String) {
    if tracing, !trace.isEmpty { trace[trace.count - 1] += tail() }
  }

  /// Plays sequence `seed` to its end.
  static func play(seed: UInt64, tracing: Bool = false) async throws -> PagerRun {
    var run = PagerRun(seed: seed, tracing: tracing)
    for _ in 0..<(10 + run.random.below(40)) {
      try await run.step()
    }
    try await run.drain()
    return run
  }

  /// The pager shows what the model says, and no load ran twice or ended twice.
  mutating func check() throws {
    let context = "seed \(seed), step \(steps)"
    let items = pager.items == model.items
    let states = pager.loadStates == model.states
    #expect(items, "items, \(context)")
    let shown = dataSource.snapshot?.allItems.compactMap(\.item) ?? []
    #expect(shown == model.items, "the table's rows, \(context)")
    #expect(states, "states, \(context)")
    #expect(Set(pager.items.map(\.id)).count == pager.items.count, "each id once, \(context)")
    if tracing, !failed, !items || !states {
      Issue.record(
        """
        seed \(seed): \(trace.joined(separator: "\n"))
        pager: \(pager.items.map(\.id)) \(pager.loadStates)
        model: \(model.items.map(\.id)) \(model.states)
        """)
    }
    failed = failed || !items || !states
    if let maxPages = model.maxPages { #expect(pager.loadedPageCount <= maxPages) }
    #expect(events.overlaps.isEmpty, "two loads at once: \(events.overlaps), \(context)")
    #expect(events.unmatched.isEmpty, "ended twice: \(events.unmatched), \(context)")
  }

  /// Answers everything still waiting and settles every edit; every load then has ended.
  mutating func drain() async throws {
    // One at a time: an answer may drop pages and cancel the load at the other edge.
    while !failed, let load = model.running.values.min(by: { $0.request < $1.request }) {
      let ended = endedCount
      let rows = serverRows(load.page)
      source.respond(number: load.request, with: Page(items: rows))
      model.answer(request: load.request, rows: rows, full: rows.count == model.pageSize)
      await waitForEnd(after: ended, "draining request \(load.request)")
    }
    while !gates.isEmpty { await settle() }
    try check()
    #expect(events.started == events.ended, "every started load ended once, seed \(seed)")
    #expect(pager.pendingEditCount == 0)
  }
}

@MainActor
@Suite("Pager against its model, over seeded sequences")
struct PagerModelTests {
  /// Random refreshes (from the start or a page), scrolls both ways, retries, cancels, answers
  /// (pages, empty pages, failures, late answers to cancelled loads, rows repeated across
  /// pages), and edits whose requests succeed or fail, through windows of 2 to 4 pages or
  /// none. After every step the pager shows the model's rows and states; no direction ever
  /// has two loads, every started load ends exactly once, and edits are never lost, doubled,
  /// or left behind when rolled back.
  @Test func theModelHoldsOverSeededSequences() async throws {
    var steps = 0
    for seed in UInt64(1)...2_000 {
      let run = try await PagerRun.play(seed: seed)
      steps += run.steps
      if run.failed {
        // Once more with every step written down, for the report; one seed is enough.
        _ = try await PagerRun.play(seed: seed, tracing: true)
        break
      }
    }
    #expect(steps > 40_000)
  }
}

/// The loads a pager's log reports: how many started and ended, and any direction that started
/// a second load before the first ended, or ended a load it had not started.
final class LoadEvents: @unchecked Sendable {
  // NB: `lock` guards every property.
  private let lock = NSLock()
  private var open: Set<LoadDirection> = []
  private var counts = (started: 0, ended: 0)
  private var problems: (overlaps: [LoadDirection], unmatched: [LoadDirection]) = ([], [])

  func record(_ entry: PagerLogEntry) {
    lock.withLock {
      switch entry {
      case .started(let direction, _, _):
        counts.started += 1
        if !open.insert(direction).inserted { problems.overlaps.append(direction) }
      case .ended(let direction, _, _, _):
        counts.ended += 1
        if open.remove(direction) == nil { problems.unmatched.append(direction) }
      case .applied, .rejected:
        break
      }
    }
  }

  var started: Int { lock.withLock { counts.started } }
  var ended: Int { lock.withLock { counts.ended } }
  var overlaps: [LoadDirection] { lock.withLock { problems.overlaps } }
  var unmatched: [LoadDirection] { lock.withLock { problems.unmatched } }
}
