import Catena
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches a fresh token from the test server's `/token` endpoint.
actor ServerTokens: CredentialProvider {
  let port: Int
  let key: String
  var token = "stale"

  init(port: Int, key: String) {
    self.port = port
    self.key = key
  }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    var authorized = request
    try authorized.headers.set("Authorization", "Bearer \(token)")
    return authorized
  }

  func refresh() async throws {
    token =
      try await Post("token").query("key", key).json(at: "token")
      .value(on: client(port)).string ?? "stale"
  }
}

/// A client of the test server whose credentials start stale and are refreshed from its
/// `/token` endpoint (counted under `token-<key>`).
func clientWithStaleCredentials(_ port: Int, key: String) -> Client {
  let api = client(port, authentication: Authentication(ServerTokens(port: port, key: key)))
  return api
}

@Suite("Policies over real HTTP")
struct PolicyIntegrationTests {
  @Test func a503WithRetryAfterIsRetriedAndTheServerCountsTheAttempts() async throws {
    try await TestServer.run { port in
      let key = UUID().uuidString
      let api = client(port, retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(50)))
      let started = ContinuousClock.now
      let value = try await Get("unavailable", ["key": .string(key), "fail": 1]).json()
        .value(on: api)
      #expect(value["attempt"].int == 2)
      #expect(await Attempts.shared.count("unavailable-\(key)") == 2)
      #expect(ContinuousClock.now - started >= .seconds(1), "Retry-After: 1 was honoured")
    }
  }

  @Test func twentyConcurrent401sRefreshExactlyOnce() async throws {
    try await TestServer.run { port in
      let key = UUID().uuidString
      let api = client(port, authentication: Authentication(ServerTokens(port: port, key: key)))
      let results = try await withThrowingTaskGroup(of: Bool.self) { group in
        for _ in 0..<20 {
          group.addTask { try await Get("me").json(at: "ok").value(on: api).bool == true }
        }
        return try await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(results == Array(repeating: true, count: 20))
      #expect(await Attempts.shared.count("token-\(key)") == 1)
    }
  }

  @Test func envelopeCodesBecomeServerErrorsOverHTTP() async throws {
    try await TestServer.run { port in
      let request = Get("envelope", ["code": "403"])
        .envelope(code: "data.code", message: "data.message", success: ["200"])
        .decode(User.self, at: "data.user")
      let error = await #expect(throws: RequestError.self) {
        _ = try await request.value(on: client(port))
      }
      #expect(error?.kind == .server)
      #expect(error?.code == "403")
      #expect(error?.serverMessage == "not allowed")
      let user = try await Get("envelope", ["code": "200"])
        .envelope(code: "data.code", success: ["200"]).decode(User.self, at: "data.user")
        .value(on: client(port))
      #expect(user.name == "Ada")
    }
  }
}
