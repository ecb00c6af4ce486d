import CatenaTesting
import Foundation
import Testing

@testable import CatenaRequest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which redirects `URLSessionTransport` follows, and which headers each hop keeps.
@Suite("Redirect chains")
struct RedirectChainTests {
  static let credentials: [(String, String)] = [
    ("Authorization", "Bearer secret"), ("Proxy-Authorization", "Basic cHJveHk="),
    ("Cookie", "session=1"), ("X-Signature", "sig"), ("Accept", "application/json"),
  ]

  func chain(from url: String) throws -> RedirectChain {
    var headers = HTTPHeaders()
    for (name, value) in Self.credentials { try? headers.set(name, value) }
    return RedirectChain(
      HTTPRequest(
        method: .get, url: try #require(URL(string: url)), headers: headers,
        sensitiveHeaders: ["X-Signature"]))
  }

  /// The next hop as URLSession proposes it: the same headers, to `url`.
  func hop(_ url: String) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: url)))
    for (name, value) in Self.credentials { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }

  func names(_ result: Result<URLRequest, RequestError>) throws -> Set<String> {
    let request = try result.get()
    return Set((request.allHTTPHeaderFields ?? [:]).keys.map { $0.lowercased() })
  }

  @Test func theSameOriginKeepsEveryHeader() throws {
    var chain = try chain(from: "https://api.example.com/v1/a")
    for url in [
      "https://api.example.com/v1/b", "https://API.Example.com:443/c", "https://api.example.com/d",
    ] {
      #expect(try names(chain.follow(try hop(url))).count == 5, "\(url)")
    }
  }

  @Test(arguments: [
    "https://api.example.com:8443/x",  // another port
    "http://api.example.com/x",  // https to http on the same host
    "https://evil.example.com/x",  // another host
    "https://api.example.com.evil.example/x",  // a host that starts the same
  ])
  func leavingTheOriginDropsEveryCredential(url: String) throws {
    var chain = try chain(from: "https://api.example.com/v1/a")
    #expect(try names(chain.follow(try hop(url))) == ["accept"])
  }

  @Test func aRequestWithABodyIsSentAgainWithItOrAsAGetWithout() throws {
    var headers = HTTPHeaders()
    for (name, value) in Self.credentials + [("Content-Type", "image/jpeg")] {
      try headers.set(name, value)
    }
    let file = URL(fileURLWithPath: "/tmp/photo.jpg")
    var upload = HTTPRequest(
      method: .put, url: try #require(URL(string: "https://api.example.com/photos/1")),
      headers: headers, sensitiveHeaders: ["X-Signature"])
    upload.streamedBody = .file(file)
    var chain = RedirectChain(upload)
    // A 307 at home: the same method, body and headers, to the new place.
    var next = try chain.follow(try hop("https://api.example.com/photos/2")).get()
    next.httpMethod = "PUT"
    let again = chain.resend(upload, to: next)
    #expect(again.url.path == "/photos/2" && again.method == .put)
    #expect(again.streamedBody == .file(file) && again.headers == upload.headers)
    // A 303 to another host: a GET, without the body, its headers or the credentials.
    next = try chain.follow(try hop("https://cdn.example.com/done")).get()
    next.httpMethod = "GET"
    let get = chain.resend(again, to: next)
    #expect(get.method == .get && get.body == nil && get.streamedBody == nil)
    #expect(Set(get.headers.map { $0.name.lowercased() }) == ["accept"])
  }

  @Test func aHopBackHomeDoesNotGetTheCredentialsBack() throws {
    var chain = try chain(from: "http://127.0.0.1:8080/a")
    #expect(try names(chain.follow(try hop("http://127.0.0.1:8081/b"))) == ["accept"])
    #expect(try names(chain.follow(try hop("http://127.0.0.1:8080/c"))) == ["accept"])
    #expect(chain.leftOrigin)
  }

  @Test func anHTTPOriginAndItsHTTPSUpgradeAreTwoOrigins() throws {
    var chain = try chain(from: "http://api.example.com/a")
    #expect(try names(chain.follow(try hop("https://api.example.com/a"))) == ["accept"])
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://api.example.com/x", "data:,hi", "https:///x"])
  func aRedirectOutOfHTTPIsNotFollowed(url: String) throws {
    var chain = try chain(from: "https://api.example.com/a")
    let result = chain.follow(try hop(url))
    #expect(throws: RequestError.self) { try result.get() }
    if case .failure(let error) = result {
      #expect(error.kind == .redirect)
      #expect(error.message.contains(url))
    }
  }

  @Test func aLocationOutOfHTTPIsRefusedEvenWhenRewrittenAsAPath() throws {
    // FoundationNetworking proposes http://api.example.com/etc/passwd for this Location.
    var chain = try chain(from: "https://api.example.com/a")
    let result = chain.follow(
      try hop("https://api.example.com/etc/passwd"), location: "file:///etc/passwd")
    guard case .failure(let error) = result else {
      Issue.record("followed a file:// Location")
      return
    }
    #expect(error.kind == .redirect && error.message.contains("file:///etc/passwd"))
    var relative = try self.chain(from: "https://api.example.com/a")
    #expect(
      try names(relative.follow(try hop("https://api.example.com/b"), location: "/b")).count == 5)
  }

  @Test func theHopAfterTheLastAllowedIsNotFollowed() throws {
    var chain = try chain(from: "https://api.example.com/a")
    for index in 1...URLSessionTransport.maxRedirects {
      #expect(throws: Never.self) {
        try chain.follow(try hop("https://api.example.com/\(index)")).get()
      }
    }
    guard case .failure(let error) = chain.follow(try hop("https://api.example.com/last")) else {
      Issue.record("the hop past the limit was followed")
      return
    }
    #expect(error.kind == .redirect)
    #expect(error.limit == .redirects(URLSessionTransport.maxRedirects))
  }

  /// Signs each request with a header of its own, marked as a credential.
  struct Signer: Interceptor {
    func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
      var signed = request
      try signed.headers.set("X-Request-Signature", "sig")
      signed.sensitiveHeaders.insert("x-request-signature")
      return signed
    }
  }

  @Test func aCredentialAnInterceptorAddsStaysHomeToo() async throws {
    let fixtures = FixtureTransport().route(.get, "a", json: "{}")
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: fixtures,
      interceptors: [Signer()])
    _ = try await Get("a").value(on: api)
    let sent = try #require(fixtures.requests.last)
    var chain = RedirectChain(sent)
    var hop = URLRequest(url: try #require(URL(string: "https://cdn.example.com/a")))
    hop.setValue("sig", forHTTPHeaderField: "X-Request-Signature")
    hop.setValue("application/json", forHTTPHeaderField: "Accept")
    #expect(try names(chain.follow(hop)) == ["accept"])
  }

  @Test func originsCompareSchemeHostAndPortWithDefaults() {
    let plain = Origin(URL(string: "https://h.example/x")!)
    #expect(plain == Origin(URL(string: "HTTPS://H.EXAMPLE:443/y?z")!))
    #expect(plain != Origin(URL(string: "http://h.example:443/")!))
    #expect(Origin(URL(string: "http://h.example/")!)?.port == 80)
    #expect(Origin(URL(string: "/relative")!) == nil)
    #expect(plain?.description == "https://h.example:443")
  }
}
