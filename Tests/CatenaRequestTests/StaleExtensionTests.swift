import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server whose answer is the version it has when a request arrives (`v<version>`), with
/// `headers`; it can hold the next requests until the test lets them go, answer a status, or
/// fail as an unreachable network does.
final class VersionedServer: Transport, @unchecked Sendable {
  enum Mode { case answer, status(Int), unreachable }
  // NB: `lock` guards every stored property.
  private let lock = NSLock()
  private var version = 1
  private var mode = Mode.answer
  private var holding = false
  private var held: [(HTTPResponse, CheckedContinuation<HTTPResponse, any Error>)] = []
  private var sent: [HTTPRequest] = []
  let headers: HTTPHeaders

  init(_ headers: HTTPHeaders) { self.headers = headers }

  /// The version the next requests are answered with.
  func set(version: Int) { lock.withLock { self.version = version } }
  func set(_ mode: Mode) { lock.withLock { self.mode = mode } }
  /// Whether requests from now on wait for ``release()``.
  func hold(_ holds: Bool) { lock.withLock { holding = holds } }
  var waiting: Int { lock.withLock { held.count } }
  var requests: [HTTPRequest] { lock.withLock { sent } }

  /// Lets the requests that wait go, each with the answer of the moment it arrived.
  func release() {
    let waiting = lock.withLock {
      defer { held = [] }
      return held
    }
    for (response, continuation) in waiting { continuation.resume(returning: response) }
  }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let (response, holds) = try lock.withLock { () throws -> (HTTPResponse, Bool) in
      sent.append(request)
      switch mode {
      case .answer:
        return (
          HTTPResponse(status: 200, headers: headers, body: Data("v\(version)".utf8)), holding
        )
      case .status(let status): return (HTTPResponse(status: status), holding)
      case .unreachable: throw URLError(.notConnectedToInternet)
      }
    }
    guard holds else { return response }
    return try await withCheckedThrowingContinuation { continuation in
      lock.withLock { held.append((response, continuation)) }
    }
  }
}

/// An interceptor that fails from its second request on (a client bug, a lost key).
final class FailingAfterFirst: Interceptor, @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  struct Broken: Error {}
  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    let count = lock.withLock {
      self.count += 1
      return self.count
    }
    if count > 1 { throw Broken() }
    return request
  }
}

/// `stale-while-revalidate` and `stale-if-error` where they meet the rest: partitions and
/// variants, later responses, the network going away, and the client's own failures (C18,
/// C19), and transient statuses answering a revalidation (C22).
@Suite("Stale extensions: one revalidation per response, offline at once, server errors only")
struct StaleExtensionTests {
  let clock = TestClock()
  let events = EventLog()

  func client(_ server: VersionedServer, reachability: (any Reachability)? = nil) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: server)
    let clock = clock
    client.cache = HTTPCache(now: { clock.now })
    client.monitors = [events]
    client.reachability = reachability
    return client
  }

  func get(_ api: Client, _ language: String? = nil) async throws -> String {
    var request = Get("feed")
    if let language { request = request.header("Accept-Language", language) }
    return try await request.value(on: api).text
  }

  func kept(_ api: Client) async throws -> String {
    try await Get("feed").cache(.cacheOnly).value(on: api).text
  }

  @Test func c18EachVariantIsRevalidatedInTheBackgroundOnItsOwn() async throws {
    let server = VersionedServer([
      "Cache-Control": "max-age=10, stale-while-revalidate=60", "Vary": "Accept-Language",
    ])
    let api = client(server)
    #expect(try await get(api, "en") == "v1")
    #expect(try await get(api, "fr") == "v1")
    clock.advance(15)
    server.set(version: 2)
    server.hold(true)
    #expect(try await get(api, "en") == "v1", "stale, at once")
    try await turns("en's revalidation") { server.waiting == 1 }
    #expect(try await get(api, "fr") == "v1", "stale, at once")
    try await turns("fr's own revalidation, while en's runs") { server.waiting == 2 }
    #expect(try await get(api, "en") == "v1")
    #expect(server.waiting == 2, "one per variant")
    server.release()
    for language in ["en", "fr"] {
      try await turns("\(language)'s revalidation to be kept") {
        (try? await Get("feed").header("Accept-Language", language).cache(.cacheOnly)
          .value(on: api).text) == "v2"
      }
    }
    #expect(server.requests.count == 4)
  }

  @Test func c18EachPartitionIsRevalidatedInTheBackgroundOnItsOwn() async throws {
    let server = VersionedServer(["Cache-Control": "private, max-age=10, stale-while-revalidate=60"]
    )
    let account = Account()
    var configured = client(server)
    configured.authentication = Authentication(account)
    let api = configured
    #expect(try await get(api) == "v1")
    await account.signIn("B")
    #expect(try await get(api) == "v1")
    clock.advance(15)
    server.hold(true)
    #expect(try await get(api) == "v1")
    try await turns("B's revalidation") { server.waiting == 1 }
    await account.signIn("A")
    #expect(try await get(api) == "v1")
    try await turns("A's own revalidation, while B's runs") { server.waiting == 2 }
    #expect(
      server.requests.map { $0.headers["Authorization"] }.suffix(2) == ["Bearer B", "Bearer A"])
    server.release()
  }

  @Test func c18ALateRevalidationNeverReplacesANewerResponse() async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-while-revalidate=60"])
    let api = client(server)
    #expect(try await get(api) == "v1")
    clock.advance(15)
    server.set(version: 2)
    server.hold(true)
    #expect(try await get(api) == "v1", "stale; revalidated behind, the server at v2")
    try await turns("the revalidation to reach the server") { server.waiting == 1 }
    server.hold(false)
    server.set(version: 3)
    // Sent after the revalidation (on a transfer of its own), answered first.
    #expect(try await Get("feed").shared(false).cache(.networkOnly).value(on: api).text == "v3")
    server.release()
    try await turns("the late answer to land") { events.count(.notStored(.superseded)) == 1 }
    #expect(try await kept(api) == "v3", "v2 was sent before v3: it replaces nothing")
  }

  @Test func c18ABackgroundRevalidationOfflineEndsAtOnceAndFreesItsSlot() async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-while-revalidate=60"])
    let network = ManualReachability(reachable: true)
    let api = client(server, reachability: network)
    #expect(try await get(api) == "v1")
    clock.advance(15)
    network.isReachable = false
    #expect(try await get(api) == "v1", "stale, at once")
    try await turns("its revalidation to look up") { events.count(.cacheMiss) == 2 }
    try await turns("another, once the first ended") {
      _ = try await get(api)  // stale, at once: a revalidation starts if none runs
      return events.count(.cacheMiss) >= 3
    }
    #expect(events.count(.waitingForNetwork) == 0, "no revalidation waits for the network")
    network.isReachable = true
    server.set(version: 2)
    #expect(try await get(api) == "v1", "stale; its revalidation now starts")
    try await turns("the revalidation to be kept") { (try? await kept(api)) == "v2" }
    #expect(server.requests.count == 2)
  }

  @Test func c18AFailedRevalidationFreesItsSlot() async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-while-revalidate=60"])
    let api = client(server)
    #expect(try await get(api) == "v1")
    clock.advance(15)
    server.set(.unreachable)
    #expect(try await get(api) == "v1")
    try await turns("the first revalidation to fail") { server.requests.count == 2 }
    server.set(.answer)
    server.set(version: 2)
    try await turns("another revalidation, once the first ended") {
      _ = try await get(api)
      return (try? await kept(api)) == "v2"
    }
  }

  @Test func c19StaleIfErrorAnswersOfflineAtOnce() async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-if-error=600"])
    let network = ManualReachability(reachable: true)
    let api = client(server, reachability: network)
    #expect(try await get(api) == "v1")
    clock.advance(20)
    network.isReachable = false
    let answer = Task { try await get(api) }
    let done = Box<String?>(nil)
    Task { done.value = try? await answer.value }
    defer { answer.cancel() }
    try await turns("the stale answer, without the network") { done.value != nil }
    #expect(done.value == "v1")
    #expect(events.count(.waitingForNetwork) == 0 && server.requests.count == 1)
    #expect(events.count(.staleServed) == 1)
  }

  @Test(arguments: [500, 502, 503, 504, 501, 505, 511])
  func c19OnlyTheFourServerErrorsAreAnsweredStale(status: Int) async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-if-error=600"])
    let api = client(server)
    #expect(try await get(api) == "v1")
    clock.advance(20)
    server.set(.status(status))
    if [500, 502, 503, 504].contains(status) {
      #expect(try await get(api) == "v1")
    } else {
      let failure = await #expect(throws: RequestError.self) { try await get(api) }
      #expect(failure?.status == status, "\(status) is the server's answer, not an outage")
    }
    #expect(try await kept(api) == "v1", "the kept response stays either way")
  }

  @Test func c19TheClientsOwnFailuresAreNotAnsweredStale() async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-if-error=600"])
    var configured = client(server)
    #expect(try await get(configured) == "v1")
    clock.advance(20)
    // Too large: the transfer came, larger than the app allows.
    let tooLarge = await #expect(throws: RequestError.self) {
      try await Get("feed").maxResponseBytes(1).value(on: configured)
    }
    #expect(tooLarge?.kind == .tooLarge)
    // An interceptor that throws: nothing was sent.
    configured.interceptors = [FailingAfterFirst()]
    let api = configured
    #expect(try await Get("other").value(on: api).text == "v1")
    let broken = await #expect(throws: RequestError.self) { try await get(api) }
    #expect(broken?.underlyingError is FailingAfterFirst.Broken)
    #expect(events.count(.staleServed) == 0)
  }

  @Test(arguments: [408, 425, 429])
  func c22ATransientRefusalKeepsTheResponse(status: Int) async throws {
    let server = VersionedServer(["Cache-Control": "max-age=10", "ETag": "\"1\""])
    let api = client(server)
    #expect(try await get(api) == "v1")
    clock.advance(20)
    server.set(.status(status))
    let failure = await #expect(throws: RequestError.self) { try await get(api) }
    #expect(failure?.status == status)
    #expect(try await kept(api) == "v1", "\(status) says nothing of the response kept")
  }
}
