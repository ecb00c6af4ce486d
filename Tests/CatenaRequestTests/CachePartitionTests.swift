import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A signed-in user's credential: a token that a refresh replaces, and the user's id as the
/// cache partition (none when `partitioned` is false).
actor Session: CredentialProvider {
  var user = "ann"
  var token = 1
  let partitioned: Bool

  init(partitioned: Bool = true) { self.partitioned = partitioned }

  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
    var authorized = request
    try authorized.headers.set("Authorization", "Bearer \(user)-\(token)")
    return authorized
  }

  func refresh() async throws { token += 1 }
  func cachePartition() async -> String? { partitioned ? user : nil }
  func signIn(_ user: String) { self.user = user }
}

@Suite("HTTPCache: authenticated responses kept per partition")
struct CachePartitionTests {
  /// A server that answers each user's feed (by its token's user), fresh for 10 minutes,
  /// and a 401 to a token numbered 1 when `expiring` (once).
  func server(expiring: Bool = false) -> ScriptedTransport {
    ScriptedTransport { request, number in
      let authorization = request.headers["Authorization"] ?? "none"
      if expiring, authorization.hasSuffix("-1"), number == 2 { return HTTPResponse(status: 401) }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"],
        body: Data("\(authorization) #\(number)".utf8))
    }
  }

  func client(_ transport: ScriptedTransport, _ session: Session?) -> Client {
    Client(
      baseURL: URL(string: "https://api.example.com/"), transport: transport,
      authentication: session.map { Authentication($0) })
  }

  @Test func eachUserSeesTheirOwnResponsesAndSignOutDropsThem() async throws {
    let server = server()
    let session = Session()
    var api = client(server, session)
    api.cache = HTTPCache()
    let cache = try #require(api.cache)
    func feed() async throws -> String { try await Get("feed").value(on: api).text }
    #expect(try await feed() == "Bearer ann-1 #1")
    #expect(try await feed() == "Bearer ann-1 #1")
    await session.signIn("bo")
    #expect(try await feed() == "Bearer bo-1 #2", "another user: not ann's response")
    await session.signIn("ann")
    #expect(try await feed() == "Bearer ann-1 #1", "ann's is still kept")
    cache.invalidate(partition: "ann")
    #expect(try await feed() == "Bearer ann-1 #3")
    #expect(server.count == 3)
  }

  @Test func aTokenRefreshKeepsThePartition() async throws {
    let server = server(expiring: true)
    let session = Session()
    var api = client(server, session)
    api.cache = HTTPCache()
    // Kept under ann; then, asked with no-cache, a 401 refreshes the token.
    #expect(try await Get("feed").value(on: api).text == "Bearer ann-1 #1")
    let refreshed = try await Get("other").value(on: api).text
    #expect(refreshed == "Bearer ann-2 #3")
    #expect(await session.token == 2)
    #expect(try await Get("feed").value(on: api).text == "Bearer ann-1 #1", "still kept")
    #expect(server.count == 3)
  }

  @Test func withoutAPartitionNothingAuthenticatedIsKept() async throws {
    let server = server()
    var api = client(server, Session(partitioned: false))
    api.cache = HTTPCache()
    _ = try await Get("feed").value(on: api)
    _ = try await Get("feed").value(on: api)
    #expect(server.count == 2)
    var bare = client(server, nil)
    bare.cache = HTTPCache()
    let own = Get("feed").header("Authorization", "Bearer mine")
    _ = try await own.value(on: bare)
    _ = try await own.value(on: bare)
    #expect(server.count == 4, "a credential of the request's own is not kept either")
    _ = try await Get("public").value(on: bare)
    _ = try await Get("public").value(on: bare)
    #expect(server.count == 5, "what needs no credential is kept")
  }
}
