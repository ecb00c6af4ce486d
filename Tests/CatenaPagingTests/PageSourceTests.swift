import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

struct House: Identifiable, Equatable, Sendable, Decodable {
  var id: Int
  var title: String

  /// The article's transform block: nil for an entry it cannot read.
  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.id = id
    self.title = title
  }

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

func houseJSON(_ house: House) -> JSONValue {
  ["id": .int(house.id), "title": .string(house.title)]
}

@MainActor
@Suite("Page sources")
struct PageSourceTests {
  let transport = FixtureTransport()
  var api: Client { Client(baseURL: URL(string: "https://api.example.com/"), transport: transport) }

  func housesSource(
    _ format: PageFormat = PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
  ) -> PageSource<House> {
    .request(format, on: api) { page, size in
      Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
    } transform: {
      House(json: $0)
    }
  }

  @Test func aSourceNumberedFromZeroIsAskedForPageZeroFirstThroughAMap() async throws {
    let fixture = FixturePages(count: 25, firstPage: 0, serverPageSize: 10) {
      House(id: $0, title: "House \($0)")
    }
    fixture.route(on: transport, "houses", list: "Data.HouseList", encode: houseJSON)
    // The number is the source's: it survives a map, and a pager needs no setting of its own.
    let source = housesSource().firstPage(0).compactMap { $0.id % 2 == 0 ? $0 : nil }
    let list = Pager(source: source)
    await list.refresh().ended()
    await list.loadNext().ended()
    #expect(list.items.map(\.id) == Array(stride(from: 0, to: 20, by: 2)))
    #expect(list.unreadableCount == 10, "the odd houses, left out by the map")
    let sent = transport.requests.map { $0.url.query ?? "" }
    #expect(sent == ["pageIndex=0&pageSize=20", "pageIndex=1&pageSize=20"])
    // A new source with the default numbering starts again at page 1.
    await list.refresh(from: housesSource()).ended()
    #expect(transport.requests.last?.url.query == "pageIndex=1&pageSize=20")
  }

  @Test func aRequestSourceReadsTheListAndTheServersPageSize() async throws {
    let fixture = FixturePages(count: 25, serverPageSize: 10) {
      House(id: $0, title: "House \($0)")
    }
    fixture.route(on: transport, "houses", list: "Data.HouseList", encode: houseJSON)
    let list = Pager(source: housesSource())
    await list.refresh().ended()
    #expect(list.items.map(\.id) == Array(0..<10))
    #expect(
      list.loadStates.append == .idle, "10 of the server's 10: more follow, though 20 were asked")
    await list.loadNext().ended()
    await list.loadNext().ended()
    #expect(list.items.map(\.id) == Array(0..<25))
    #expect(list.loadStates.append == .end)
    let sent = transport.requests.map { $0.url.query ?? "" }
    #expect(
      sent == ["pageIndex=1&pageSize=20", "pageIndex=2&pageSize=20", "pageIndex=3&pageSize=20"])
  }

  @Test func aTotalAtAKeyPathEndsTheListWithoutAnEmptyRequest() async {
    let fixture = FixturePages(count: 6) { House(id: $0, title: "House \($0)") }
    fixture.route(on: transport, "houses", list: "Data.HouseList", encode: houseJSON)
    let list = Pager(
      PagerConfiguration(pageSize: 3),
      source: housesSource(PageFormat(list: "Data.HouseList", total: "Data.Total")))
    await list.refresh().ended()
    await list.loadNext().ended()
    #expect(list.items.count == 6 && list.loadStates.append == .end)
    #expect(transport.requests.count == 2)
  }

  @Test func entriesTheTransformCannotReadAreDroppedAndCounted() async {
    transport.route(
      .get, "houses",
      json:
        #"{"Data": {"HouseList": [{"id": 1, "title": "A"}, {"id": "x"}, {"id": 3, "title": "C"}]}}"#
    )
    let list = Pager(
      PagerConfiguration(pageSize: 3), source: housesSource(PageFormat(list: "Data.HouseList")))
    await list.refresh().ended()
    #expect(list.items.map(\.id) == [1, 3])
    #expect(list.unreadableCount == 1)
    #expect(list.loadStates.append == .idle, "three entries came for a page of three")
  }

  @Test func decodableItemsDecodeEachElementAndTheOthersAreUnreadable() async {
    transport.route(
      .get, "houses",
      json: #"{"Data": {"List": [{"id": 1, "title": "A"}, {"id": 2}], "PageSize": 2}}"#)
    let format = PageFormat(list: "Data.List", pageSize: "Data.PageSize")
    let source = PageSource<House>.request(format, on: api) { page, _ in
      Get("houses", ["page": .int(page)])
    } transform: { json in
      try? json.decode(House.self)
    }
    let list = Pager(source: source)
    await list.refresh().ended()
    #expect(list.items == [House(id: 1, title: "A")])
    #expect(list.unreadableCount == 1 && list.loadStates.append == .idle)
  }

  @Test func aMissingListOrAServerErrorFailsThePageWithATypedError() async throws {
    transport.route(.get, "houses", json: #"{"Data": {"Other": []}}"#)
    let missing = Pager(PagerConfiguration(pageSize: 3), source: housesSource())
    await missing.refresh().ended()
    let failure = try #require(missing.loadStates.refresh.error)
    let error = try #require(failure.underlyingError as? RequestError)
    #expect(error.kind == .decoding)
    #expect(error.message.contains("HouseList"))

    transport.route(.get, "houses", json: #"{"code": "500", "msg": "down for maintenance"}"#)
    let enveloped = Pager(
      PagerConfiguration(pageSize: 3),
      source: .request(PageFormat(list: "Data.HouseList"), on: api) { _, _ in
        Get("houses").envelope(code: "code", message: "msg", success: ["200"])
      } transform: {
        House(json: $0)
      })
    await enveloped.refresh().ended()
    let serverFailure = try #require(enveloped.loadStates.refresh.error)
    let serverError = try #require(serverFailure.underlyingError as? RequestError)
    #expect(serverError.kind == .server && serverError.serverMessage == "down for maintenance")
  }

  @Test func fixturePagesServeEveryItemOnceWithLatencyAndInjectedFailures() async {
    let fixture = FixturePages(count: 7, firstPage: 0, latency: .milliseconds(5)) {
      Row($0)
    }.failing(pages: [1])
    // The fixture numbers its source's pages from 0: the pager asks for page 0 first.
    let list = Pager(PagerConfiguration(pageSize: 3), source: fixture.source)
    await list.refresh().ended()
    await list.loadNext().ended()
    #expect(list.loadStates.append.error != nil && list.items.count == 3)
    await list.loadNext().ended()
    await list.loadNext().ended()
    #expect(list.items == rows(0..<7))
    #expect(fixture.requests.map(\.page) == [0, 1, 1, 2])
    #expect(list.loadStates.append == .end)
  }

  @Test func seededRandomFailuresAreReplayable() async {
    func failures(seed: UInt64) async -> [LoadStates] {
      let fixture = FixturePages(count: 100) { Row($0) }.failing(percent: 40, seed: seed)
      let list = Pager(PagerConfiguration(pageSize: 10), source: fixture.source)
      var states: [LoadStates] = []
      await list.refresh().ended()
      states.append(list.loadStates)
      for _ in 0..<8 {
        await (list.loadedPageCount == 0 ? list.refresh() : list.loadNext()).ended()
        states.append(list.loadStates)
      }
      return states
    }
    let first = await failures(seed: 7)
    #expect(await failures(seed: 7) == first)
    #expect(first.contains { $0.append.error != nil || $0.refresh.error != nil })
    #expect(first.contains { $0.append == .idle && $0.refresh == .idle })
  }
}
