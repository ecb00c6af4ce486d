import CatenaDataSource
import CatenaHeadless
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// The loads of a pager on a source the test answers: each load's stream, in the order asked,
/// and how many of the answers and ends given the pager has taken.
final class ScriptedLoads: @unchecked Sendable {
  struct Load {
    let page: Int
    let continuation: AsyncThrowingStream<Page<Row>, any Error>.Continuation
  }
  // NB: `lock` guards `loads`, `ended`, `given` and `taken`.
  private let lock = NSLock()
  private var loads: [Load] = []
  private var ended: Set<Int> = []
  /// Per load: the answers and ends given, and those the pager's loop has taken.
  private var given: [Int] = []
  private var taken: [Int] = []

  /// Numbered pages, each load answered by the test.
  var source: PageSource<Row> {
    PageSource(keying: .index) { key, _ in
      guard case .index(let page) = key else { return AsyncThrowingStream { $0.finish() } }
      let (answers, continuation) = AsyncThrowingStream<Page<Row>, any Error>.makeStream()
      let number = self.lock.withLock { () -> Int in
        self.loads.append(Load(page: page, continuation: continuation))
        self.given.append(0)
        self.taken.append(0)
        return self.loads.count - 1
      }
      continuation.onTermination = { _ in _ = self.lock.withLock { self.ended.insert(number) } }
      let iterator = Iterator(answers.makeAsyncIterator())
      return AsyncThrowingStream {
        defer { self.lock.withLock { self.taken[number] += 1 } }
        return try await iterator.next()
      }
    }
  }

  /// The iterator of one load's answers, as the pager pulls them.
  final class Iterator: @unchecked Sendable {
    // NB: used by one loop at a time (the pager's).
    private var base: AsyncThrowingStream<Page<Row>, any Error>.Iterator
    init(_ base: AsyncThrowingStream<Page<Row>, any Error>.Iterator) { self.base = base }
    func next() async throws -> Page<Row>? { try await base.next() }
  }

  var count: Int { lock.withLock { loads.count } }
  func load(_ number: Int) -> Load { lock.withLock { loads[number] } }
  /// Whether load `number`'s stream has ended (answered to the end, failed, or cancelled).
  func hasEnded(_ number: Int) -> Bool { lock.withLock { ended.contains(number) } }

  /// Gives load `number` an answer.
  func answer(_ number: Int, _ rows: [Row]) {
    lock.withLock { given[number] += 1 }
    load(number).continuation.yield(Page(items: rows))
  }
  /// Ends load `number`'s answers, or fails it.
  func end(_ number: Int, failing: Bool = false) {
    lock.withLock { given[number] += 1 }
    if failing {
      load(number).continuation.finish(throwing: URLError(.notConnectedToInternet))
    } else {
      load(number).continuation.finish()
    }
  }
  /// Whether the pager has taken every answer and end given (a load it cancelled had taken
  /// all it was given before: it is cancelled only by a refresh, asked between two steps).
  var allTaken: Bool { lock.withLock { zip(taken, given).allSatisfy { $0 >= $1 } } }
}

/// What the list should show, told only what the test did and what the pager asked for: the
/// server's rows, what the cache keeps of each page, the pages each load brought, the edits.
struct InstantListModel {
  struct Load {
    let page: Int
    var kept: [Row]?
    var shown: [Row]?
    var open = true
    /// The server's page as the server read it when the load was asked for.
    var server: [Row] = []
    /// The writes (edits kept) before it was asked for: a load older than a write brings a
    /// page the cache does not keep.
    var writes = 0
  }
  struct Edit {
    let draft: Row
    var answer: Row?
    var committed = false
    /// The loads open when it was kept: it stays over the pages until they end.
    var awaiting: [Int] = []
  }

  let pageSize: Int
  var server: [Row]
  var cache: [Int: [Row]] = [:]
  var loads: [Load] = []
  var window: [(page: Int, rows: [Row])] = []
  var edits: [Edit] = []
  var nextID = 1_000
  var nextDraft = -1
  var online = true
  var writes = 0

  func serverPage(_ page: Int) -> [Row] {
    let start = (page - 1) * pageSize
    return Array(server[min(start, server.count)..<min(start + pageSize, server.count)])
  }

  /// The pager asked for `page`: a refresh (page 1) cancels every load still open.
  mutating func asked(_ page: Int) {
    if page == 1 { for index in loads.indices { loads[index].open = false } }
    loads.append(
      Load(page: page, kept: cache[page], server: serverPage(page), writes: writes))
  }

  /// Load `number` brought `rows` (its first answer, or a later one).
  mutating func answered(_ number: Int, _ rows: [Row]) {
    let load = loads[number]
    defer { loads[number].shown = rows }
    guard load.open else { return }
    var seen = Set<Int>()
    let unique = rows.filter { seen.insert($0.id).inserted }
    // A first answer, or a later one after an empty first answer that added no page.
    let inWindow = window.contains { $0.page == load.page }
    if load.shown == nil || (!inWindow && load.page != 1) {
      if load.page == 1 {
        window = [(1, unique)]
      } else if !rows.isEmpty {
        let loaded = Set(window.flatMap { $0.rows.map(\.id) })
        window.append((load.page, unique.filter { !loaded.contains($0.id) }))
      }
    } else if let index = window.firstIndex(where: { $0.page == load.page }) {
      // The server's page wins: what it holds leaves the other pages.
      for other in window.indices where other != index {
        window[other].rows.removeAll { seen.contains($0.id) }
      }
      window[index].rows = unique
    }
    foldCommittedEdits()
  }

  /// Folds the committed edits at the head of the queue whose loads have ended into the pages.
  mutating func foldCommittedEdits() {
    while let first = edits.first, first.committed, first.awaiting.allSatisfy({ !loads[$0].open }) {
      edits.removeFirst()
      var pages = window.map(\.rows)
      Self.apply(first, to: &pages)
      for index in window.indices { window[index].rows = pages[index] }
    }
  }

  static func apply(_ edit: Edit, to pages: inout [[Row]]) {
    func locate(_ id: Int) -> (Int, Int)? {
      for (page, rows) in pages.enumerated() {
        if let index = rows.firstIndex(where: { $0.id == id }) { return (page, index) }
      }
      return nil
    }
    guard !pages.isEmpty, locate(edit.draft.id) == nil else { return }
    pages[0].insert(edit.draft, at: 0)
    guard let answer = edit.answer, let found = locate(edit.draft.id) else { return }
    if answer.id != edit.draft.id, let other = locate(answer.id) {
      pages[other.0][other.1] = answer
      pages[found.0].remove(at: found.1)
    } else {
      pages[found.0][found.1] = answer
    }
  }

  /// The rows the list shows: the pages, and the edits not folded in, in order.
  var expected: [Row] {
    var pages = window.map(\.rows)
    for edit in edits { Self.apply(edit, to: &pages) }
    return pages.flatMap { $0 }
  }
}

@MainActor
@Suite("Instant lists against a model, over seeded sequences", .timeLimit(.minutes(10)))
struct InstantListModelTests {
  /// Random opens, kept and fresh pages arriving in any order across loads, revalidations
  /// answering "not modified" or new content, failures, the network going and coming back,
  /// server changes, and edits that succeed with the server's id or fail. After every step
  /// the table shows the model's rows, each id once, an offline row while offline, and no
  /// edit is lost.
  @Test func theTableShowsTheModelsRowsOverSeededSequences() async throws {
    var steps = 0
    for seed in UInt64(1)...1_000 {
      var random = SeededRandom(seed: seed)
      let size = 3 + random.below(3)
      let scripted = ScriptedLoads()
      let network = ManualReachability()
      let pager = Pager(
        PagerConfiguration(pageSize: size), source: scripted.source.following(network))
      let table = HeadlessTable(viewportHeight: Double(4 + random.below(6)) * 44)
      let (dataSource, _) = bindRows(pager, on: table)
      var model = InstantListModel(
        pageSize: size, server: (0..<random.below(4 * size)).map { Row($0, "r\($0) v0") })
      var gates: [(temp: Int, gate: AnswerGate<Row>, task: Task<EditResult, Never>)] = []
      var version = 0
      var trace: [String] = []

      // The next answer of load `number`: what the cache kept when it was asked, then the
      // server's (or "not modified": nothing more), which the cache keeps.
      func deliver(_ number: Int) {
        let load = model.loads[number]
        if let kept = load.kept, load.shown == nil {
          scripted.answer(number, kept)
          model.answered(number, kept)
        } else if model.online {
          // The page as the server read it when the load was asked for.
          let fresh = load.server
          if fresh != load.shown {
            scripted.answer(number, fresh)
            model.answered(number, fresh)
          }
          if load.writes == model.writes { model.cache[load.page] = fresh }
          scripted.end(number)
          model.loads[number].open = false
          model.foldCommittedEdits()
        }
      }
      // An edit's request ends: the server keeps it under its own id (and the cache drops the
      // list's pages), or it fails.
      func end(_ edit: Int, succeeding: Bool) async {
        let (temp, gate, task) = gates.remove(at: edit)
        guard let index = model.edits.firstIndex(where: { $0.draft.id == temp }) else { return }
        if succeeding {
          let sent = Row(model.nextID, "sent \(model.nextID)")
          model.nextID += 1
          model.server.insert(sent, at: 0)
          model.cache = [:]
          gate.answer(sent)
          _ = await task.value
          model.edits[index].answer = sent
          model.edits[index].committed = true
          model.edits[index].awaiting = model.loads.indices.filter {
            model.loads[$0].open && !scripted.hasEnded($0)
          }
          model.writes += 1
        } else {
          gate.fail()
          _ = await task.value
          model.edits.remove(at: index)
        }
        model.foldCommittedEdits()
      }
      func observeRequests() {
        while model.loads.count < scripted.count {
          model.asked(scripted.load(model.loads.count).page)
        }
        // A load the pager stopped has ended: the kept edits that waited for it join the pages.
        for number in model.loads.indices
        where model.loads[number].open && scripted.hasEnded(number) {
          model.loads[number].open = false
        }
        model.foldCommittedEdits()
      }
      // Rounds of main-actor turns and trips through the concurrency pool (where a stream's
      // element may travel before its loop hears it), until the pager has heard the network
      // and three rounds in a row change nothing the test checks.
      func settle() async throws {
        var quiet = 0
        var last = -1
        while quiet < 3 {
          for _ in 0..<10 { await Task.yield() }
          await Task.detached {}.value
          observeRequests()
          let signature = scripted.count * 7919 + pager.items.count
          let heard = pager.loadStates.isOffline == !model.online && scripted.allTaken
          quiet = signature == last && heard ? quiet + 1 : 0
          last = signature
        }
      }

      pager.refresh()
      try await settle()
      for _ in 0..<(8 + random.below(24)) {
        let open = model.loads.indices.filter { model.loads[$0].open && !scripted.hasEnded($0) }
        let op = random.below(10)
        trace.append(
          "op\(op) open\(open) items\(pager.items.map(\.id)) window\(model.window.map { "\($0.page):\($0.rows.map(\.id))" })"
        )
        switch op {
        case 0:
          pager.refresh()  // an open, or the user pulling
        case 1:
          table.scroll(toOffset: Double(random.below(4 * size)) * 44)
        case 2, 3, 4:
          guard let number = open.randomElement(using: &random) else { break }
          deliver(number)
        case 5:
          guard let number = open.randomElement(using: &random) else { break }
          scripted.end(number, failing: true)
          model.loads[number].open = false
          model.foldCommittedEdits()
        case 6:
          model.online.toggle()
          network.isReachable = model.online
        case 7:
          // The server changes: a row on top, a row gone, or a row edited.
          version += 1
          switch random.below(3) {
          case 0:
            model.server.insert(Row(model.nextID, "r\(model.nextID) v\(version)"), at: 0)
            model.nextID += 1
          case 1 where !model.server.isEmpty:
            model.server.remove(at: random.below(model.server.count))
          default:
            if !model.server.isEmpty {
              let index = random.below(model.server.count)
              model.server[index].title = "r\(model.server[index].id) v\(version)"
            }
          }
        case 8:
          let draft = Row(model.nextDraft, "draft \(model.nextDraft)")
          model.nextDraft -= 1
          let gate = AnswerGate(Row.self)
          let task = pager.edit(.insert(draft, at: .start), request: gate.request)
          model.edits.append(.init(draft: draft))
          gates.append((draft.id, gate, task))
        default:
          guard !gates.isEmpty else { break }
          await end(random.below(gates.count), succeeding: random.chance(70))
        }
        try await settle()
        steps += 1
        let expected = model.expected
        let shown = dataSource.snapshot?.allItems.compactMap(\.item) ?? []
        #expect(pager.items == expected, "seed \(seed): the pager's rows")
        #expect(shown == pager.items, "seed \(seed): the table shows the pager's rows")
        #expect(Set(shown.map(\.id)).count == shown.count, "seed \(seed): an id twice")
        #expect(pager.loadStates.isOffline == !model.online, "seed \(seed)")
        if !model.online {
          #expect(dataSource.snapshot?.allItems.first?.status == .offline, "seed \(seed)")
        }
        if pager.items != expected || shown != pager.items {
          print(trace.joined(separator: "\n"))
          return
        }
      }
      // At the end, the network back, every edit kept, the list opened again and every
      // answer in: the list is the server's, nothing lost.
      model.online = true
      network.isReachable = true
      while !gates.isEmpty { await end(0, succeeding: true) }
      pager.refresh()
      try await settle()
      for _ in 0..<40 {
        let open = model.loads.indices.filter { model.loads[$0].open && !scripted.hasEnded($0) }
        guard let number = open.first else { break }
        deliver(number)
        try await settle()
      }
      #expect(pager.items == model.expected, "seed \(seed): the rows at the end")
      if pager.items != model.expected { print(trace.joined(separator: "\n")) }
      #expect(pager.items == Array(model.server.prefix(pager.items.count)), "seed \(seed): lost")
      #expect(!pager.items.isEmpty || model.server.isEmpty, "seed \(seed)")
    }
    #expect(steps > 15_000)
  }
}
