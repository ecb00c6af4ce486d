import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaPaging
import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// A screen as an app writes it: a view-controller-like owner that holds its table, data
/// source and pager, built through the chains with closures that work on `self`.
@MainActor
final class MessagesScreen {
  let table = HeadlessTable(viewportHeight: 440)
  let dataSource = SectionedDataSource<String, PagerRow<Row>>()
  let pager: Pager<Row>
  let api: Client
  var configured = 0
  var opened: [Int] = []
  var greeting = ""
  var handle: RequestHandle?

  /// Builds the screen with closures that capture `self` weakly, or (`capturingSelf`) with
  /// closures that capture it strongly, as a first try usually does.
  init(source: PageSource<Row>, api: Client, capturingSelf: Bool) {
    pager = Pager(PagerConfiguration(pageSize: 10), source: source)
    self.api = api
    dataSource.bind(table)
    if capturingSelf {
      dataSource
        .configureCell(TextCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.text = row.item?.title ?? row.text
          self.configured += 1
        }
        .didSelect { _, row in self.opened.append(row.item?.id ?? -1) }
        .headerTitle { _, _ in self.greeting }
      pager.bind(
        dataSource, section: "messages",
        rows: PagerRows(separator: { _, row in self.opened.contains(row.id) ? "read" : nil }))
      handle = Get("greeting").json(at: "text")
        .then { text in self.greeting = text.string ?? "" }.start(on: api)
    } else {
      dataSource
        .configureCell(TextCell.self, reuseIdentifier: "row") { [weak self] cell, _, row in
          cell.text = row.item?.title ?? row.text
          self?.configured += 1
        }
        .didSelect { [weak self] _, row in self?.opened.append(row.item?.id ?? -1) }
        .headerTitle { [weak self] _, _ in self?.greeting }
      pager.bind(
        dataSource, section: "messages",
        rows: PagerRows(separator: { [weak self] _, row in
          self?.opened.contains(row.id) == true ? "read" : nil
        }))
      handle = Get("greeting").json(at: "text")
        .then { [weak self] text in self?.greeting = text.string ?? "" }.start(on: api)
    }
  }
}

/// Weak references to a screen and everything it holds.
@MainActor
struct ScreenParts {
  weak var screen: MessagesScreen?
  weak var table: HeadlessTable?
  weak var dataSource: SectionedDataSource<String, PagerRow<Row>>?
  weak var pager: Pager<Row>?

  init() {}

  init(_ screen: MessagesScreen) {
    self.screen = screen
    table = screen.table
    dataSource = screen.dataSource
    pager = screen.pager
  }

  var anyAlive: Bool { screen != nil || table != nil || dataSource != nil || pager != nil }
}

@MainActor
@Suite("A screen built through the chains goes away with its owner")
struct ScreenLifetimeTests {
  let source = ManualSource()
  /// Answers `greeting` only when the test opens `gate`: the request is still running when
  /// the screen goes away.
  let gate = OneShotGate()

  func api() -> Client {
    let gate = gate
    let transport = FixtureTransport().route(.get, "greeting") { request in
      await gate.wait()
      return HTTPResponse(status: 200, body: Data(#"{"text": "hello"}"#.utf8), url: request.url)
    }
    return Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
  }

  /// Builds a screen, uses it (a page loaded and shown, a row tapped), and drops it while
  /// its request still runs.
  func useAndDrop(capturingSelf: Bool) async -> ScreenParts {
    var screen: MessagesScreen? = MessagesScreen(
      source: source.source, api: api(), capturingSelf: capturingSelf)
    guard let built = screen else { return ScreenParts() }
    let parts = ScreenParts(built)
    let load = built.pager.refresh()
    await source.waitForRequests(1)
    source.respond(with: Page(items: rows(0..<10)))
    await load.ended()
    built.table.tapRow(at: ItemPath(item: 2, section: 0))
    #expect(built.configured > 0 && built.opened == [2], "the screen was used")
    screen = nil
    _ = screen
    return parts
  }

  @Test func weakCapturesLetTheWholeScreenGoWhileItsRequestRuns() async {
    let parts = await useAndDrop(capturingSelf: false)
    #expect(!parts.anyAlive, "screen, table, data source and pager all went away")
    await gate.open()  // the request ends after its screen: its callback does nothing
  }

  @Test func closuresThatCaptureSelfKeepItAliveWhichTheTestSees() async {
    // The control: the same screen with `self` captured strongly is kept alive by its own
    // closures (data source → closure → screen → data source), so the check above can fail.
    let parts = await useAndDrop(capturingSelf: true)
    #expect(parts.screen != nil && parts.dataSource != nil)
    await gate.open()
  }

  @Test func anOwnerFormCallbackRunsWithTheOwnerOnTheMainActor() async throws {
    let screen = MessagesScreen(source: source.source, api: api(), capturingSelf: false)
    await gate.open()
    await screen.handle?.finished()
    #expect(screen.greeting == "hello")
  }
}

/// Opens once; what waits goes on then, and so does what comes later.
actor OneShotGate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }
}
