import CatenaRequest
import CatenaTesting
import Foundation
import Testing

@Suite("Fixture routes by pattern, and requests no route matches")
struct FixtureTransportPatternTests {
  let base = URL(string: "https://api.example.com/v1/")

  func fixtures() -> FixtureTransport {
    FixtureTransport()
      .route(.get, "products", json: #"{"list": true}"#)
      .route(.delete, "products/{id}", status: 204)
      .route(.get, "products/{id}/photos/{photo}", json: #"{"photo": true}"#)
  }

  @Test func aParameterMatchesAnyOneSegment() async throws {
    let fixtures = fixtures()
    let api = Client(baseURL: base, transport: fixtures)
    let deleted = try await Delete("products/2").value(on: api)
    #expect(deleted.status == 204)
    let photo = try await Get("products/2/photos/9").json(at: "photo").value(on: api)
    #expect(photo == true)
    let list = try await Get("products").json(at: "list").value(on: api)
    #expect(list == true)
    #expect(
      fixtures.requests.map(\.url.path) == [
        "/v1/products/2", "/v1/products/2/photos/9", "/v1/products",
      ])
  }

  @Test(arguments: [
    (HTTPMethod.delete, "products", "GET products"),
    (.delete, "products/2/photos", "DELETE products/{id}"),
    (.get, "products/2/photos/9/x", "GET products/{id}/photos/{photo}"),
    (.get, "product/2/photos/9", "GET products/{id}/photos/{photo}"),
  ])
  func aPatternMatchesWholeSegmentsOnly(method: HTTPMethod, path: String, nearest: String) async {
    let api = Client(baseURL: base, transport: fixtures())
    await withKnownIssue {
      let error = await #expect(throws: RequestError.self) {
        _ = try await Request(method, path).value(on: api)
      }
      #expect(error?.kind == .transport)
      let unmatched = error?.underlyingError as? UnmatchedRequest
      #expect(unmatched?.method == method)
      #expect(unmatched?.url.path == "/v1/\(path)")
      #expect(unmatched?.nearestRoute == nearest)
    } matching: { issue in
      "\(issue)".contains("no fixture route matches \(method) /v1/\(path); the nearest route is")
    }
  }

  @Test func anUnmatchedRequestFailsTheTestAndThrows() async {
    let api = Client(baseURL: base, transport: fixtures())
    await withKnownIssue {
      let error = await #expect(throws: RequestError.self) {
        _ = try await Post("product").value(on: api)
      }
      #expect(
        "\(error?.underlyingError.map { "\($0)" } ?? "")"
          == "no fixture route matches POST /v1/product; the nearest route is GET products")
    } matching: { issue in
      "\(issue)".contains("no fixture route matches POST /v1/product; the nearest route is")
    }
  }

  @Test func aTransportWithoutRoutesSaysSo() async {
    let api = Client(baseURL: base, transport: FixtureTransport())
    await withKnownIssue {
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get("x").value(on: api)
      }
      #expect(
        (error?.underlyingError as? UnmatchedRequest)?.description
          == "no fixture route matches GET /v1/x; the transport has no route")
    } matching: { issue in
      "\(issue)".contains("no fixture route matches GET /v1/x; the transport has no route")
    }
  }

  @Test func notFoundAnswersA404ThatNamesTheRequestAndFailsNoTest() async {
    let fixtures = fixtures()
    fixtures.unmatched = .notFound
    let api = Client(baseURL: base, transport: fixtures)
    let error = await #expect(throws: RequestError.self) {
      _ = try await Post("nowhere").value(on: api)
    }
    #expect(error?.status == 404)
    #expect(error?.bodyText == "no fixture for POST /v1/nowhere")
  }

  @Test func theRootRouteMatchesOnlyTheRoot() async throws {
    let fixtures = FixtureTransport().route(.get, "/", json: "1")
    let root = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    #expect(try await Get("").json(at: "").value(on: root) == 1)
    await withKnownIssue {
      let error = await #expect(throws: RequestError.self) {
        _ = try await Get("a").value(on: root)
      }
      #expect(error?.underlyingError is UnmatchedRequest)
    } matching: { issue in
      "\(issue)".contains("no fixture route matches GET /a; the nearest route is GET /")
    }
  }
}
