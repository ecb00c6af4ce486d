import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("answers(on:): the kept value now, the server's when it arrives")
struct CacheThenNetworkTests {
  let clock = TestClock()

  func client(_ transport: any Transport, cache: Bool = true) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    if cache { client.cache = HTTPCache(now: { clock.now }) }
    return client
  }

  func values(_ request: Request<HTTPResponse>, _ api: Client) async throws -> [String] {
    var seen: [String] = []
    for try await answer in request.answers(on: api) { seen.append(answer.value.text) }
    return seen
  }

  @Test func withNothingKeptTheServersValueIsTheOnlyOne() async throws {
    let server = ScriptedTransport.versions()
    #expect(try await values(Get("feed"), client(server)) == ["v1"])
    #expect(try await values(Get("feed"), client(server, cache: false)) == ["v2"])
  }

  @Test func aKeptValueComesFirstEvenFreshAndTheNewOneReplacesIt() async throws {
    let server = ScriptedTransport.versions()
    let api = client(server)
    _ = try await Get("feed").value(on: api)
    #expect(try await values(Get("feed"), api) == ["v1", "v2"])
    #expect(try await Get("feed").value(on: api).text == "v2", "the new one is kept")
    #expect(server.count == 2)
  }

  @Test func a304ConfirmsTheKeptValueAndNothingMoreComes() async throws {
    let server = ScriptedTransport { request, _ in
      if request.headers["If-None-Match"] == "\"a\"" { return HTTPResponse(status: 304) }
      return HTTPResponse(
        status: 200, headers: ["ETag": "\"a\"", "Cache-Control": "max-age=600"],
        body: Data("kept".utf8))
    }
    let api = client(server)
    _ = try await Get("feed").value(on: api)
    #expect(try await values(Get("feed"), api) == ["kept"])
    #expect(server.count == 2 && server.last?.headers["If-None-Match"] == "\"a\"")
  }

  @Test func theSameBytesAgainAreNotASecondValue() async throws {
    let server = ScriptedTransport { _, _ in
      HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("same".utf8))
    }
    let api = client(server)
    _ = try await Get("feed").value(on: api)
    #expect(try await values(Get("feed"), api) == ["same"])
    #expect(server.count == 2)
  }

  @Test func aFailureEndsTheStreamAfterTheKeptValue() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: number == 1 ? 200 : 500,
        headers: ["Cache-Control": "max-age=10, stale-if-error=600"], body: Data("v\(number)".utf8))
    }
    let api = client(server)
    _ = try await Get("feed").value(on: api)
    clock.advance(20)
    var seen: [String] = []
    var failure: RequestError?
    do {
      for try await answer in Get("feed").answers(on: api) { seen.append(answer.value.text) }
    } catch {
      failure = error  // typed: a RequestError, no cast
    }
    #expect(seen == ["v1"], "the kept value, once: a stale answer does not stand in for the server")
    #expect(failure?.status == 500)
  }

  @Test func aKeptResponseThatDoesNotShapeIsSkipped() async throws {
    let server = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60"],
        body: Data(number == 1 ? "not json".utf8 : #"{"n": 2}"#.utf8))
    }
    let api = client(server)
    _ = try await Get("feed").value(on: api)
    var seen: [Int] = []
    for try await answer in Get("feed").decode([String: Int].self).answers(on: api) {
      seen.append(answer.value["n"] ?? -1)
    }
    #expect(seen == [2])
  }

  @Test func leavingTheLoopCancelsTheRequest() async throws {
    let transport = HeldTransport()
    var api = client(transport)
    api.cache = HTTPCache()
    let kept = ScriptedTransport { _, _ in
      HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("kept".utf8))
    }
    var seeding = api
    seeding.transport = kept
    _ = try await Get("feed").value(on: seeding)
    for try await answer in Get("feed").answers(on: api) {
      #expect(answer.value.text == "kept")
      try await turns("the request to reach the server") { transport.waiting == 1 }
      break
    }
    try await turns("the request to be cancelled") { transport.cancelledCount == 1 }
  }

  @Test func eachAnswerSaysWhetherItIsKeptAndHowOld() async throws {
    let api = client(ScriptedTransport.versions())
    _ = try await Get("feed").value(on: api)
    clock.advance(90)
    var answers: [(String, Duration?)] = []
    for try await answer in Get("feed").answers(on: api) {
      answers.append((answer.value.text, answer.keptAge))
    }
    #expect(answers.map(\.0) == ["v1", "v2"])
    #expect(answers.map(\.1) == [.seconds(90), nil], "the kept v1 is 90 s old; v2 is the server's")
  }

  @Test func theRequestIsAdaptedOnceForTheLookupAndTheSend() async throws {
    let server = ScriptedTransport.versions()
    var api = client(server)
    let adapted = Box(0)
    api.interceptors = [CountingAdapt(count: adapted)]
    _ = try await Get("feed").value(on: api)
    adapted.value = 0
    #expect(try await values(Get("feed"), api) == ["v1", "v2"])
    #expect(adapted.value == 1, "the request looked up is the one sent")
  }

  @Test func cancellingTheLoopEndsItWithATypedCancellation() async throws {
    let transport = HeldTransport()
    let api = client(transport, cache: false)
    // The loop's closure throws only `RequestError`: the answers' failure is typed.
    let loop = Task { () throws(RequestError) -> Int in
      var count = 0
      for try await _ in Get("feed").answers(on: api) { count += 1 }
      return count
    }
    try await turns("the request to reach the server") { transport.waiting == 1 }
    loop.cancel()
    let result = await loop.result
    guard case .failure(let error) = result else {
      Issue.record("the loop ended without an error: \(result)")
      return
    }
    #expect((error as? RequestError)?.kind == .cancelled)
  }
}

extension ScriptedTransport {
  /// A server that answers "v1", "v2", … fresh for 60 s.
  static func versions() -> ScriptedTransport {
    ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60"], body: Data("v\(number)".utf8))
    }
  }
}

/// An interceptor that counts its `adapt` calls.
struct CountingAdapt: Interceptor {
  let count: Box<Int>

  func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
    count.value += 1
    return request
  }
}
