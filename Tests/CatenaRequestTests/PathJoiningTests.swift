import CatenaRequest
import Foundation
import Testing

/// The joining policy of `RequestDefinition.httpRequest(baseURL:…)`: a path never leaves its
/// base URL, the base is an absolute http(s) URL, and control characters are refused.
@Suite("Joining paths to the base URL")
struct PathJoiningTests {
  /// The `invalidURL` error building `request` under `base` gives, or nil.
  func refusal<R: RequestConvertible>(
    _ request: R, base: URL? = base, allowsAbsoluteURLs: Bool = false
  ) -> RequestError? {
    do {
      _ = try request.definition.httpRequest(baseURL: base, allowsAbsoluteURLs: allowsAbsoluteURLs)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("../admin", "..", 1), ("users/../../admin", "..", 3), ("/../v2/users", "..", 1),
    ("./../x", "..", 2), ("a/b/../../../c", "..", 5),
  ])
  func dotDotAboveTheBaseIsRefused(path: String, segment: String, position: Int) throws {
    let error = try #require(refusal(Get(path)))
    #expect(error.kind == .invalidURL)
    #expect(error.message.contains("\"\(segment)\""), "\(error.message)")
    #expect(error.message.contains("segment \(position)"), "\(error.message)")
    #expect(error.message.contains("/v1/"), "the message names the base path: \(error.message)")
  }

  @Test(arguments: [
    ("users/../admin", "https://api.example.com/v1/admin"),
    ("./users/./7", "https://api.example.com/v1/users/7"),
    ("a/b/../c/", "https://api.example.com/v1/a/c/"),
    ("users/..", "https://api.example.com/v1"),
    ("...", "https://api.example.com/v1/..."),
    ("%2e%2e/admin", "https://api.example.com/v1/%252e%252e/admin"),
  ])
  func dotSegmentsInsideTheBaseAreResolved(path: String, url: String) throws {
    let request = try built(Get(path))
    #expect(request.url.absoluteString == url)
  }

  @Test(arguments: ["ftp://files.example.com/", "file:///etc/", "api.example.com/v1", "/v1/"])
  func theBaseMustBeAnAbsoluteHTTPURL(text: String) throws {
    let error = try #require(refusal(Get("users"), base: URL(string: text)))
    #expect(error.kind == .invalidURL)
    #expect(error.message.contains("base URL"), "\(error.message)")
  }

  @Test(arguments: ["ftp://files.example.com/x", "file:///etc/passwd", "gopher://x.example/"])
  func absoluteURLsMustBeHTTP(path: String) throws {
    let error = try #require(refusal(Get(path), allowsAbsoluteURLs: true))
    #expect(error.kind == .invalidURL)
    let withoutBase = try #require(refusal(Get(path), base: nil))
    #expect(withoutBase.kind == .invalidURL)
  }

  @Test(arguments: ["a\r\nX-Injected: 1", "a\u{0}b", "\tusers", "users\u{7F}", "a\u{1B}[31m"])
  func controlCharactersInAPathAreRefused(path: String) throws {
    let error = try #require(refusal(Get(path)))
    #expect(error.kind == .invalidURL)
    #expect(error.message.contains("control character"), "\(error.message)")
  }

  @Test func controlCharactersInAQueryNameAreRefusedButValuesAreEncoded() throws {
    let error = try #require(refusal(Get("search").query("q\r\nX", "1")))
    #expect(error.kind == .invalidURL)
    let request = try built(Get("search").query("q", "line one\nline two"))
    #expect(request.url.query == "q=line%20one%0Aline%20two")
  }

  @Test func theBasePathIsKeptWithOrWithoutItsTrailingSlash() throws {
    let withSlash = try Get("users").definition.httpRequest(
      baseURL: URL(string: "http://127.0.0.1:8080/api/"))
    let without = try Get("users").definition.httpRequest(
      baseURL: URL(string: "http://127.0.0.1:8080/api"))
    #expect(withSlash.url.absoluteString == "http://127.0.0.1:8080/api/users")
    #expect(without.url.absoluteString == "http://127.0.0.1:8080/api/users")
  }
}

@Suite("Absolute URLs under the base")
struct AbsoluteURLsUnderTheBaseTests {
  let base = URL(string: "https://api.example.com/v1")

  func url(_ path: String) throws -> String {
    try RequestDefinition(method: .get, path: path).httpRequest(baseURL: base).url.absoluteString
  }

  @Test(arguments: [
    "https://api.example.com/v1/houses?page=2",
    "https://API.example.com:443/v1/houses",
    "https://api.example.com/v1",
  ])
  func aURLInsideTheBaseIsSentAsItIs(path: String) throws {
    #expect(try url(path) == path)
  }

  @Test(arguments: [
    "https://api.example.com/v10/houses", "https://api.example.com/v2/houses",
    "https://api.example.com/v1/../admin", "https://api.example.com/v1/%2E%2E/admin",
    "http://api.example.com/v1/houses", "https://api.example.com:8443/v1/houses",
    "https://evil.example/v1/houses", "//evil.example/v1/houses",
  ])
  func anyOtherAbsoluteURLIsRefused(path: String) {
    #expect(throws: RequestError.self) { try url(path) }
  }
}
