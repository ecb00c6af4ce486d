import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// C1, C2, C7, C24: the cache decides on the request as sent, after the interceptors, the
/// credential and the transport's cookies.
@Suite("The cache sees each request as it is sent")
struct PrivateResponseTests {
  let log = EventLog()

  /// `/me` answered with who asked (the `Authorization`, else the cookie), `private`, fresh
  /// for five minutes, with an `ETag`.
  static func me() -> SeamTransport {
    SeamTransport { request in
      let who = request.headers["Authorization"] ?? request.headers["Cookie"] ?? "nobody"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "private, max-age=300", "ETag": "\"\(who)\""],
        body: Data(who.utf8), url: request.url)
    }
  }

  func client(_ transport: SeamTransport, off: Set<CacheRule> = []) -> Client {
    var api = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    api.cache = HTTPCache()
    api.cache?.rulesOff = off
    api.monitors = [log]
    return api
  }

  @Test func aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnother() async throws {
    try await aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnotherScenario(off: [])
  }

  func aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnotherScenario(off: Set<CacheRule>)
    async throws
  {
    let server = Self.me()
    let token = Box("Bearer A")
    var api = client(server, off: off)
    api.interceptors = [SettingHeader(header: "Authorization", value: token)]
    #expect(try await Get("me").value(on: api).text == "Bearer A")
    token.value = "Bearer B"
    #expect(try await Get("me").value(on: api).text == "Bearer B", "not A's answer")
    #expect(server.requests.count == 2)
    #expect(log.count(.notStored(.credentialWithoutPartition)) == 2)
    #expect(api.keptValue(of: Get("me")) == nil)
  }

  @Test func aCookieTheTransportSendsIsACredential() async throws {
    try await aCookieTheTransportSendsIsACredentialScenario(off: [])
  }

  func aCookieTheTransportSendsIsACredentialScenario(off: Set<CacheRule>) async throws {
    let server = SeamTransport { request in
      // Express's default: a weak ETag, no Cache-Control.
      let who = request.headers["Cookie"] ?? "nobody"
      return HTTPResponse(
        status: 200, headers: ["ETag": "W/\"\(who)\""], body: Data(who.utf8), url: request.url)
    }
    server.cookie = "sid=A"
    let api = client(server, off: off)
    #expect(try await Get("me").value(on: api).text == "sid=A")
    #expect(api.keptValue(of: Get("me")) == nil, "A's answer is not kept without a partition")
    server.cookie = "sid=B"
    var shown: [String] = []
    for try await me in Get("me").answers(on: api) { shown.append(me.value.text) }
    #expect(shown == ["sid=B"])
    #expect(server.requests.map { $0.headers["If-None-Match"] } == [nil, nil])
  }

  @Test func aNamedPartitionKeepsEachUsersOwn() async throws {
    let server = Self.me()
    let account = Account()
    var api = client(server)
    api.authentication = Authentication(account)
    #expect(try await Get("me").value(on: api).text == "Bearer A")
    #expect(try await Get("me").value(on: api).text == "Bearer A")
    #expect(server.requests.count == 1, "kept in A's partition")
    await account.signIn("B")
    #expect(try await Get("me").value(on: api).text == "Bearer B")
    var shown: [String] = []
    for try await me in Get("me").answers(on: api) { shown.append(me.value.text) }
    #expect(shown.first == "Bearer B", "B's kept answer first, never A's")
    #expect(!shown.contains("Bearer A"))
  }

  @Test func aCredentialInTheQueryIsNotKeptWithoutAPartition() async throws {
    try await aCredentialInTheQueryIsNotKeptWithoutAPartitionScenario(off: [])
  }

  func aCredentialInTheQueryIsNotKeptWithoutAPartitionScenario(off: Set<CacheRule>) async throws {
    let server = Self.me()
    let api = client(server, off: off)
    _ = try await Get("me", ["access_token": "XYZ"]).value(on: api)
    _ = try await Get("me", ["access_token": "XYZ"]).value(on: api)
    #expect(server.requests.count == 2)
    #expect(log.count(.notStored(.credentialWithoutPartition)) == 2)
  }

  @Test func varyMatchesTheHeaderAnInterceptorSets() async throws {
    try await varyMatchesTheHeaderAnInterceptorSetsScenario(off: [])
  }

  func varyMatchesTheHeaderAnInterceptorSetsScenario(off: Set<CacheRule>) async throws {
    let server = SeamTransport { request in
      let language = request.headers["Accept-Language"] ?? "none"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"],
        body: Data(language.utf8), url: request.url)
    }
    let language = Box("fr")
    var api = client(server, off: off)
    api.interceptors = [SettingHeader(header: "Accept-Language", value: language)]
    #expect(try await Get("catalog").value(on: api).text == "fr")
    language.value = "de"
    #expect(try await Get("catalog").value(on: api).text == "de", "another variant")
    language.value = "fr"
    #expect(try await Get("catalog").value(on: api).text == "fr")
    #expect(server.requests.count == 2, "the French one is kept")
  }

  @Test func varyCookieMatchesTheJarsCookie() async throws {
    try await varyCookieMatchesTheJarsCookieScenario(off: [])
  }

  func varyCookieMatchesTheJarsCookieScenario(off: Set<CacheRule>) async throws {
    let server = SeamTransport { request in
      let who = request.headers["Cookie"] ?? "nobody"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Cookie"],
        body: Data(who.utf8), url: request.url)
    }
    let account = Account(partitioned: true)
    var api = client(server, off: off)
    // A provider naming the partition; the credential itself is the jar's cookie.
    api.authentication = Authentication(account)
    server.cookie = "sid=1"
    #expect(try await Get("home").value(on: api).text == "sid=1")
    server.cookie = "sid=2"
    #expect(try await Get("home").value(on: api).text == "sid=2")
    #expect(server.requests.count == 2)
  }

  @Test func aRetryKeepsTheAnswerUnderThePartitionItWasSentWith() async throws {
    try await aRetryKeepsTheAnswerUnderThePartitionItWasSentWithScenario(off: [])
  }

  func aRetryKeepsTheAnswerUnderThePartitionItWasSentWithScenario(off: Set<CacheRule>) async throws
  {
    let account = Account()
    let failures = Box(1)
    let server = SeamTransport { request in
      if failures.value > 0 {
        failures.value -= 1
        return HTTPResponse(status: 503, url: request.url)
      }
      let who = request.headers["Authorization"] ?? "nobody"
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=300"], body: Data(who.utf8),
        url: request.url)
    }
    let switchUser = SwitchOnFirstSleep(account: account)
    var api = client(server, off: off)
    api.authentication = Authentication(account)
    api.retry = RetryPolicy(jitter: false, sleep: { _ in await switchUser.run() })
    // A's attempt fails; B signs in during the wait; the retry is sent as B.
    #expect(try await Get("inbox").value(on: api).text == "Bearer B")
    #expect(try await Get("inbox").value(on: api).text == "Bearer B", "kept under B")
    await account.signIn("A")
    #expect(try await Get("inbox").value(on: api).text == "Bearer A", "nothing kept under A")
    #expect(server.requests.count == 3)
  }

  @Test func aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOut() async throws {
    try await aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOutScenario(off: [])
  }

  func aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOutScenario(off: Set<CacheRule>)
    async throws
  {
    let server = Self.me()
    let api = client(server, off: off)
    // Looked up with no cookie; a sign-in elsewhere lands before the transport reads its jar.
    server.beforeNextSend { server.cookie = "sid=A" }
    #expect(try await Get("me").value(on: api).text == "sid=A")
    server.cookie = nil  // signed out
    #expect(try await Get("me").value(on: api).text == "nobody", "never A's answer")
    #expect(server.requests.count == 2)
    #expect(log.count(.notStored(.fencedByWrite)) == 1)
  }

  @Test func theHeadersASessionAddsAreSentAndTheRequestsOwnWin() throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = ["Authorization": "Bearer A", "X-App": "1"]
    let transport = URLSessionTransport(configuration: configuration)
    let url = try #require(URL(string: "https://api.example.com/me"))
    let request = HTTPRequest(method: .get, url: url, headers: ["X-App": "2"])
    let sent = transport.requestAsSent(request)
    #expect(sent.headers["Authorization"] == "Bearer A", "a credential on the wire")
    #expect(sent.headers["X-App"] == "2", "the request's own header wins")
  }

  @Test func aSignInInFlightFencesTheAnswerEvenWhenItSetsTheSameCookieAgain() async throws {
    let server = SeamTransport { request in
      let who = request.headers["Cookie"] ?? "nobody"
      var headers: HTTPHeaders = ["Cache-Control": "max-age=300"]
      // A rolling session: every answer sets the session cookie again.
      if who != "nobody" { headers = headers.merging(["Set-Cookie": "\(who); Path=/"]) }
      return HTTPResponse(status: 200, headers: headers, body: Data(who.utf8), url: request.url)
    }
    let api = client(server)
    server.beforeNextSend { server.cookie = "sid=B" }  // looked up with none; sent with B's
    #expect(try await Get("me").value(on: api).text == "sid=B")
    server.cookie = nil
    #expect(try await Get("me").value(on: api).text == "nobody", "never B's answer")
    #expect(log.count(.notStored(.fencedByWrite)) == 1)
  }

  @Test func anAnswerThatSetsTheCookieItWasSentWithIsKept() async throws {
    let server = SeamTransport { request in
      HTTPResponse(
        status: 200,
        headers: ["Cache-Control": "private, max-age=300", "Set-Cookie": "sid=A; Path=/"],
        body: Data((request.headers["Cookie"] ?? "nobody").utf8), url: request.url)
    }
    var api = client(server)
    api.authentication = Authentication(Account())
    server.cookie = "sid=A"
    _ = try await Get("me").value(on: api)
    #expect(try await Get("me").value(on: api).text == "sid=A")
    #expect(server.requests.count == 1, "the jar did not change: kept in A's partition")
  }

  /// Each scenario, with the rule that makes it pass switched off: it must fail.
  @Test(arguments: [
    ("aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnother", CacheRule.credentialOnTheWire),
    ("aCookieTheTransportSendsIsACredential", CacheRule.credentialOnTheWire),
    ("aCredentialInTheQueryIsNotKeptWithoutAPartition", CacheRule.credentialOnTheWire),
    ("varyMatchesTheHeaderAnInterceptorSets", CacheRule.varyOnTheWire),
    ("varyCookieMatchesTheJarsCookie", CacheRule.varyOnTheWire),
    ("aRetryKeepsTheAnswerUnderThePartitionItWasSentWith", CacheRule.partitionWithCredential),
    ("aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOut", CacheRule.cookiesAsSent),
  ])
  func failsWithoutItsRule(scenario: String, rule: CacheRule) async throws {
    try await withoutItsRule(scenario, rule) {
      switch scenario {
      case "aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnother":
        try await aTokenAnInterceptorAddsKeepsOneUsersAnswerFromAnotherScenario(off: [rule])
      case "aCookieTheTransportSendsIsACredential":
        try await aCookieTheTransportSendsIsACredentialScenario(off: [rule])
      case "aCredentialInTheQueryIsNotKeptWithoutAPartition":
        try await aCredentialInTheQueryIsNotKeptWithoutAPartitionScenario(off: [rule])
      case "varyMatchesTheHeaderAnInterceptorSets":
        try await varyMatchesTheHeaderAnInterceptorSetsScenario(off: [rule])
      case "varyCookieMatchesTheJarsCookie":
        try await varyCookieMatchesTheJarsCookieScenario(off: [rule])
      case "aRetryKeepsTheAnswerUnderThePartitionItWasSentWith":
        try await aRetryKeepsTheAnswerUnderThePartitionItWasSentWithScenario(off: [rule])
      case "aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOut":
        try await aCookieSetBetweenTheLookupAndTheSendKeepsTheAnswerOutScenario(off: [rule])
      default: throw UnknownScenario(name: scenario)
      }
    }
  }

}

/// Signs B in the first time it runs.
actor SwitchOnFirstSleep {
  let account: Account
  var done = false
  init(account: Account) { self.account = account }
  func run() async {
    guard !done else { return }
    done = true
    await account.signIn("B")
  }
}
