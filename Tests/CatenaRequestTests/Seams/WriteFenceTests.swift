import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// C4, C11: a write fences what is in flight: a response to a request sent before it reaches
/// its asker but is never kept, and a request asked for after it shares no transfer sent before.
@Suite("Writes fence the responses in flight")
struct WriteFenceTests {
  let log = EventLog()

  /// `/items` answered with the server's version now, fresh for a minute; writes bump it.
  static func items(_ version: Box<Int>) -> SeamTransport {
    SeamTransport { request in
      if request.method != .get {
        version.value += 1
        return HTTPResponse(status: 201, url: request.url)
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("v\(version.value)".utf8),
        url: request.url)
    }
  }

  func client(
    _ transport: SeamTransport, cache: HTTPCache = HTTPCache(), off: Set<CacheRule> = []
  ) -> Client {
    cache.rulesOff = off
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    api.cache = cache
    api.monitors = [log]
    return api
  }

  @Test func aGetInFlightDuringAPostIsNotKept() async throws {
    try await aGetInFlightDuringAPostIsNotKeptScenario(off: [])
  }

  func aGetInFlightDuringAPostIsNotKeptScenario(off: Set<CacheRule>) async throws {
    let version = Box(1)
    let server = Self.items(version)
    let api = client(server, off: off)
    server.hold { $0.method == .get }
    let before = Task { try await Get("items").value(on: api).text }
    try await turns("the GET to be sent") { server.waiting == 1 }
    // The server read v1 for it; then the POST lands.
    server.hold { _ in false }
    _ = try await Post("items").value(on: api)
    #expect(version.value == 2)
    version.value = 1  // the held GET is answered as the server read it: v1
    server.release()
    #expect(try await before.value == "v1", "its asker still gets it")
    version.value = 2
    #expect(try await Get("items").value(on: api).text == "v2", "not the pre-write v1")
    #expect(log.count(.notStored(.fencedByWrite)) == 1)
  }

  @Test func aGetAskedAfterAWriteNeverJoinsOneSentBefore() async throws {
    try await aGetAskedAfterAWriteNeverJoinsOneSentBeforeScenario(off: [])
  }

  func aGetAskedAfterAWriteNeverJoinsOneSentBeforeScenario(off: Set<CacheRule>) async throws {
    let version = Box(1)
    let server = Self.items(version)
    let api = client(server, off: off)
    server.hold { $0.method == .get }
    defer { server.release() }
    let before = Task { try await Get("items").value(on: api).text }
    try await turns("the first GET to be sent") { server.waiting == 1 }
    server.hold { $0.method == .get && $0.url.query == nil }
    _ = try await Post("items").value(on: api)
    let after = Task { try await Get("items").value(on: api).text }
    try await turns("a transfer of its own") { server.waiting == 2 }
    server.release()
    _ = try await before.value
    #expect(try await after.value == "v2")
    #expect(log.count(.shared) == 0)
  }

  @Test func signingOutFencesTheInboxInFlightOffTheDisk() async throws {
    try await signingOutFencesTheInboxInFlightOffTheDiskScenario(off: [])
  }

  func signingOutFencesTheInboxInFlightOffTheDiskScenario(off: Set<CacheRule>) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fence-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = HTTPCache(directory: directory)
    let server = PrivateResponseTests.me()
    let account = Account()
    var configured = client(server, cache: cache, off: off)
    configured.authentication = Authentication(account)
    let api = configured
    server.hold { _ in true }
    let inbox = Task { try await Get("inbox").value(on: api).text }
    try await turns("the inbox to be sent") { server.waiting == 1 }
    cache.invalidate(partition: "A")
    await account.signIn(nil)
    server.release()
    #expect(try await inbox.value == "Bearer A")
    #expect(cache.diskByteCount == 0, "no file of A's written after the sign-out")
    #expect(cache.byteCount == 0)
  }

  @Test func aRequestQueuedOfflineIsNotKeptUnderAPartitionSignedOutMeanwhile() async throws {
    try await aRequestQueuedOfflineIsNotKeptUnderAPartitionSignedOutMeanwhileScenario(off: [])
  }

  func aRequestQueuedOfflineIsNotKeptUnderAPartitionSignedOutMeanwhileScenario(off: Set<CacheRule>)
    async throws
  {
    let server = PrivateResponseTests.me()
    let account = Account()
    let network = ManualReachability(reachable: false)
    var configured = client(server, off: off)
    configured.authentication = Authentication(account)
    configured.reachability = network
    let api = configured
    let inbox = Task { try await Get("inbox").value(on: api).text }
    try await turns("the request to wait for the network") { network.listenerCount == 1 }
    api.cache?.invalidate(partition: "A")
    await account.signIn("B")
    network.isReachable = true
    #expect(
      try await inbox.value == "Bearer B", "the credential is read again once the network is back")
    await account.signIn("A")
    #expect(try await Get("inbox").value(on: api).text == "Bearer A")
    #expect(server.requests.count == 2, "nothing was kept under A for the request queued before")
  }

  @Test(arguments: ["PURGE", "MOVE", "PROPPATCH"])
  func anUnknownMethodThatSucceedsDropsWhatIsKept(method: String) async throws {
    let version = Box(1)
    let server = Self.items(version)
    let api = client(server)
    #expect(try await Get("items").value(on: api).text == "v1")
    _ = try await Request(HTTPMethod(rawValue: method), "items").value(on: api)
    #expect(try await Get("items").value(on: api).text == "v2")
  }

  @Test func aWriteDropsWhatIsKeptUnderTheURLItWasSentTo() async throws {
    let version = Box(1)
    let server = SeamTransport { request in
      if request.method == .post { version.value += 1 }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"],
        body: Data("v\(version.value)".utf8), url: request.url)
    }
    var api = client(server)
    api.interceptors = [AddingQuery(name: "locale", value: "fr")]
    #expect(try await Get("items").value(on: api).text == "v1")
    _ = try await Post("items").value(on: api)
    #expect(try await Get("items").value(on: api).text == "v2", "kept as sent: dropped")
    #expect(log.count(.notStored(.statusNotStorable)) == 1, "the POST's answer says why")
  }

  @Test func aStreamedPutThatSucceedsDropsWhatIsKept() async throws {
    let version = Box(1)
    let server = Self.items(version)
    let api = client(server)
    #expect(try await Get("items").value(on: api).text == "v1")
    let streamed = try await Put("items").stream(on: api)
    streamed.body.cancel()
    #expect(try await Get("items").value(on: api).text == "v2")
  }

  @Test func aFreshHitNeverWaitsForTheNetwork() async throws {
    let version = Box(1)
    let server = Self.items(version)
    var api = client(server)
    #expect(try await Get("items").value(on: api).text == "v1")
    api.reachability = ManualReachability(reachable: false)
    #expect(try await Get("items").value(on: api).text == "v1")
    #expect(server.requests.count == 1)
  }

  /// Each scenario, with the rule that makes it pass switched off: it must fail.
  @Test(arguments: [
    ("aGetInFlightDuringAPostIsNotKept", CacheRule.writeFences),
    ("aGetAskedAfterAWriteNeverJoinsOneSentBefore", CacheRule.writeFences),
    ("signingOutFencesTheInboxInFlightOffTheDisk", CacheRule.writeFences),
  ])
  func failsWithoutItsRule(scenario: String, rule: CacheRule) async throws {
    try await withoutItsRule(scenario, rule) {
      switch scenario {
      case "aGetInFlightDuringAPostIsNotKept":
        try await aGetInFlightDuringAPostIsNotKeptScenario(off: [rule])
      case "aGetAskedAfterAWriteNeverJoinsOneSentBefore":
        try await aGetAskedAfterAWriteNeverJoinsOneSentBeforeScenario(off: [rule])
      case "signingOutFencesTheInboxInFlightOffTheDisk":
        try await signingOutFencesTheInboxInFlightOffTheDiskScenario(off: [rule])
      default: throw UnknownScenario(name: scenario)
      }
    }
  }

}

/// An interceptor that adds a query item to every request.
struct AddingQuery: Interceptor {
  let name: String
  let value: String

  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    var adapted = request
    guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    else { return request }
    let items = components.queryItems ?? []
    components.queryItems = items + [URLQueryItem(name: name, value: value)]
    adapted.url = components.url ?? request.url
    return adapted
  }
}
