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
    strategy: HasMoreStrategy = .shorterThanPageSize, pageSize: JSONPath? = "Data.PageSize"
  ) -> PageSource<House> {
    .request(list: "Data.HouseList", pageSize: pageSize, on: api, strategy: strategy) {
      page, size in
      Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
    } transform: {
      House(json: $0)
    }
  }

  @Test func aRequestSourceReadsTheListAndTheServersPageSize() async throws {
    let fixture = FixturePages(count: 25, serverPageSize: 10) {
      House(id: $0, title: "House \($0)")
    }
    fixture.route(on: transport, "houses", list: "Data.HouseList", encode: houseJSON)
    let list = PagedList(pageSize: 20, source: housesSource())
    await list.refresh()?.value
    #expect(list.items.map(\.id) == Array(0..<10))
    #expect(list.hasMore, "10 of the server's 10: more follow, though 20 were asked")
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items.map(\.id) == Array(0..<25))
    #expect(list.state == .loaded(hasMore: false))
    let sent = transport.requests.map { $0.url.query ?? "" }
    #expect(
      sent == ["pageIndex=1&pageSize=20", "pageIndex=2&pageSize=20", "pageIndex=3&pageSize=20"])
  }

  @Test func aTotalAtAKeyPathEndsTheListWithoutAnEmptyRequest() async {
    let fixture = FixturePages(count: 6) { House(id: $0, title: "House \($0)") }
    fixture.route(on: transport, "houses", list: "Data.HouseList", encode: houseJSON)
    let list = PagedList(
      pageSize: 3, strategy: .totalCount(at: "Data.Total"),
      source: housesSource(strategy: .totalCount(at: "Data.Total")))
    await list.refresh()?.value
    await list.loadNextPage()?.value
    #expect(list.items.count == 6 && !list.hasMore)
    #expect(transport.requests.count == 2)
  }

  @Test func entriesTheTransformCannotReadAreDroppedAndCounted() async {
    transport.route(
      .get, "houses",
      json:
        #"{"Data": {"HouseList": [{"id": 1, "title": "A"}, {"id": "x"}, {"id": 3, "title": "C"}]}}"#
    )
    let list = PagedList(pageSize: 3, source: housesSource(pageSize: nil))
    await list.refresh()?.value
    #expect(list.items.map(\.id) == [1, 3])
    #expect(list.droppedCount == 1)
    #expect(list.hasMore, "three entries came for a page of three")
  }

  @Test func decodableItemsDecodeEachElement() async {
    transport.route(
      .get, "houses",
      json: #"{"Data": {"List": [{"id": 1, "title": "A"}, {"id": 2}], "PageSize": 2}}"#)
    let source = PageSource<House>.request(on: api, decoding: House.self) { page, _ in
      Get("houses", ["page": .int(page)])
    }
    let list = PagedList(pageSize: 20, source: source)
    await list.refresh()?.value
    #expect(list.items == [House(id: 1, title: "A")])
    #expect(list.droppedCount == 1 && list.hasMore)
  }

  @Test func aMissingListOrAServerErrorFailsThePageWithATypedError() async throws {
    transport.route(.get, "houses", json: #"{"Data": {"Other": []}}"#)
    let missing = PagedList(pageSize: 3, source: housesSource())
    await missing.refresh()?.value
    guard case .failed(let failure) = missing.state else {
      Issue.record("expected a failure, got \(missing.state)")
      return
    }
    let error = try #require(failure.underlyingError as? RequestError)
    #expect(error.kind == .decoding)
    #expect(error.message.contains("HouseList"))

    transport.route(.get, "houses", json: #"{"code": "500", "msg": "down for maintenance"}"#)
    let enveloped = PagedList(
      pageSize: 3,
      source: .request(list: "Data.HouseList", on: api) { _, _ in
        Get("houses").envelope(code: "code", message: "msg", success: ["200"])
      } transform: {
        House(json: $0)
      })
    await enveloped.refresh()?.value
    guard case .failed(let serverFailure) = enveloped.state else {
      Issue.record("expected a failure, got \(enveloped.state)")
      return
    }
    let serverError = try #require(serverFailure.underlyingError as? RequestError)
    #expect(serverError.kind == .server && serverError.serverMessage == "down for maintenance")
  }

  @Test func fixturePagesServeEveryItemOnceWithLatencyAndInjectedFailures() async {
    let fixture = FixturePages(count: 7, firstPage: 0, latency: .milliseconds(5)) {
      Row($0)
    }.failing(pages: [1])
    let list = PagedList(pageSize: 3, firstPage: 0, source: fixture.source)
    await list.refresh()?.value
    await list.loadNextPage()?.value
    #expect(list.lastStatus == .networkFailure && list.items.count == 3)
    await list.loadNextPage()?.value
    await list.loadNextPage()?.value
    #expect(list.items == rows(0..<7))
    #expect(fixture.requests.map(\.page) == [0, 1, 1, 2])
    #expect(list.state == .loaded(hasMore: false))
  }

  @Test func seededRandomFailuresAreReplayable() async {
    func failures(seed: UInt64) async -> [LoadStatus] {
      let fixture = FixturePages(count: 100) { Row($0) }.failing(percent: 40, seed: seed)
      let list = PagedList(pageSize: 10, source: fixture.source)
      var statuses: [LoadStatus] = []
      await list.refresh()?.value
      statuses.append(list.lastStatus)
      for _ in 0..<8 {
        await (list.lastLoadedPage == nil ? list.refresh() : list.loadNextPage())?.value
        statuses.append(list.lastStatus)
      }
      return statuses
    }
    let first = await failures(seed: 7)
    #expect(await failures(seed: 7) == first)
    #expect(first.contains(.networkFailure) && first.contains(.success))
  }
}
