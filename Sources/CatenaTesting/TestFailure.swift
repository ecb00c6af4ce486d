#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Fails the test that is running, in whichever framework runs it: Swift Testing's
/// `Issue.record` inside a Swift Testing test, an XCTest failure inside an XCTest one. Neither
/// framework is in the Apple SDKs' platform paths for apps, so each is used only where it can
/// be imported; outside a test nothing is recorded (the caller also throws).
enum TestFailure {
  /// Records `message` as a failure of the running test.
  ///
  /// From a task that does not know its test (a detached one: a `Call`'s request), both
  /// frameworks are told: Swift Testing fails the run with an issue of no test, XCTest the
  /// case that runs; each drops what the other is told, so nothing is recorded twice.
  static func record(_ message: String) {
    #if canImport(Testing)
      Issue.record(Comment(rawValue: message))
      if Test.current != nil { return }
    #endif
    #if canImport(XCTest)
      XCTFail(message)
    #endif
  }
}
