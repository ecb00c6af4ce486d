import Foundation
import Testing

@testable import CatenaRequest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which stored cookies a followed redirect's next hop carries.
@Suite("Cookies on a redirect's next hop")
struct RedirectCookiesTests {
  /// A configuration whose storage holds `session=s3cret` for `api.example.com`.
  func configuration() throws -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    let storage = try #require(configuration.httpCookieStorage)
    let url = try #require(URL(string: "https://api.example.com/login"))
    storage.setCookies(
      HTTPCookie.cookies(
        withResponseHeaderFields: ["Set-Cookie": "session=s3cret; Path=/"], for: url),
      for: url, mainDocumentURL: nil)
    return configuration
  }

  func hop(_ url: String, cookie: String? = nil) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: url)))
    if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
    return request
  }

  @Test func theNextHopOnTheCookiesDomainCarriesIt() throws {
    let next = RedirectCookies.adding(
      to: try hop("https://api.example.com/home"), from: try configuration())
    #expect(next.value(forHTTPHeaderField: "Cookie") == "session=s3cret")
  }

  @Test func anotherDomainGetsNoneOfIt() throws {
    let next = RedirectCookies.adding(
      to: try hop("https://other.example/home"), from: try configuration())
    #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
  }

  @Test func aCookieTheRequestCarriesStaysAndIsNotSentTwice() throws {
    let configuration = try configuration()
    let merged = RedirectCookies.adding(
      to: try hop("https://api.example.com/home", cookie: "theme=dark"), from: configuration)
    #expect(merged.value(forHTTPHeaderField: "Cookie") == "theme=dark; session=s3cret")
    let named = RedirectCookies.adding(
      to: try hop("https://api.example.com/home", cookie: "session=mine"), from: configuration)
    #expect(named.value(forHTTPHeaderField: "Cookie") == "session=mine")
  }

  @Test func aSessionThatSetsNoCookiesAddsNone() throws {
    let configuration = try configuration()
    configuration.httpShouldSetCookies = false
    let next = RedirectCookies.adding(
      to: try hop("https://api.example.com/home"), from: configuration)
    #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
  }
}
