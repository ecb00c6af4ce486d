import CatenaRequest
import CatenaTesting
import Foundation
import XCTest

/// An unmatched fixture request fails an XCTest test too, with the request and the nearest
/// route; this case keeps those failures instead of failing (any other fails it as usual).
final class UnmatchedRequestXCTests: XCTestCase {
  private var failures: [String] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard description.contains("no fixture route matches") else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    failures.append(description)
  }

  func testAnUnmatchedRequestFailsTheXCTestAndThrows() async {
    let fixtures = FixtureTransport().route(.delete, "products/{id}", status: 204)
    let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    do {
      _ = try await Delete("product/2").value(on: api)
      XCTFail("an unmatched request throws")
    } catch {
      XCTAssertTrue(error.underlyingError is UnmatchedRequest)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.hasSuffix(
        "no fixture route matches DELETE /product/2; the nearest route is DELETE products/{id}")
        ?? false, "\(failures)")
  }
}
