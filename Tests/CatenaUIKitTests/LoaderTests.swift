#if os(Linux)
  import CatenaRequest
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// A transport whose answers the test releases one path at a time, so that requests finish
  /// in the order the test chooses.
  final class GateTransport: Transport, @unchecked Sendable {
    // NB: `lock` guards `waiting` and `opened`.
    private let lock = NSLock()
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    private var opened: Set<String> = []

    func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
      let path = request.url.lastPathComponent
      await withCheckedContinuation { continuation in
        let resumeNow = lock.withLock {
          if opened.contains(path) { return true }
          waiting[path] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
      return HTTPResponse(
        status: 200, headers: [:], body: Data(#"{"path": "\#(path)"}"#.utf8), url: request.url)
    }

    /// Whether a request for `path` is waiting.
    func isWaiting(_ path: String) -> Bool { lock.withLock { waiting[path] != nil } }

    /// Answers the request for `path` (now, or as soon as it arrives).
    func open(_ path: String) {
      let continuation = lock.withLock {
        opened.insert(path)
        return waiting.removeValue(forKey: path)
      }
      continuation?.resume()
    }
  }

  /// The article's loaders through the fakes: overlapping requests that finish out of order.
  @MainActor
  @Suite("Loaders: mask, button, refresh control, cell")
  struct LoaderTests {
    @Test("masks stack over a scroll view: the newest shows, each request removes its own")
    func masksStackAndRestoreScrolling() {
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
      table.isScrollEnabled = true
      let loader = MaskLoader(over: table)
      let (a, b, c) = (RequestID(), RequestID(), RequestID())
      loader.begin(a)
      loader.begin(b)
      loader.begin(b)  // a second begin for the same request adds nothing
      #expect(loader.masks.count == 2)
      #expect(!table.isScrollEnabled)
      #expect(loader.masks.map(\.view.isHidden) == [true, false])
      #expect(loader.masks.allSatisfy { $0.view.frame == table.bounds })
      loader.end(a)  // the older one ends first: the newest still shows
      #expect(loader.masks.map(\.request) == [b])
      #expect(loader.masks.map(\.view.isHidden) == [false])
      loader.begin(c)
      loader.end(c)
      #expect(loader.masks.map(\.view.isHidden) == [false])
      #expect(!table.isScrollEnabled)
      loader.end(b)
      loader.end(b)
      #expect(loader.masks.isEmpty)
      #expect(table.subviews.isEmpty)
      #expect(table.isScrollEnabled)
    }

    @Test("a scroll view that did not scroll before the masks does not scroll after")
    func masksKeepAScrollViewsOwnSetting() {
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
      table.isScrollEnabled = false
      let loader = MaskLoader(over: table)
      let request = RequestID()
      loader.begin(request)
      loader.end(request)
      #expect(!table.isScrollEnabled)
    }

    @Test("a button is disabled with a spinner until its last request, then gets its title back")
    func buttonLoader() {
      let button = UIButton(type: .system)
      button.setTitle("Send", for: .normal)
      let loader = ButtonLoader(button)
      let (a, b) = (RequestID(), RequestID())
      loader.begin(a)
      loader.begin(b)
      #expect(!button.isEnabled)
      #expect(button.title(for: .normal) == nil)
      #expect(loader.spinner.isAnimating)
      #expect(loader.spinner.superview === button)
      #expect(button.accessibilityLabel == "Send")
      loader.end(b)
      #expect(!button.isEnabled)
      loader.end(a)
      loader.end(a)
      #expect(button.isEnabled)
      #expect(button.title(for: .normal) == "Send")
      #expect(!loader.spinner.isAnimating)
      #expect(loader.spinner.superview == nil)
    }

    @Test("a button that was disabled stays disabled after")
    func buttonLoaderKeepsDisabled() {
      let button = UIButton(type: .system)
      button.isEnabled = false
      let loader = ButtonLoader(button)
      let request = RequestID()
      loader.begin(request)
      loader.end(request)
      #expect(!button.isEnabled)
    }

    @Test("a refresh control spins from the first request to the last, once")
    func refreshControlLoader() {
      let control = UIRefreshControl()
      let loader = RefreshControlLoader(control)
      let (a, b) = (RequestID(), RequestID())
      loader.begin(a)
      loader.begin(b)
      loader.end(a)
      #expect(control.isRefreshing)
      loader.end(b)
      loader.end(b)
      #expect(!control.isRefreshing)
      #expect(control.calls == ["beginRefreshing", "endRefreshing"])
      // A pull that already began the control is not begun again.
      control.simulatePull()
      let c = RequestID()
      loader.begin(c)
      loader.end(c)
      #expect(control.calls.filter { $0 == "beginRefreshing" }.count == 1)
      #expect(!control.isRefreshing)
    }

    @Test("a row's cell shows a spinner as its accessory while its requests run")
    func cellLoader() throws {
      let (table, window) = tableInWindow()
      let own = UIView(frame: .zero)
      let dataSource = rowSource(table).configureCell(TitleCell.self, reuseIdentifier: "title") {
        cell, _, row in
        cell.accessoryView = row.id == 1 ? own : nil
      }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      let cell = try #require(table.cellForRow(at: path(0)))
      let loader = CellLoader(for: 1, in: dataSource)
      let (a, b) = (RequestID(), RequestID())
      loader.begin(a)
      loader.begin(b)
      #expect(cell.accessoryView === loader.spinner)
      loader.end(a)
      #expect(cell.accessoryView === loader.spinner)
      loader.end(b)
      #expect(cell.accessoryView === own)
      #expect(!loader.spinner.isAnimating)
      withExtendedLifetime(window) {}
    }

    @Test("real requests that finish out of order leave every loader as it was")
    func requestsFinishingOutOfOrder() async {
      let gate = GateTransport()
      let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: gate)
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
      let masks = MaskLoader(over: table)
      var answers: [String] = []
      let first = Get("first").json(at: "path").showing(masks)
        .then { answers.append($0.string ?? "?") }.start(on: api)
      let second = Get("second").json(at: "path").showing(masks)
        .then { answers.append($0.string ?? "?") }.start(on: api)
      let third = Get("third").json(at: "path").showing(masks)
        .then { answers.append($0.string ?? "?") }.start(on: api)
      await settle(until: { masks.masks.count == 3 })
      #expect(masks.masks.count == 3)
      #expect(masks.masks.map(\.view.isHidden) == [true, true, false])
      #expect(!table.isScrollEnabled)
      gate.open("second")
      await second.finished()
      #expect(masks.masks.count == 2)
      #expect(masks.masks.map(\.view.isHidden) == [true, false])
      third.cancel()
      gate.open("third")  // the transport ignores the cancel; the call drops its answer
      await third.finished()
      #expect(masks.masks.map(\.view.isHidden) == [false])
      gate.open("first")
      await first.finished()
      #expect(answers == ["second", "first"])
      #expect(masks.masks.isEmpty)
      #expect(table.subviews.isEmpty)
      #expect(table.isScrollEnabled)
    }
  }
#endif
