import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A request the test answers: it waits until `succeed()` or `fail()`.
typealias Gate = AnswerGate<Void>

extension AnswerGate where Value == Void {
  convenience init() { self.init(Void.self) }
  func succeed() { answer(()) }
}

/// A request the test answers with a value, or fails.
final class AnswerGate<Value: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `continuation` and `result`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, any Error>?
  private var result: Result<Value, any Error>?

  init(_: Value.Type) {}

  /// The request to hand an edit.
  var request: @Sendable () async throws -> Value {
    {
      try await withCheckedThrowingContinuation { continuation in
        let ready = self.lock.withLock { () -> Result<Value, any Error>? in
          if let result = self.result { return result }
          self.continuation = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    }
  }

  func answer(_ value: Value) { open(.success(value)) }
  func fail() { open(.failure(RequestError(.transport, "offline"))) }

  private func open(_ outcome: Result<Value, any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<Value, any Error>? in
      result = outcome
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(with: outcome)
  }
}

@MainActor
@Suite("Pager: edits in place, optimistic, rolled back on failure")
struct PagerEditTests {
  let source = ManualSource()

  @Test func anEditShowsAtOnceAndStaysWhenItsRequestSucceeds() async {
    let pager = await source.loadedPager()
    let gate = Gate()
    let edit = pager.edit(.update(Row(3, "Edited")), request: gate.request)
    #expect(pager.items[3].title == "Edited")
    #expect(pager.pendingEditCount == 1)
    gate.succeed()
    #expect(await edit.value.isApplied)
    #expect(pager.items[3].title == "Edited")
    #expect(pager.pendingEditCount == 0)
  }

  @Test func aFailedEditLeavesNoTrace() async {
    let pager = await source.loadedPager()
    let before = pager.items
    let gates = [Gate(), Gate(), Gate(), Gate()]
    let edits = [
      pager.edit(.update(Row(3, "Edited")), request: gates[0].request),
      pager.edit(.delete(5), request: gates[1].request),
      pager.edit(.insert(Row(100), at: .after(7)), request: gates[2].request),
      pager.edit(.move(0, to: .end), request: gates[3].request),
    ]
    #expect(pager.items.map(\.id) == [1, 2, 3, 4, 6, 7, 100, 8, 9])
    for gate in gates { gate.fail() }
    for edit in edits { #expect(await !edit.value.isApplied) }
    #expect(pager.items == before)
  }

  @Test func editsKeepTheirOrderWhateverOrderTheirRequestsAnswerIn() async {
    let pager = await source.loadedPager()
    let (first, second) = (Gate(), Gate())
    let a = pager.edit(.update(Row(3, "First")), request: first.request)
    let b = pager.edit(.update(Row(3, "Second")), request: second.request)
    second.succeed()
    _ = await b.value
    #expect(pager.items[3].title == "Second")
    first.succeed()
    _ = await a.value
    #expect(pager.items[3].title == "Second", "the later edit wins")
    let c = pager.edit(.update(Row(3, "Third")), request: first.request)
    _ = await c.value
    #expect(pager.items[3].title == "Third")
  }

  @Test func anEditInFlightSurvivesARefreshAndIsAppliedOnce() async {
    let pager = await source.loadedPager()
    let gate = Gate()
    let insert = pager.edit(.insert(Row(100, "New"), at: .start), request: gate.request)
    #expect(pager.items.first?.id == 100, "the list's start is loaded")
    let refresh = pager.refresh()
    await source.waitForRequests(2)
    // The server already has the new row when the refresh answers.
    source.respond(with: Page(items: [Row(100, "New")] + rows(0..<9)))
    await refresh.ended()
    #expect(pager.items.map(\.id) == [100] + Array(0..<9))
    gate.succeed()
    _ = await insert.value
    #expect(pager.items.filter { $0.id == 100 }.count == 1, "applied once")
  }

  /// C5: a refresh whose server read came before the edit was kept lands after it: the kept
  /// edit stays shown, and joins the pages once that load has ended.
  @Test func aKeptEditOutlivesAPageReadBeforeIt() async {
    let pager = await source.loadedPager()
    let refresh = pager.refresh()
    await source.waitForRequests(2)
    // The server read the page for the refresh; then the user edits, and the edit is kept.
    let gate = Gate()
    let edit = pager.edit(.update(Row(3, "Liked")), request: gate.request)
    gate.succeed()
    #expect(await edit.value.isApplied)
    #expect(pager.items[3].title == "Liked")
    source.respond(with: Page(items: rows(0..<9)))  // read before the edit: not liked
    await refresh.ended()
    #expect(pager.items[3].title == "Liked", "the kept edit is not overwritten")
    #expect(pager.pendingEditCount == 0, "kept: it waits for no request")
    // A later refresh, read after the edit, is the server's own word.
    let later = pager.refresh()
    await source.waitForRequests(3)
    source.respond(with: Page(items: rows(0..<9)))
    await later.ended()
    #expect(pager.items[3].title == "Row 3", "the pages hold what the last load read")
  }

  @Test func anInsertAtTheEndShowsOnlyWhenTheEndIsLoaded() async {
    let pager = await source.loadedPager(showing: 0..<10)
    pager.edit(.insert(Row(100), at: .end))
    #expect(!pager.items.contains { $0.id == 100 }, "more pages follow: the end is not loaded")
    let next = pager.loadNext()
    await source.waitForRequests(2)
    source.respond(with: page(10..<15))
    await next.ended()
    #expect(pager.items.last?.id == 15 - 1, "kept edits are folded into the pages as they were")
  }

  @Test func editsOfItemsDroppedWithTheirPageComeBackWithIt() async {
    let pager = Pager(PagerConfiguration(pageSize: 10, maxLoadedPages: 2), source: source.source)
    let first = pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: page(0..<10))
    await first.ended()
    let gate = Gate()
    pager.edit(.update(Row(2, "Edited")), request: gate.request)
    for (count, range) in [(2, 10..<20), (3, 20..<30)] {
      let next = pager.loadNext()
      await source.waitForRequests(count)
      source.respond(with: page(range))
      await next.ended()
    }
    #expect(pager.items.first?.id == 10, "page 1 dropped")
    let back = pager.loadPrevious()
    await source.waitForRequests(4)
    source.respond(with: page(0..<10))
    await back.ended()
    #expect(pager.items[2].title == "Edited", "still in flight: shown on the reloaded page")
    gate.fail()
    for _ in 0..<10_000 where pager.pendingEditCount > 0 { await Task.yield() }
    #expect(pager.pendingEditCount == 0, "every edit ended")
    #expect(pager.items[2].title == "Row 2")
  }
}
