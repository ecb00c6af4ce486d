import CatenaTesting
import XCTest

/// The same assertions from XCTest: a thrown ``SnapshotFailure`` fails an XCTest test too.
final class SnapshotXCTests: XCTestCase {
  func testAnInlineSnapshotPasses() throws {
    try expectSnapshot(
      of: "row 1\nrow 2",
      matches: """
        row 1
        row 2
        """)
  }

  func testAMismatchThrowsTheDiff() {
    XCTAssertThrowsError(try expectSnapshot(of: "b", matches: "a")) { error in
      XCTAssertEqual((error as? SnapshotFailure)?.kind, .mismatch)
      XCTAssertTrue("\(error)".contains("- a\n+ b"))
    }
  }

  func testAFileSnapshotPasses() throws {
    try expectSnapshot(of: "from XCTest\n", named: "xctest")
  }
}
