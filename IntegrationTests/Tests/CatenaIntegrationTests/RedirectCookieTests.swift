import Catena
import Foundation
import Testing

/// A cookie set by a redirect response goes with the request that follows it, as browsers and
/// URLSession's own redirects do: login flows set the session cookie on a `302`.
@Suite("Cookies set by a redirect over real HTTP")
struct RedirectCookieTests {
  @Test(arguments: [301, 302, 303, 307, 308])
  func aFollowedRedirectSendsTheCookieItSet(code: Int) async throws {
    try await TestServer.run { port in
      let api = client(port)
      let answer = try await Get("login").query("code", String(code)).json().value(on: api)
      #expect(answer["cookie"].string == "session=s3cret", "\(code): \(answer)")
      #expect(answer["method"].string == "GET")
    }
  }

  @Test(arguments: [(302, "GET"), (303, "GET"), (307, "POST"), (308, "POST")])
  func aPostsRedirectSendsTheCookieItSet(code: Int, method: String) async throws {
    try await TestServer.run { port in
      let api = client(port)
      let answer = try await Post("login", ["user": "ada"]).query("code", String(code)).json()
        .value(on: api)
      #expect(answer["cookie"].string == "session=s3cret", "\(code): \(answer)")
      #expect(answer["method"].string == method)
    }
  }

  @Test func aStreamedRedirectSendsTheCookieItSet() async throws {
    try await TestServer.run { port in
      let streamed = try await Get("login").stream(on: client(port))
      let body = try await streamed.body.collect(upTo: 1 << 10)
      let answer = try JSONValue(parsing: body)
      #expect(answer["cookie"].string == "session=s3cret", "\(answer)")
    }
  }
}
