import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A failure of the network itself.
struct Unreachable: Error {}

/// A server whose answers a test changes as it goes.
final class SwitchableTransport: Transport, @unchecked Sendable {
  enum Mode { case fresh(String), failing(Int), unreachable }
  private let lock = NSLock()
  private var mode: Mode = .fresh("v1")
  private(set) var sent = 0
  let headers: HTTPHeaders

  init(_ headers: HTTPHeaders) { self.headers = headers }

  func set(_ mode: Mode) { lock.withLock { self.mode = mode } }
  var count: Int { lock.withLock { sent } }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let mode = lock.withLock {
      sent += 1
      return self.mode
    }
    switch mode {
    case .fresh(let body): return HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
    case .failing(let status): return HTTPResponse(status: status)
    case .unreachable: throw Unreachable()
    }
  }
}

@Suite("HTTPCache: stale-while-revalidate, stale-if-error, must-revalidate")
struct StaleResponseTests {
  let clock = TestClock()
  let events = EventLog()

  func client(_ transport: SwitchableTransport) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    client.cache = HTTPCache(now: { clock.now })
    client.monitors = [events]
    return client
  }

  func get(_ client: Client) async throws -> String { try await Get("feed").value(on: client).text }

  @Test func withinStaleWhileRevalidateTheKeptResponseAnswersAndIsRefreshedBehind() async throws {
    let server = SwitchableTransport(["Cache-Control": "max-age=10, stale-while-revalidate=30"])
    let api = client(server)
    #expect(try await get(api) == "v1")
    server.set(.fresh("v2"))
    clock.advance(15)
    #expect(try await get(api) == "v1", "stale, served at once")
    #expect(events.count(.staleServed) == 1)
    // Asked again while the revalidation runs: the kept response, and no second one.
    var answer = ""
    for _ in 0..<100_000 where answer != "v2" {
      answer = try await get(api)
      await Task.yield()
    }
    #expect(answer == "v2", "kept by the revalidation: fresh again")
    #expect(server.count == 2, "one revalidation behind, however often asked meanwhile")
    // Past the window: the client waits for the server.
    server.set(.fresh("v3"))
    clock.advance(10 + 31)
    #expect(try await get(api) == "v3")
  }

  @Test func withinStaleIfErrorAFailureIsAnsweredByTheKeptResponse() async throws {
    let server = SwitchableTransport(["Cache-Control": "max-age=10, stale-if-error=60"])
    let api = client(server)
    #expect(try await get(api) == "v1")
    clock.advance(20)
    server.set(.failing(503))
    #expect(try await get(api) == "v1")
    server.set(.unreachable)
    #expect(try await get(api) == "v1")
    #expect(events.count(.staleServed) == 2)
    server.set(.failing(404))
    await #expect(throws: RequestError.self, "a 4xx is an answer, not a failure") {
      try await get(api)
    }
    clock.advance(60)
    server.set(.failing(503))
    let late = await #expect(throws: RequestError.self) { try await get(api) }
    #expect(late?.status == 503, "past the window the failure shows")
  }

  @Test func mustRevalidateOverridesTheStaleExtensions() async throws {
    let server = SwitchableTransport([
      "Cache-Control": "max-age=10, must-revalidate, stale-if-error=60, stale-while-revalidate=60"
    ])
    let api = client(server)
    _ = try await get(api)
    clock.advance(20)
    server.set(.failing(503))
    let error = await #expect(throws: RequestError.self) { try await get(api) }
    #expect(error?.status == 503)
    #expect(events.count(.staleServed) == 0)
  }
}
