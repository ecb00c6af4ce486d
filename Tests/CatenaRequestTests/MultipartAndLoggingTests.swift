import CatenaRequest
import CatenaTesting
import Foundation
import Testing

@Suite("Multipart bodies and redacted logging")
struct MultipartAndLoggingTests {
  @Test func multipartIsEncodedExactly() throws {
    var form = MultipartForm(boundary: "B")
    form.append("Sea view", name: "title")
    form.append(Data([0x01, 0x02]), name: "photo", filename: "sea.jpg", contentType: "image/jpeg")
    let request = try Post("houses").body(.multipart(form)).definition.httpRequest(baseURL: base)
    #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=B")
    var expected = Data(
      ("--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nSea view\r\n"
        + "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"sea.jpg\"\r\n"
        + "Content-Type: image/jpeg\r\n\r\n").utf8)
    expected.append(Data([0x01, 0x02]))
    expected.append(Data("\r\n--B--\r\n".utf8))
    #expect(request.body == expected)
  }

  @Test func partNamesCannotInjectHeaders() {
    var form = MultipartForm(boundary: "B")
    form.append("x", name: "a\"\r\nContent-Type: text/evil")
    let text = String(decoding: form.encoded(), as: UTF8.self)
    #expect(text.contains("name=\"a%22%0D%0AContent-Type: text/evil\""))
    #expect(!text.contains("\r\nContent-Type: text/evil"))
  }

  @Test func cURLDescriptionsRedactCredentials() throws {
    let request = try Post("login", ["user": "ada"]).query("token", "s3cret").query("page", "2")
      .header("Authorization", "Bearer abc").header("Cookie", "id=1")
      .definition.httpRequest(baseURL: URL(string: "https://me:pw@api.example.com/"))
    let curl = request.cURLDescription
    #expect(!curl.contains("s3cret") && !curl.contains("abc") && !curl.contains("id=1"))
    #expect(!curl.contains(":pw@"))
    #expect(curl.contains("token=***") && curl.contains("page=2"))
    #expect(curl.contains("'Authorization: ***'"))
    #expect(curl.contains(#"--data-binary '{"user":"ada"}'"#))
  }

  @Test func theLoggingInterceptorLogsRedactedRequestsAndStatuses() async throws {
    let lines = Lines()
    let fixtures = FixtureTransport().route(.get, "me", json: "{}")
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: fixtures,
      interceptors: [LoggingInterceptor { line in lines.add(line) }])
    _ = try await Get("me").query("access_token", "xyz").value(on: api)
    let logged = lines.all
    #expect(
      logged.first?.hasPrefix("curl -X GET 'https://api.example.com/me?access_token=***'") == true)
    #expect(logged.last == "200 GET https://api.example.com/me?access_token=*** (2 bytes)")
  }
}

/// Collects log lines in the order they are logged.
final class Lines: @unchecked Sendable {
  // NB: `lock` guards `lines`.
  private let lock = NSLock()
  private var lines: [String] = []

  func add(_ line: String) { lock.withLock { lines.append(line) } }

  var all: [String] { lock.withLock { lines } }
}
