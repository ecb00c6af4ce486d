import Catena
import FixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct User: Decodable, Equatable, Sendable {
  var id: Int
  var name: String
}

/// A client of the test server on `port`, given the settings a test needs (all once, to the
/// init, as an app gives them).
func client(
  _ port: Int, host: String = "127.0.0.1", transport: any Transport = URLSessionTransport(),
  defaultHeaders: HTTPHeaders = [:], interceptors: [any Interceptor] = [],
  retry: RetryPolicy? = nil, authentication: Authentication? = nil, timeout: Duration? = nil,
  monitors: [any RequestMonitor] = [], cache: HTTPCache? = nil,
  reachability: (any Reachability)? = nil
) -> Client {
  Client(
    baseURL: URL(string: "http://\(host):\(port)/"), defaultHeaders: defaultHeaders,
    transport: transport, interceptors: interceptors, retry: retry,
    authentication: authentication, timeout: timeout, monitors: monitors, cache: cache,
    reachability: reachability)
}

/// Counts callbacks on the main actor.
@MainActor
final class Tally {
  var successes = 0
  var failures = 0
  var always = 0
  var progress: [TransferProgress] = []
}

@Suite("URLSessionTransport over real HTTP")
struct URLSessionTransportTests {
  @Test func decodesJSONAtAKeyPath() async throws {
    try await TestServer.run { port in
      let user = try await Get("user").decode(User.self, at: "data.user").value(on: client(port))
      #expect(user == User(id: 7, name: "Ada"))
    }
  }

  @Test func clientAndServerErrorsKeepTheirBodies() async throws {
    try await TestServer.run { port in
      for code in [404, 422, 500, 503] {
        let error = await #expect(throws: RequestError.self) {
          _ = try await Get("status/\(code)").decode(User.self).value(on: client(port))
        }
        #expect(error?.kind == .status)
        #expect(error?.status == code)
        #expect(error?.bodyText == #"{"error": "status \#(code)"}"#)
      }
    }
  }

  @Test func malformedJSONIsADecodingErrorWithTheBody() async throws {
    try await TestServer.run { port in
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get("malformed").decode(User.self, at: "data.user").value(on: client(port))
      }
      #expect(error?.kind == .decoding)
      #expect(error?.bodyText == #"{"data": {"user": "#)
    }
  }

  @Test func anEmptyBodyDecodesAsEmpty() async throws {
    try await TestServer.run { port in
      let empty = try await Get("empty").decode(Empty.self).value(on: client(port))
      #expect(empty == Empty())
    }
  }

  @Test func aSlowResponseTimesOutAtItsDeadline() async throws {
    try await TestServer.run { port in
      // The server answers only when the gate opens, after the deadline has fired.
      let gate = UUID().uuidString
      let api = client(port)  // made before the clock starts: a new session may wait its turn
      let clock = ContinuousClock()
      let start = clock.now
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get("slow", ["gate": .string(gate)]).timeout(.milliseconds(300))
          .value(on: api)
      }
      let elapsed = clock.now - start
      await Gates.shared.open(gate)
      #expect(error?.kind == .timeout)
      #expect(error?.limit == .deadline(.milliseconds(300)))
      #expect(
        elapsed >= .milliseconds(300) && elapsed <= .milliseconds(800),
        "the deadline of 300 ms fired after \(elapsed)")
    }
  }

  @Test func cancellingMidFlightIsReportedAsCancellation() async throws {
    try await TestServer.run { port in
      let id = UUID().uuidString
      let task = Task {
        try await Get("slow", ["ms": 5_000, "signal": .string(id)]).value(on: client(port))
      }
      await Arrivals.shared.wait(for: id)
      task.cancel()
      let error = await #expect(throws: RequestError.self) { _ = try await task.value }
      #expect(error?.kind == .cancelled)
      // The call ended before the server answered (it sleeps 5 s, then records the answer).
      #expect(await !Arrivals.shared.hasArrived("answered-\(id)"), "cancellation is prompt")
    }
  }

  @Test func sameHostRedirectsAreFollowedWithCredentials() async throws {
    try await TestServer.run { port in
      let headers = try await Get("redirect", ["to": "/headers"])
        .header("Authorization", "Bearer secret").json().value(on: client(port))
      #expect(headers["authorization"].string == "Bearer secret")
    }
  }

  @Test func authorizationIsDroppedOnARedirectToAnotherHost() async throws {
    try await TestServer.run { port in
      let headers = try await Get("redirect", ["to": .string("http://localhost:\(port)/headers")])
        .header("Authorization", "Bearer secret").header("X-Kept", "yes")
        .json().value(on: client(port))
      #expect(headers["authorization"] == .null)
      #expect(headers["x-kept"].string == "yes")
    }
  }

  @Test func postsAJSONBodyAndGetsItBack() async throws {
    try await TestServer.run { port in
      let echoed = try await Post("echo", ["title": "Sea view", "rooms": 3]).json()
        .value(on: client(port))
      #expect(echoed == ["rooms": 3, "title": "Sea view"])
    }
  }

  @Test func aMultipartFormRoundTripsByteForByte() async throws {
    try await TestServer.run { port in
      var form = MultipartForm()
      form.append("Sea view", name: "title")
      form.append(Data((0..<256).map { UInt8($0) }), name: "photo", filename: "sea.jpg")
      let echoed = try await Post("echo").body(.multipart(form)).value(on: client(port))
      #expect(echoed.headers["Content-Type"] == form.contentType)
      #expect(echoed.body == form.encoded())
    }
  }

  @Test func largeDownloadsAndUploadsReportProgressInOrder() async throws {
    try await TestServer.run { port in
      let size = 10 << 20
      let tally = Tally()
      let download = Get("bytes", ["n": .int(size)])
        .progress { @MainActor update in tally.progress.append(update) }
        .then { @MainActor response in tally.successes += response.body.count == size ? 1 : 0 }
        .start(on: client(port))
      await download.finished()
      let downloads = await tally.progress.filter { $0.direction == .download }
      #expect(await tally.successes == 1)
      #expect(downloads.count > 1)
      #expect(downloads.map(\.completed) == downloads.map(\.completed).sorted())
      #expect(downloads.last?.completed == Int64(size))

      await MainActor.run { tally.progress.removeAll() }
      let upload = Post("echo").body(
        .data(Data(count: size), contentType: "application/octet-stream")
      )
      .progress { @MainActor update in tally.progress.append(update) }
      .start(on: client(port))
      await upload.finished()
      let uploads = await tally.progress.filter { $0.direction == .upload }
      #expect(uploads.count > 1)
      #expect(uploads.last?.completed == Int64(size))
      #expect(uploads.last?.fraction == 1)
    }
  }

  @Test func fiveHundredConcurrentRequestsEachCompleteOnce() async throws {
    try await TestServer.run { port in
      let api = client(port)
      let tally = Tally()
      var handles: [RequestHandle] = []
      for _ in 0..<500 {
        let handle = Get("user").decode(User.self, at: "data.user")
          // Written outside the main actor, so the callbacks say where they run.
          .then { @MainActor _ in tally.successes += 1 }
          .failed { @MainActor _ in tally.failures += 1 }
          .always { @MainActor in tally.always += 1 }
          .start(on: api)
        handles.append(handle)
      }
      for handle in handles { await handle.finished() }
      #expect(await tally.successes == 500)
      #expect(await tally.failures == 0)
      #expect(await tally.always == 500)
    }
  }
}
