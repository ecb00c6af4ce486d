import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// Records every begin and end.
@MainActor
final class RecordingIndicator: LoadingIndicator {
  var events: [String] = []
  func begin(_ request: RequestID) { events.append("begin") }
  func end(_ request: RequestID) { events.append("end") }
}

@MainActor
@Suite("Loading and message hooks")
struct HookTests {
  let fixtures = FixtureTransport()
    .route(.get, "ok", json: #"{"data": {"code": "200"}}"#)
    .route(.get, "denied", json: #"{"data": {"code": "403", "message": "No access"}}"#)
    .route(.get, "broken", status: 500, body: Data("boom".utf8))
    .route(.get, "slow", json: "{}", delay: .seconds(30))

  var api: Client { Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures) }

  func envelope(_ path: String) -> Request<HTTPResponse> {
    Get(path).envelope(code: "data.code", message: "data.message", success: ["200"])
  }

  @Test func loadingBeginsAndEndsOnceWhateverTheOutcome() async {
    for path in ["ok", "denied", "broken"] {
      let indicator = RecordingIndicator()
      var order: [String] = []
      await envelope(path).showing(indicator)
        .then { _ in order.append("then:\(indicator.events)") }
        .failed { _ in order.append("failed:\(indicator.events)") }
        .start(on: api).finished()
      #expect(indicator.events == ["begin", "end"], "\(path)")
      #expect(order.first?.hasSuffix(#"["begin", "end"]"#) == true, "ended before the outcome")
    }
    let indicator = RecordingIndicator()
    let handle = Get("slow").showing(indicator).start(on: api)
    handle.cancel()
    await handle.finished()
    #expect(indicator.events == ["begin", "end"])
  }

  @Test func masksBeginInTheOrderTheCallsStarted() async {
    let fixtures = FixtureTransport().route(.get, "slow", json: "{}", delay: .milliseconds(5))
    let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
    /// Logs its number when its call begins.
    final class Numbered: LoadingIndicator {
      let number: Int
      let log: (Int) -> Void
      init(_ number: Int, log: @escaping (Int) -> Void) {
        self.number = number
        self.log = log
      }
      func begin(_ request: RequestID) { log(number) }
      func end(_ request: RequestID) {}
    }
    for _ in 0..<20 {
      var begun: [Int] = []
      let handles = (0..<8).map { number in
        Get("slow").showing(Numbered(number) { begun.append($0) }).start(on: api)
      }
      for handle in handles { await handle.finished() }
      #expect(begun == Array(0..<8))
    }
  }

  @Test func stackedMasksShowOnlyTheNewest() async {
    var shown: [RequestID?] = []
    let stack = LoadingStack { shown.append($0) }
    let first = RequestID()
    let second = RequestID()
    stack.begin(first)
    stack.begin(second)
    #expect(stack.visible == second)
    stack.end(first)
    #expect(stack.visible == second)
    stack.end(second)
    stack.end(second)
    #expect(!stack.isLoading)
    #expect(shown == [first, second, nil])
  }

  @Test func warnShowsTheServersMessageAndInformShowsSuccess() async {
    var messages: [String] = []
    await envelope("denied").warn { messages.append("warn: \($0)") }
      .inform("Saved") { messages.append("inform: \($0)") }.start(on: api).finished()
    await envelope("ok").warn { messages.append("warn: \($0)") }
      .inform("Saved") { messages.append("inform: \($0)") }.start(on: api).finished()
    await Get("broken").warn { messages.append("warn: \($0)") }.start(on: api).finished()
    let slow = Get("slow").warn { messages.append("warn: \($0)") }.start(on: api)
    slow.cancel()
    await slow.finished()
    #expect(messages == ["warn: No access", "inform: Saved", "warn: the server answered 500"])
  }
}
