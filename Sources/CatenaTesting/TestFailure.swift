#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Fails the test that is running, in whichever framework runs it: Swift Testing's
/// `Issue.record` inside a Swift Testing test, an XCTest failure otherwise. Neither framework
/// is in the Apple SDKs' platform paths for apps, so each is used only where it can be
/// imported; outside a test nothing is recorded (the caller also throws).
enum TestFailure {
  /// Records `message` as a failure of the running test.
  static func record(_ message: String) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(Comment(rawValue: message))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message)
    #endif
  }
}
