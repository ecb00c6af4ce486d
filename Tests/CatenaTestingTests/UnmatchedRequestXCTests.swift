import CatenaRequest
import CatenaTesting
import Foundation
import XCTest

/// An unmatched fixture request fails an XCTest test too, with the request and the nearest
/// route; this case keeps the failures it is told of instead of failing.
final class UnmatchedRequestXCTests: XCTestCase {
  private var failures: [String] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    failures.append(description)
  }

  func testAnUnmatchedRequestFailsTheXCTestAndThrows() async {
    let fixtures = FixtureTransport().route(.delete, "products/{id}", status: 204)
    let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    do {
      _ = try await Delete("product/2").value(on: api)
      failures.append("no error")
    } catch {
      XCTAssertTrue(error.underlyingError is UnmatchedRequest)
    }
    XCTAssertEqual(
      failures,
      ["no fixture route matches DELETE /product/2; the nearest route is DELETE products/{id}"])
  }
}
