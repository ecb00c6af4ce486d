import Foundation
import Testing

/// Code the API must refuse at compile time: a second way to say a thing, or an argument the
/// callee would trap on. Each snippet is type-checked against the built modules and must fail,
/// with an error naming what is refused (so a snippet broken for another reason fails
/// the test).
@Suite("What the API refuses to compile")
struct RefusedTests {
  /// A snippet and a phrase its complaint contains.
  struct Refused: CustomStringConvertible {
    var name: String
    var code: String
    var complaint: String
    var description: String { name }
  }

  static let preamble = """
    import Catena
    import CatenaHeadless
    import Foundation
    struct Row: Identifiable, Sendable, Decodable, Equatable { let id: Int }
    """

  static let refused: [Refused] = [
    Refused(
      name: "a numbered request source keyed by the server",
      code: """
        let source = PageSource<Row>.request(PageFormat(list: ""), by: .server) { page, _ in
          Get("rows", ["page": .int(page)])
        } transform: { json in try? json.decode(Row.self) }
        """,
      complaint: "server"),
    Refused(
      name: "the decoding: form of a request source",
      code: """
        let source = PageSource<Row>.request(PageFormat(list: ""), decoding: Row.self) {
          page, _ in Get("rows", ["page": .int(page)])
        }
        """,
      complaint: "decoding"),
    Refused(
      name: "a pager binding's separator chain",
      code: """
        @MainActor func bind(_ pager: Pager<Row>, _ dataSource: SectionedDataSource<Int, PagerRow<Row>>) {
          pager.bind(dataSource, section: 0).separator { _, _ in nil }
        }
        """,
      complaint: "separator"),
    Refused(
      name: "the rows' flags as arguments",
      code: """
        @MainActor func rows(_ pager: Pager<Row>) -> [PagerRow<Row>] {
          pager.rows(filter: { _ in true }, statusRows: false)
        }
        """,
      complaint: "statusRows"),
    Refused(
      name: "a second staleTime on the pager",
      code: "let settings = PagerConfiguration(pageSize: 20, staleTime: .seconds(30))",
      complaint: "staleTime"),
    Refused(
      name: "reachability set on the pager too",
      code: """
        @MainActor func follow(_ pager: Pager<Row>, _ api: Client) {
          pager.reachability = api.reachability
        }
        """,
      complaint: "reachability"),
    Refused(
      name: "offline outside the load states",
      code: "@MainActor func offline(_ pager: Pager<Row>) -> Bool { pager.isOffline }",
      complaint: "isOffline"),
    Refused(
      name: "an -ing twin of a pager verb",
      code: "@MainActor func load(_ pager: Pager<Row>) async { await pager.refreshing() }",
      complaint: "refreshing"),
    Refused(
      name: "values(on:) one letter from value(on:)",
      code: "func read(_ api: Client) { _ = Get(\"a\").json().values(on: api) }",
      complaint: "values"),
    Refused(
      name: "a third duplicate-id error",
      code: "let error: DuplicateItems? = nil",
      complaint: "DuplicateItems"),
    Refused(
      name: "a data source the table configures",
      code: """
        @MainActor func show(_ table: HeadlessTable) {
          table.configureDataSource(sections: [0], items: [Row(id: 1)]) { _, _, _ in }
        }
        """,
      complaint: "configureDataSource"),
    Refused(
      name: "a member on a Foundation type",
      code: "let name = Notification.Name.appWillEnterForeground",
      complaint: "appWillEnterForeground"),
    Refused(
      name: "a format that assumes the articles' envelope",
      code: "let format: PageFormat = .dataList(\"Data.HouseList\")",
      complaint: "dataList"),
    Refused(
      name: "a request setting written around its modifier",
      code: "var request = Get(\"feed\")\nrequest.definition.timeout = .seconds(10)",
      complaint: "timeout"),
    Refused(
      name: "a callback named on… beside the did… grammar",
      code: "let menu = ContextMenu(actions: [], onPreviewTap: {})",
      complaint: "onPreviewTap"),
    Refused(
      name: "a second didMove of another shape",
      code: """
        @MainActor func moves(_ outline: Outline<Row>) { outline.didMove { item, place in } }
        """,
      complaint: "didMove"),
    Refused(
      name: "two nested types called Place",
      code: "let slot: PagerStatus.Place = .bottom",
      complaint: "Place"),
    Refused(
      name: "a delivery that reads as synchronous",
      code: "let delivery: Delivery = .immediate",
      complaint: "immediate"),
    Refused(
      name: "a pager's status under an outline's node",
      code: "let row = OutlineRow<Row>.status(.firstLoad, parent: 1, depth: 1)",
      complaint: "status"),
    Refused(
      name: "a page's key set on the pager",
      code: "let settings = PagerConfiguration(pageSize: 20, firstPage: 0)",
      complaint: "firstPage"),
    Refused(
      name: "a place in a tree made outside the outline",
      code: "let place = Outline<Row>.Place(parent: nil, index: 0)",
      complaint: "initializer"),
    Refused(
      name: "the last load's duplicates outside the log",
      code: "@MainActor func count(_ pager: Pager<Row>) -> Int { pager.lastDroppedDuplicates }",
      complaint: "lastDroppedDuplicates"),
    Refused(
      name: "a second system reachability beside the shared one",
      code: "let reachability = SystemReachability()",
      complaint: "init"),
    Refused(
      name: "a form's parts read back",
      code: "func parts(_ form: MultipartForm) -> Int { form.parts.count }",
      complaint: "parts"),
    Refused(
      name: "a source's keying read beside its form",
      code: "func keying(_ source: PageSource<Row>) { _ = source.keying }",
      complaint: "keying"),
    Refused(
      name: "a download's setting written around its modifier",
      code: "func setting(_ download: inout Download) { download.existing = .fail }",
      complaint: "existing"),
    Refused(
      name: "a retry policy's setting written after its init",
      code: "func policy() { var policy = RetryPolicy.standard; policy.maxAttempts = 5 }",
      complaint: "maxAttempts"),
    Refused(
      name: "a pager's configuration read back",
      code: "@MainActor func size(_ pager: Pager<Row>) -> Int { pager.configuration.pageSize }",
      complaint: "configuration"),
    Refused(
      name: "a resume point made by hand",
      code:
        "let point = ResumePoint(destination: URL(fileURLWithPath: \"/a\"), partialFile: URL(fileURLWithPath: \"/b\"), bytes: 1, etag: nil, lastModified: nil, total: nil)",
      complaint: "missing argument for parameter 'from'"),
    Refused(
      name: "a request made around the builders",
      code:
        "let r = Request<Int>(definition: RequestDefinition(method: .get, path: \"a\", parameters: [:])) { _ in 1 }",
      complaint: "definition"),
    Refused(
      name: "a source keyed by a closure beside its forms",
      code: "let s = PageSource<Row>(keying: .index, fetch: { _, _ in Page(items: []) })",
      complaint: "fetch"),
    Refused(
      name: "a cache's limit read back",
      code: "func limit(_ cache: HTTPCache) -> Int { cache.memoryLimit }",
      complaint: "memoryLimit"),
    Refused(
      name: "a binding object beside PagerRows",
      code: "let binding: PagerBinding<Row>? = nil",
      complaint: "PagerBinding"),
    Refused(
      name: "a request's headers written around the header modifier",
      code: "var request = Get(\"feed\")\nrequest.definition.headers = HTTPHeaders()",
      complaint: "headers"),
    Refused(
      name: "a client's setting changed after the client was made",
      code: "func change(_ api: inout Client) { api.cache = HTTPCache() }",
      complaint: "cache"),
    Refused(
      name: "a client's setting read back",
      code: "func deadline(_ api: Client) -> Duration? { api.timeout }",
      complaint: "timeout"),
    Refused(
      name: "an outline's loader labelled as its children",
      code: "@MainActor func tree() { _ = Outline<Row>(children: nil) }",
      complaint: "children"),
    Refused(
      name: "a transfer's end said beside its fraction",
      code: "func done(_ progress: TransferProgress) -> Bool { progress.isComplete }",
      complaint: "isComplete"),
  ]

  @Test(arguments: refused)
  func isRefused(_ refused: Refused) throws {
    let modules = try modulesDirectory()
    // The preamble alone compiles: the refusal is the snippet's.
    #expect(try typeCheck(Self.preamble, named: "preamble", modules: modules) == nil)
    let complaint = try typeCheck(
      Self.preamble + "\n" + refused.code, named: refused.name, modules: modules)
    #expect(complaint != nil, "\(refused) compiles")
    // The diagnostics, not the source lines they quote.
    let errors = (complaint ?? "").split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors.contains { $0.contains(refused.complaint) },
      "\(refused) is refused for another reason:\n\(complaint ?? "")")
  }
}
