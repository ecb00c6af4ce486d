import CatenaDataSource
import CatenaDiff
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

@MainActor
@Suite("Pager: an edit reconciled with the server's item")
struct ReconciledEditTests {
  @Test func theServersItemTakesTheDraftsPlaceWithItsOwnId() async throws {
    let list = InstantList()
    try await list.loaded()
    let gate = AnswerGate(Row.self)
    let edit = list.pager.edit(.insert(Row(-1, "draft"), at: .after(2)), request: gate.request)
    #expect(list.pager.items[3] == Row(-1, "draft"))
    list.table.clearEvents()
    gate.answer(Row(500, "sent"))
    #expect(await edit.value.isApplied)
    #expect(list.pager.items[3] == Row(500, "sent"))
    #expect(!list.pager.items.contains { $0.id == -1 })
    #expect(list.pager.pendingEditCount == 0)
    // The row stays: updated in place, not deleted and inserted.
    let batches = list.table.events.compactMap { event -> BatchUpdate? in
      if case .batch(let batch) = event { batch } else { nil }
    }
    #expect(batches.allSatisfy { $0.itemDeletes.isEmpty && $0.itemInserts.isEmpty }, "\(batches)")
    #expect(batches.contains { $0.itemReconfigures == [ItemPath(item: 3, section: 0)] })
    #expect(list.harness.visibleRows[3] == "sent")
  }

  @Test func anUpdateTakesTheServersVersion() async throws {
    let source = ManualSource()
    let pager = await source.loadedPager()
    let gate = AnswerGate(Row.self)
    let edit = pager.edit(.update(Row(3, "mine")), request: gate.request)
    #expect(pager.items[3].title == "mine")
    gate.answer(Row(3, "the server's"))
    _ = await edit.value
    #expect(pager.items[3].title == "the server's")
  }

  @Test func whenAPageBroughtTheServersItemMeanwhileItShowsOnce() async throws {
    let source = ManualSource()
    let pager = await source.loadedPager()
    let gate = AnswerGate(Row.self)
    let edit = pager.edit(.insert(Row(-1, "draft"), at: .start), request: gate.request)
    // A refresh lands first, with the server's item already in it.
    let refresh = pager.refresh()
    await source.waitForRequests(2)
    source.respond(with: Page(items: [Row(500, "sent")] + rows(0..<9)))
    await refresh.ended()
    gate.answer(Row(500, "sent, answered"))
    _ = await edit.value
    #expect(pager.items.map(\.id) == [500] + Array(0..<9))
    #expect(pager.items[0].title == "sent, answered")
  }

  @Test func aFailedAnsweringEditRollsBack() async throws {
    let source = ManualSource()
    let pager = await source.loadedPager()
    let before = pager.items
    let gate = AnswerGate(Row.self)
    let edit = pager.edit(.insert(Row(-1, "draft"), at: .end), request: gate.request)
    gate.fail()
    #expect(await !edit.value.isApplied)
    #expect(pager.items == before)
  }

  @Test func aTrailingClosureReturningTheItemIsTheAnsweringEdit() async throws {
    let source = ManualSource()
    let pager = await source.loadedPager()
    let answering = pager.edit(.update(Row(1, "mine"))) { Row(1, "server") }
    _ = await answering.value
    #expect(pager.items[1].title == "server")
    let plain = pager.edit(.update(Row(2, "mine"))) {}
    _ = await plain.value
    #expect(pager.items[2].title == "mine")
  }

  @Test func aKeptEditDropsWhatTheCacheKeepsOfTheSourcesPages() async throws {
    let kept: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "max-age=600"]
    let transport = FixtureTransport()
      .route(.get, "rows", json: #"{"items": [{"id": 1}, {"id": 2}]}"#, headers: kept)
      .route(.get, "other", json: #"{"n": 1}"#, headers: kept)
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let cache = HTTPCache()
    api.cache = cache
    let source = PageSource<Row>.request(PageFormat(list: "items"), on: api) { page, size in
      Get("rows", ["page": .int(page), "size": .int(size)])
    } transform: { json in
      json["id"].int.map { Row($0) }
    }
    let pager = Pager(source: source)
    await pager.refresh().ended()
    #expect(pager.items.map(\.id) == [1, 2])
    _ = try await Get("other").json().value(on: api)
    let before = cache.byteCount
    #expect(before > 0)
    let gate = Gate()
    let edit = pager.edit(.delete(1), request: gate.request)
    #expect(cache.byteCount == before, "nothing is dropped before the server keeps the edit")
    gate.succeed()
    _ = await edit.value
    #expect(cache.byteCount > 0 && cache.byteCount < before, "the pages went; `other` stayed")
    // Opened again, the list has no kept page to show: the server's comes first.
    let reopened = Pager(source: source)
    await reopened.refresh().ended()
    #expect(transport.requests.filter { $0.url.path.hasSuffix("rows") }.count == 2)
  }
}
