// What to write instead of each removed or renamed declaration: one region per row of the
// CHANGELOG's migration table (keyed by the row's first `Before` name), compiled with the tests.
// `MigrationTests` checks that every row has its region and that the region's code names what
// the row's `Now` column names.
import Catena
import CatenaHeadless
import CatenaTesting
import Foundation

#if os(Linux)
  import CatenaUIKit
  import UIKitFakes
#endif

private struct Row: Identifiable, Equatable, Sendable, Decodable { let id: Int }
private final class C: HeadlessCell {
  let reuseIdentifier: String
  var isSelected = false
  var isHighlighted = false
  var renderedText: String { "" }
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
  func prepareForReuse() {}
}
private typealias S = String
private typealias I = Row

// migration: `try await Get(…).value`
private func valueThroughTheDefaultClient(api: Client) async throws {
  _ = try await Get("user/info").value()  // through Client.default, read now
  _ = Client.default
  _ = try await Get("user/info").value(on: api)
}
// end migration

// migration: `Get(…).on(api).value`
private func valueOn(api: Client) async throws { _ = try await Get("user/info").value(on: api) }
// end migration

// migration: `Get(…).on(api).response`
private func responseOn(api: Client) async throws {
  _ = try await Get("user/info").response(on: api)
}
// end migration

// migration: `Get(…).on(api).then { }.failed { }.start()`
@MainActor private func startOn(api: Client) {
  Get("user/info").then { _ in }.failed { _ in }.start(on: api)
}
// end migration

// migration: `Call(request: r, client: api)`
@MainActor private func callFromTheChain(api: Client) async throws {
  Get("user/info").then { _ in }.start(on: api)
  _ = try await Get("user/info").value(on: api)
}
// end migration

// migration: `request.stream(on: client = .default)`
private func streamOn(request: Request<HTTPResponse>, client: Client?) async throws {
  _ = try await request.stream(on: client)
  _ = try await request.stream(on: nil)  // Client.default when sent
  _ = Client.default
}
// end migration

// migration: `.load(indicator)`
@MainActor private func showingIndicator(indicator: some LoadingIndicator) {
  _ = Get("user/info").showing(indicator)
}
// end migration

// migration: callbacks `@Sendable @isolated(any)`
@MainActor private final class Owner {
  func start(api: Client) {
    // An `@isolated(any)` closure, not `@Sendable`: it runs on the owner's actor.
    let callback: @isolated(any) (HTTPResponse) -> Void = { [weak self] _ in _ = self }
    Get("user/info").then(callback).start(on: api)
  }
}
// end migration

// migration: `SectionedDataSource<S, I, Cell>`
@MainActor private func twoGenerics() { _ = SectionedDataSource<S, I>() }
// end migration

// migration: `.bind(table, cell: C.self, reuseIdentifier: "r").configureCell { cell, path, item in }`
@MainActor private func bindThenConfigure(table: HeadlessTable) {
  SectionedDataSource<S, I>().bind(table).configureCell(C.self, reuseIdentifier: "r") {
    cell, path, item in
  }
}
// end migration

// migration: `.cell(C.self, reuseIdentifier: "r", when: w) { cell, path, item in }`
@MainActor private func configureCellWhen(dataSource: SectionedDataSource<S, I>) {
  let w: (I) -> Bool = { $0.id > 0 }
  dataSource.configureCell(C.self, reuseIdentifier: "r", when: w) { cell, path, item in }
}
// end migration

// migration: `table.configureDataSource(sections:items:cell:reuseIdentifier:_:)`
@MainActor private func dataSourceBoundToTheTable(table: HeadlessTable) {
  SectionedDataSource<S, I>().bind(table).configureCell(C.self) { cell, path, item in }
}
// end migration

// migration: `.header { }`
@MainActor private func sectionTitles(dataSource: SectionedDataSource<S, I>) {
  dataSource.headerTitle { _, id in id }.footerTitle { _, _ in nil }
}
// end migration

// migration: `.onDelete { }`
@MainActor private func didDeleteAndMove(dataSource: SectionedDataSource<S, I>) {
  dataSource.didDelete { (_: ItemPath, _: I) in }.didMove { _, _, _ in }
}
// end migration

// migration: `.didSelect(owner: self) { … }`
@MainActor private final class Screen {
  func listen(dataSource: SectionedDataSource<S, I>) {
    dataSource.didSelect { [weak self] path, item in _ = self }
  }
}
// end migration

// migration: `.then(owner: self) { owner, value in }`
@MainActor private final class Profile {
  func load(api: Client) {
    Get("user/info").then { [weak self] value in _ = (self, value) }.start(on: api)
  }
}
// end migration

// migration: `binding.separator(owner: self) { … }`
@MainActor private final class Chat {
  var rows: PagerRows<Row> {
    PagerRows(separator: { [weak self] before, item in
      _ = self
      return before == nil ? "\(item.id)" : nil
    })
  }
}
// end migration

// migration: `dataSource.numberOfRows(inSection:)`
@MainActor private func whatABoundTableShows(table: HeadlessTable) {
  _ = (table.rowCounts, table.render(), table.cellForRow(at: ItemPath(item: 0, section: 0)))
}
// end migration

// migration: `dataSource.item(at:)`
@MainActor private func itemAt(dataSource: SectionedDataSource<S, I>) {
  _ = dataSource.snapshot?.item(at: ItemPath(item: 0, section: 0))
}
// end migration

// migration: `HeadlessTableDataSource`
@MainActor private func bindAHeadlessTable(dataSource: SectionedDataSource<S, I>) {
  let table = HeadlessTable()
  dataSource.bind(table)
}
// end migration

// migration: `pager.bind(to: dataSource, section:)`
@MainActor private func pagerBind(
  pager: Pager<Row>, dataSource: SectionedDataSource<S, PagerRow<I>>
) {
  pager.bind(dataSource, section: "s")
}
// end migration

// migration: `HeadlessTable`'s UIKit-style `performBatchUpdates { insertRows(at:) … }`
@MainActor private func applyReloadPerformUpdates(dataSource: SectionedDataSource<S, I>) throws {
  try dataSource.apply(Snapshot<S, I>())
  dataSource.reload()
  _ = try dataSource.performUpdates(BatchUpdate(), commit: {})
}
// end migration

// migration: `headlessTable.indexPathsForVisibleRows`
@MainActor private func pathsOnScreen(table: HeadlessTable) {
  _ = (table.visibleItemPaths, table.selectedItemPaths, table.rowCounts)
}
// end migration

#if os(Linux)
  // migration: `tableView.connect(_:)`
  @MainActor private func bindATableView(tableView: UITableView) throws {
    let dataSource = SectionedDataSource<S, I>().bind(tableView).emptyState { "Nothing yet" }
    _ = try dataSource.performUpdates(BatchUpdate(), commit: {})
  }
  // end migration

  // migration: `.scrollAnchors`
  @MainActor private func throughCatena(tableView: UITableView, collectionView: UICollectionView) {
    let anchors = tableView.catena.scrollAnchors
    if let anchor = anchors.first { tableView.catena.scroll(to: anchor) }
    _ = (tableView.catena.visibleItemPaths, collectionView.catena.selectedItemPaths)
    let hosting: some TableHosting = collectionView.catena
    _ = hosting
  }
  // end migration

  // migration: `bind(_:)`
  @MainActor private func bindEachTable(
    headlessTable: HeadlessTable, tableView: UITableView, collectionView: UICollectionView
  ) {
    SectionedDataSource<S, I>().bind(headlessTable)
    SectionedDataSource<S, I>().bind(tableView)
    SectionedDataSource<S, I>().bind(collectionView)
    let hosting: any TableHosting = headlessTable
    _ = hosting.scrollAnchors
  }
// end migration
#endif

// migration: `LoadMoreFooterView.noMoreText`
private func overrideTheFootersWords() {
  CatenaStrings.override { key, _ in
    key == CatenaStrings.Key(rawValue: "catena.endOfList") ? "That's all" : nil
  }
  _ = CatenaStrings.Key(rawValue: "catena.loadFailed")
  // Or the app's Catena.strings table, with the same keys:
  _ = Bundle.main.path(forResource: "Catena", ofType: "strings")
}
// end migration

// migration: `PagerStatus.description`
private func statusText() {
  _ = PagerStatus.end.description
  _ = PagerStatus.end.text(locale: Locale(identifier: "zh-Hans"))
}
// end migration

// migration: `MethodRequest<GetMethod>`
private func methodRequests() {
  let get: Request<HTTPResponse> = Get("user/info")
  _ = (get, Post("user/info"))
  let (method, path) = (HTTPMethod.patch, "user/info")  // chosen at run time
  _ = Request(method, path)
}
// end migration

// migration: `.body(json: v)`
private func oneBody(form: MultipartForm, source: ByteSource, url: URL) {
  let v: JSONValue = ["name": "Ada"]
  let f = [QueryItem("name", "Ada")]
  let data = Data()
  let t = "text/plain"
  _ = Post("a").body(.json(v))
  _ = Post("a").body(.form(f))
  _ = Post("a").body(.data(data, contentType: t))
  _ = Post("a").body(.file(url))
  _ = Post("a").body(.stream(source))
  _ = Post("a").body(.multipart(form))
  let body: RequestBody = .json(v)
  _ = Post("a").body(body)
}
// end migration

// migration: `response.body.lines`
private func linesAndEvents(response: StreamedResponse) {
  _ = response.body.lines()
  _ = response.body.events()
}
// end migration

// migration: `json.at("a.b")`
private func jsonValueAt(json: JSONValue) throws {
  _ = try json.value(at: "a.b")
  _ = json["a"]["b"]
}
// end migration

// migration: `transport.send(request)`
private func sendWithProgress(transport: any Transport, request: HTTPRequest) async throws {
  _ = try await transport.send(request, progress: nil)
}
// end migration

// migration: `Origin`
private func sensitiveHeaders(request: HTTPRequest) {
  _ = request.isSensitive("Authorization")
}
// end migration

// migration: `headlessTable.scrollToRow(at: path)`
@MainActor private func scrollToARow(headlessTable: HeadlessTable) {
  let path = ItemPath(item: 3, section: 0)
  headlessTable.scroll(to: TableAnchor(path: path, offset: 0))
}
// end migration

// migration: `error.kind.rawValue`
private func kindName(error: RequestError) -> String { "\(error.kind)" }
// end migration

// migration: `DataSourceError(kind:…)`
private func errorsAreMadeByCatena(error: any Error) -> Bool {
  // Made by Catena only: an app reads them (kind, message) and makes none.
  error is DataSourceError || error is BatchUpdateError || error is DiffError
    || error is PageLoadError
}
// end migration

// migration: `error.isCancelled`
private func kinds(error: RequestError, failure: SnapshotFailure) -> Bool {
  error.kind == .cancelled || failure.kind == .mismatch
}
// end migration

// migration: `snapshot.section(at: i)`
private func sectionsOfASnapshot(snapshot: Snapshot<S, I>, i: Int) {
  _ = (snapshot.sectionIDs[i], snapshot.rowCounts[i], snapshot.sectionIDs.count)
}
// end migration

// migration: `headlessTable.scroll(by: d)`
@MainActor private func scrollBy(headlessTable: HeadlessTable, d: Double) {
  headlessTable.scroll(toOffset: headlessTable.contentOffset + d)
}
// end migration

// migration: `MultipartForm()`
private func forms() { _ = (MultipartForm(), MultipartForm(boundary: "b")) }
// end migration

// migration: `loadStates[.append]`
@MainActor private func renamedReads(
  loadStates: LoadStates, manualPages: ManualPages<Row>, fixture: FixturePages<Row>
) {
  _ = (loadStates.append, manualPages.waitingNumbers, fixture.items(offset: 0, size: 20))
}
// end migration

// migration: `request.exchange(on: api, progress: p)`
private func withProgress(
  request: Request<HTTPResponse>, api: Client, p: @escaping @Sendable (TransferProgress) -> Void
) async throws {
  _ = try await request.response(on: api, progress: p)
  _ = try await request.value(on: api, progress: p)
}
// end migration

// migration: `await pager.refreshing()`
@MainActor private func awaitEachLoad(pager: Pager<Row>) async {
  let states: LoadStates = await pager.refresh().ended()
  _ = states
  _ = await pager.loadNext().ended()
  _ = await pager.loadPrevious().ended()
  _ = await pager.retry().ended()
  let load: PagerLoad = pager.refresh(from: ManualPages<Row>().source)
  _ = await load.ended()
}
// end migration

// migration: `pager.refresh().value`
@MainActor private func awaitTheRunningLoad(pager: Pager<Row>) async {
  _ = await pager.refresh().ended()
  _ = await pager.loadNext().ended()
}
// end migration

// migration: `PagerConfiguration(staleTime:)`
private func refetchAfter() {
  _ = PagerConfiguration(refetchAfter: .seconds(60))
  _ = CachePolicy.staleTime(.seconds(30))
}
// end migration

// migration: `pager.reachability = api.reachability`
@MainActor private func offline(pager: Pager<Row>, api: Client) {
  _ = (api.reachability, pager.loadStates.isOffline)
}
// end migration

// migration: `DuplicateItems`
private func duplicate(error: any Error) -> Bool {
  (error as? DataSourceError)?.kind == .duplicateItemID
}
// end migration

// migration: `PagerHarness<Item, SectionID, Cell>`
@MainActor private func harness(
  pager: Pager<Row>, dataSource: SectionedDataSource<S, PagerRow<I>>, table: HeadlessTable
) {
  typealias Item = Row
  typealias SectionID = S
  let harness: PagerHarness<Item, SectionID> = PagerHarness(pager, shownBy: dataSource, on: table)
  _ = harness
}
// end migration

// migration: every unavailable stub
private func stubsAreGone() {
  // The replacement each row above and the 0.9.0 table name: the stubs are gone.
  _ = Pager<Row>.self
}
// end migration

// migration: `HTTPCache.DiskFailure(path:operation:reason:)`
private func diskFailures(error: any Error) -> Bool {
  // Made by Catena only, as the other errors are.
  error is HTTPCache.DiskFailure
}
// end migration

// migration: `RetryPolicy(…, sleep:)`
private func noWaitInATest() -> RetryPolicy { RetryPolicy(baseDelay: .zero, jitter: false) }
// end migration

// migration: `source.fetch(key, size)`
@MainActor private func aPagerLoadsItsSource() {
  let pages = FixturePages(count: 100) { Row(id: $0) }
  let pager = Pager(source: pages.source)
  pager.refresh()
  pager.loadNext()
  _ = ManualPages<Row>().source
}
// end migration

// migration: `table.configureDataSource(sections:items:) { … }`
@MainActor private func aLocalIsEnough(table: HeadlessTable) {
  SectionedDataSource<S, I>().bind(table).configureCell(C.self) { _, _, _ in }
}
// end migration

// migration: `import CatenaDataSource` (or `Catena`) for `HeadlessTable`
@MainActor private func headless() {
  _ = (CatenaHeadless.HeadlessTable(), CatenaHeadless.TextCell.self)
}
// end migration

// migration: `import CatenaPaging` for `Outline`
@MainActor private func outlines() { _ = (CatenaOutline.Outline<Row>(), Catena.Outline<Row>.self) }
// end migration

// migration: `import CatenaPaging` for `CatenaStrings`
private func strings() {
  _ = (CatenaDataSource.CatenaStrings.string(.loading), Catena.CatenaStrings.self)
}
// end migration

/// A stand-in for a view controller (on UIKit, `UIViewController` is a `ContextMenuPreview`).
private final class Preview: ContextMenuPreview {}

// migration: `import CatenaUIKit` for `ContextMenu.preview(_:onTap:)`
@MainActor private func menuPreview() {
  _ = CatenaDataSource.ContextMenu(actions: []).preview {
    Preview()
  } didTap: { _ in
  }
  _ = Catena.ContextMenu.self
}
// end migration

#if os(Linux)
  // migration: `footer.mode = .idle`
  @MainActor private func footerStatus(footer: LoadMoreFooterView, message: String) {
    footer.status = nil
    footer.status = .loading(.append)
    footer.status = .end
    footer.status = .failed(.append, message)
  }
// end migration
#endif

// migration: `CatenaStrings.Key.noMore`
private func endOfList() {
  _ = CatenaStrings.Key.endOfList.rawValue == "catena.endOfList"
  _ = CatenaStrings.string(.loadFailed, "offline")
}
// end migration

// migration: `Notification.Name.appWillEnterForeground`
@MainActor private func appeared(pager: Pager<Row>) { pager.appeared() }
// end migration

// migration: `pager.bind(dataSource, section: s).separator { … }.filter { … }.statusRows(false)`
@MainActor private func shapedRows(
  pager: Pager<Row>, dataSource: SectionedDataSource<S, PagerRow<I>>, s: S
) {
  pager.bind(
    dataSource, section: s,
    rows: PagerRows(
      filter: { $0.id > 0 }, separator: { before, _ in before == nil ? "Today" : nil },
      showsStatus: false))
  // Bound again: the section shows the new rows.
  pager.bind(dataSource, section: s, rows: PagerRows())
}
// end migration

// migration: `pager.rows(filter: f, separator: t, statusRows: false)`
@MainActor private func swiftUIRows(
  pager: Pager<Row>, f: @escaping (Row) -> Bool, t: @escaping (Row?, Row) -> String?
) -> [PagerRow<Row>] {
  pager.rows(PagerRows(filter: f, separator: t, showsStatus: false))
}
// end migration

// migration: `binding.errors`
@MainActor private func rejected(pager: Pager<Row>) {
  pager.log = PagerLog { entry in
    if case .rejected(let error) = entry { print(error) }
  }
  _ = PagerLogEntry.rejected
}
// end migration

#if os(Linux)
  // migration: `PagingControls(binding, tableView: t)`
  @MainActor private func controls(pager: Pager<Row>, t: UITableView) -> PagingControls<Row> {
    PagingControls(pager, tableView: t)
  }
// end migration
#endif

// migration: `PageSource.request(format, decoding: T.self) { page, size in … }`
private typealias T = Row
private func decodable(format: PageFormat) -> PageSource<T> {
  PageSource.request(format) { page, size in
    Get("rows", ["page": .int(page), "size": .int(size)])
  } transform: { json in
    try? json.decode(T.self)
  }
}
// end migration

// migration: `PageSource.request(format, by: keying)`
private func numbered(format: PageFormat) -> [PageSource<Row>] {
  let offsets = PageSource<Row>.request(format, by: .offset) { offset, limit in
    Get("rows", ["offset": .int(offset), "limit": .int(limit)])
  } transform: { json in
    try? json.decode(Row.self)
  }
  let numbers = PageSource<Row>.request(format, by: PageSource<Row>.Numbering.index) { page, _ in
    Get("rows", ["page": .int(page)])
  } transform: { json in
    try? json.decode(Row.self)
  }
  let cursors = PageSource<Row>.request(format, cursor: "next") { cursor, _ in
    Get("rows", ["cursor": cursor.map(JSONValue.string) ?? .null])
  } transform: { json in
    try? json.decode(Row.self)
  }
  let links = PageSource<Row>.request(format, nextLink: "next") { _ in
    Get("rows")
  } transform: {
    json in
    try? json.decode(Row.self)
  }
  return [offsets, numbers, cursors, links]
}
// end migration

// migration: `.dataList("Data.HouseList")`
private let articlesFormat = PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
// end migration

// migration: `pager.droppedCount`, `Page.dropped`
@MainActor private func unreadable(pager: Pager<Row>) -> Int {
  pager.unreadableCount + Page<Row>(items: [], unreadable: 2).unreadable
}
// end migration

// migration: `pager.lastDroppedDuplicates`
@MainActor private func duplicatesPerLoad(pager: Pager<Row>) {
  pager.log = PagerLog { entry in
    if case .ended(_, _, .loaded(let items, let duplicates, let pagesDropped), _) = entry {
      print(items, duplicates, pagesDropped)
    }
  }
  _ = LoadOutcome.loaded(items:duplicates:pagesDropped:)
}
// end migration

// migration: `request.definition.headers = …`
private func modifiers(body: RequestBody, policy: CachePolicy) -> Request<HTTPResponse> {
  Get("feed").header("Accept", "application/json").query("page", "2").body(body)
    .timeout(.seconds(10)).idleTimeout(.seconds(5)).maxResponseBytes(nil)
    .sensitiveHeader("X-Key").shared().cache(policy).cacheTag("feed")
}
// end migration

// migration: `ContextMenu(actions:onPreviewTap:)`
@MainActor private func previewTaps() {
  var menu = ContextMenu(actions: [], didTapPreview: {})
  menu.didTapPreview = nil
  _ = menu.preview {
    Preview()
  } didTap: { _ in
  }
}
// end migration

#if os(Linux)
  // migration: `footer.onRetry`
  @MainActor private func retryTap(footer: LoadMoreFooterView) { footer.didTapRetry = {} }
// end migration
#endif

// migration: `LoadingStack(onChange:)`
@MainActor private func stackChanges() {
  let stack = LoadingStack(didChange: { _ in })
  stack.didChange = { _ in }
}
// end migration

// migration: `outline.didMove { item, place in }`
@MainActor private func placed(outline: Outline<Row>) {
  outline.canPlace { _, _ in true }.didPlace { item, place in _ = (item, place.parent) }
}
// end migration

// migration: `PagerStatus.Place`
private func slots(status: PagerStatus) -> Bool {
  _ = Outline<Row>.Place.self
  return status.slot == PagerStatus.Slot.bottom
}
// end migration

// migration: `SwipeAction.Style`
@MainActor private func styles() -> [ActionStyle] {
  [SwipeAction("Delete", style: .destructive) { $0(true) }.style, MenuAction("Pin") {}.style]
}
// end migration

// migration: `Delivery.immediate`
private func headless(base: URL) {
  _ = Client(baseURL: base, transport: FixtureTransport(), delivery: .globalExecutor)
  _ = Get("a").then { _ in }.delivering(Delivery.globalExecutor)
}
// end migration

// migration: `OutlineRow.status(.firstLoad, parent:depth:)`
private func childRows(row: OutlineRow<Row>, m: String) -> [OutlineRow<Row>.ID] {
  if case .loadFailed(m, 0, 1) = row { _ = row.status }
  let rows: [OutlineRow<Row>] = [
    .loading(parent: 0, depth: 1), OutlineRow.loadFailed(m, parent: 0, depth: 1),
  ]
  return rows.map(\.id) + [OutlineRow<Row>.ID.children(of: 0)]
}
// end migration

// migration: `Outline.Place(parent:index:)`
@MainActor private func givenPlaces(outline: Outline<Row>) {
  outline.didPlace { _, place in _ = (place.parent, place.index) }
}
// end migration

// migration: `PagerConfiguration(firstPage: 0)`
@MainActor private func numberedFromZero(source: PageSource<Row>) -> Pager<Row> {
  _ = FixturePages(count: 10, firstPage: 0) { Row(id: $0) }.source
  return Pager(source: source.firstPage(0))
}
// end migration

// migration: `HTTPRequest.redactedURL`
private func noLongerAPI(request: HTTPRequest, headers: HTTPHeaders, error: DataSourceError) {
  _ = request.cURLDescription
  for header in headers { _ = header }
  _ = error.batchError
  _ = JSONValue.null == .null
  _ = LoadState.loading == .loading
}
// end migration

// migration: `SystemReachability()`
private func systemReachability() { _ = SystemReachability.shared }
// end migration

// migration: `Client.defaultMaxResponseBytes`
private func noResponseBound(base: URL, t: FixtureTransport) {
  _ = Client(baseURL: base, transport: t)
  _ = Client(baseURL: base, transport: t, maxResponseBytes: nil)
}
// end migration

// migration: `ResumePoint(destination:partialFile:bytes:etag:lastModified:total:)`
private func resume(download: Download, error: RequestError, saved: Data) throws {
  if let point = error.resumePoint { _ = download.resuming(from: point) }
  let point = try JSONDecoder().decode(ResumePoint.self, from: saved)
  _ = download.resuming(from: point)
}
// end migration

// migration: `form.parts`
private func sentBytes(form: MultipartForm) throws {
  _ = try form.source()
  _ = form.encoded()
}
// end migration

// migration: `source.keying`
private func pagingForms() {
  _ = PageSource<Row>(keying: .index, answers: { key, size in AsyncThrowingStream { $0.finish() } })
  _ = PageSource<Row> { page, size in Page(items: []) }
  _ = PageSource<Row>.offset { offset, limit in Page(items: []) }
  _ = PageSource<Row>.cursor { cursor, size in Page(items: []) }
}
// end migration

// migration: `download.existing = …`
private func downloadSettings(download: Download, point: ResumePoint) {
  _ = download.ifExists(.fail)
  _ = download.resuming(from: point)
}
// end migration

// migration: `authentication.refreshCount`
private actor CountingProvider: CredentialProvider {
  var refreshes = 0
  func authorize(_ request: HTTPRequest) async throws -> HTTPRequest { request }
  func refresh() async throws { refreshes += 1 }
}
// end migration

// migration: `api.cache = cache`
private func aClientGivenEverySettingOnce(base: URL, t: any Transport) {
  let cache = HTTPCache()
  _ = Client(baseURL: base, transport: t, cache: cache)
  cache.invalidate(tag: "feed")
}
// end migration

// migration: `edge.description`
private func printed(_ edge: SwipeEdge) -> String { "\(edge)" }
// end migration

// migration: `Outline(children: loader)`
@MainActor private func withALoader(loader: @escaping Outline<Row>.ChildLoader) {
  _ = Outline(loadChildren: loader)
}
// end migration

// migration: `node.loadsChildren`
private func lazyFolder() { _ = OutlineNode.lazy(Row(id: 1)) }
// end migration

// migration: `progress.isComplete`
private func done(_ progress: TransferProgress) -> Bool { progress.fraction == 1 }
// end migration

// migration: `policy.maxAttempts = 5`
private func retryPolicy() {
  _ = RetryPolicy(maxAttempts: 5)
  _ = RetryPolicy.standard
}
// end migration

// migration: `cache.memoryLimit`
private func cacheLimits() {
  let cache = HTTPCache(memoryLimit: 8 << 20, entryLimit: 1 << 20, directory: nil, diskLimit: 0)
  _ = (cache.byteCount, cache.diskByteCount)
}
// end migration

// migration: `pager.configuration`
@MainActor private func pagerConfiguration(source: PageSource<Row>) {
  _ = Pager(PagerConfiguration(pageSize: 30), source: source)
}
// end migration

// migration: `PageSource(keying: .index, fetch: { key, size in … })`
private func pageSourceForms() {
  _ = PageSource<Row> { page, size in Page(items: []) }
  _ = PageSource<Row>.offset { offset, limit in Page(items: []) }
  _ = PageSource<Row>.cursor { cursor, size in Page(items: []) }
}
// end migration

// migration: `form.boundary`
private func givenOnce(folder: URL, api: Client) async throws {
  _ = MultipartForm(boundary: "boundary")
  let file: URL = try await Download("maps/paris.pack", to: folder).value(on: api)
  _ = file
}
// end migration

// migration: `fixture.count`
private func fixtureGivenOnce() {
  _ = FixturePages(
    count: 100, firstPage: 0, serverPageSize: 20, latency: .zero, make: { Row(id: $0) })
  _ = FixturePages<Row>.cursor(forOffset: 40)
}
// end migration

// migration: `Request(definition:shape:)`
private struct House: Decodable, Sendable { let id: Int }
private func builtRequest() {
  _ = Get("houses").decode(House.self)
}
private struct Ping: RequestConvertible {
  var definition = RequestDefinition(method: .get, path: "ping", parameters: [:])
  func interpret(_ response: HTTPResponse) throws(RequestError) -> Int { response.status }
}
// end migration

// migration: `pager.source`
@MainActor private func pagerSource(source: PageSource<Row>, other: PageSource<Row>) {
  let pager = Pager(PagerConfiguration(), source: source)
  _ = pager.refresh(from: other)
}
// end migration

#if os(Linux)
  // migration: `buttonLoader.button`
  @MainActor private func loaders(button: UIButton, refresh: UIRefreshControl, view: UIView) {
    let buttonLoader = ButtonLoader(button)
    let refreshLoader = RefreshControlLoader(refresh)
    _ = MaskLoader(over: view, makeMask: MaskLoader.spinnerMask)
    _ = (buttonLoader.isLoading, refreshLoader.isLoading)
  }
// end migration
#endif

// migration: `UnmatchedRequest(method:url:nearestRoute:)`
private func unmatchedRequest(transport: FixtureTransport, error: RequestError) {
  transport.unmatched = .fail
  _ = error.underlyingError as? UnmatchedRequest
}
// end migration
