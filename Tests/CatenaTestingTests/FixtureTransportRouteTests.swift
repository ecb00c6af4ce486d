import CatenaRequest
import CatenaTesting
import Foundation
import Testing

@Suite("Fixture routes that read the request")
struct FixtureTransportRouteTests {
  /// The routes of `FixtureTransport.route(_:_:delay:respond:)`'s documentation, word for word.
  func documentedRoutes() -> FixtureTransport {
    let fixtures = FixtureTransport()
    fixtures.route(.get, "houses") { request in
      let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
      let page = query?.first { $0.name == "page" }?.value ?? "1"
      let json = #"{"items": [{"id": \#(page)}]}"#
      return HTTPResponse(status: 200, body: Data(json.utf8), url: request.url)
    }
    fixtures.route(.post, "search") { request in
      let text = try JSONValue(parsing: request.body ?? Data())["text"].string ?? ""
      let json = #"{"results": ["\#(text)"]}"#
      return HTTPResponse(status: 200, body: Data(json.utf8), url: request.url)
    }
    return fixtures
  }

  @Test func aRouteAnswersByTheQueryAndByTheBody() async throws {
    let api = Client(
      baseURL: URL(string: "https://api.example.com/"), transport: documentedRoutes())
    let third = try await Get("houses", ["page": .int(3)]).json(at: "items").value(on: api)
    #expect(third == [["id": 3]])
    let first = try await Get("houses").json(at: "items").value(on: api)
    #expect(first == [["id": 1]])
    let found = try await Post("search").body(.json(["text": "loft"])).json(at: "results")
      .value(on: api)
    #expect(found == ["loft"])
  }

  @Test func theDocumentationShowsTheseRoutes() throws {
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CatenaTesting/FixtureTransport.swift"), encoding: .utf8)
    let documented = source.split(separator: "\n").filter { $0.hasPrefix("  ///   ") }
      .map { $0.dropFirst("  /// ".count) }
    for line in [
      #"  let page = query?.first { $0.name == "page" }?.value ?? "1""#,
      #"  let text = try JSONValue(parsing: request.body ?? Data())["text"].string ?? """#,
    ] {
      #expect(documented.contains { $0 == line }, "the example has \(line)")
    }
  }
}
