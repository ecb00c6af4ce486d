import CatenaDataSource
import CatenaDiff
import CatenaHeadless
import CatenaOutline
import CatenaPaging
import CatenaTesting
import Testing

/// An item of the paged section.
struct Song: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String { "Song \(id)" }
}

/// The rows of a screen that shows a pager's songs above an outline's files.
enum LibraryRow: Identifiable, Equatable, StatusRow {
  case song(PagerRow<Song>)
  case file(OutlineRow<File>)
  /// A row of the app's own section.
  case note(String)
  /// A row of a second pager of songs (its ids tagged with the case).
  case favourite(PagerRow<Song>)

  enum ID: Hashable {
    case song(PagerRow<Song>.ID), file(OutlineRow<File>.ID), note(String)
    case favourite(PagerRow<Song>.ID)
  }

  var id: ID {
    switch self {
    case .song(let row): .song(row.id)
    case .file(let row): .file(row.id)
    case .note(let text): .note(text)
    case .favourite(let row): .favourite(row.id)
    }
  }

  var status: PagerStatus? {
    switch self {
    case .song(let row), .favourite(let row): row.status
    case .file(let row): row.status
    case .note: nil
    }
  }

  var title: String {
    switch self {
    case .song(let row), .favourite(let row): row.item?.title ?? ""
    case .file(let row): row.item?.name ?? ""
    case .note(let text): text
    }
  }

  static let songs = RowCase(LibraryRow.song) { if case .song(let row) = $0 { row } else { nil } }
  static let files = RowCase(LibraryRow.file) { if case .file(let row) = $0 { row } else { nil } }
  static let favourites = RowCase(LibraryRow.favourite) {
    if case .favourite(let row) = $0 { row } else { nil }
  }
}

/// Lets the main actor run until `pager` has no load running or scheduled (no clock).
@MainActor func settled<Item>(_ pager: Pager<Item>) async {
  for _ in 0..<1_000 where pager.loadStates.isLoading || pager.hasScheduledLoads {
    await Task.yield()
  }
}

@MainActor
@Suite("Rows of several kinds in one data source", .timeLimit(.minutes(5)))
struct MixedRowsTests {
  @Test func aPagerAndAnOutlineShareADataSourceEachAnsweringForItsSection() async throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    var deleted: [LibraryRow] = []
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
      .statusCell(TextCell.self)
      .didDelete { _, row in deleted.append(row) }
    let fixture = FixturePages(count: 10) { Song(id: $0) }.failing(pages: [2])
    let songs = Pager(PagerConfiguration(pageSize: 3, prefetchDistance: 1), source: fixture.source)
    let server = FolderServer()
    let files = Outline<File>(loadChildren: server.loader)
    songs.bind(dataSource, section: "songs", as: LibraryRow.songs)
    files.bind(dataSource, section: "files", as: LibraryRow.files)
    try files.apply(
      [node("Documents", [node("CV.pdf")]), .lazy(File(name: "Shared")), node("notes.txt")],
      animated: false)
    await songs.refresh().ended()
    await settled(songs)
    // Page 1 shows, page 2 (asked for as its end came on screen) failed: a retry row.
    #expect(fixture.requests.map(\.page) == [1, 2])
    // The outline showed rows first; the songs' section came after it.
    #expect(dataSource.snapshot?.sectionIDs == ["files", "songs"])
    let shownSongs = try #require(dataSource.snapshot).items(inSection: "songs")
    #expect(shownSongs.map(\.title) == ["Song 0", "Song 1", "Song 2", ""])
    #expect(shownSongs.last?.status?.isRetryable == true)
    #expect(
      (try? dataSource.snapshot?.items(inSection: "files"))?.map(\.title) == [
        "Documents", "Shared", "notes.txt",
      ])

    // Each section's rows answer as their binding says.
    let song = ItemPath(item: 0, section: 1)
    let retry = ItemPath(item: 3, section: 1)
    let documents = ItemPath(item: 0, section: 0)
    #expect(dataSource.canDeleteRow(at: song))
    #expect(!dataSource.canDeleteRow(at: retry), "a status row is not content")
    #expect(dataSource.highlightsRow(at: retry), "a failed row answers a tap")
    #expect(dataSource.outline(forRowAt: song) == nil, "a song has no place in the outline")
    #expect(dataSource.outline(forRowAt: documents)?.isExpanded == false)
    #expect(dataSource.canDeleteRow(at: documents))

    // A folder's loading row is not content and answers no tap.
    try files.expand("Shared")
    let loading = ItemPath(item: 2, section: 0)
    #expect(dataSource.item(at: loading) == .file(.loading(parent: "Shared", depth: 1)))
    #expect(!dataSource.canDeleteRow(at: loading))
    #expect(!dataSource.highlightsRow(at: loading))

    // A tap on the folder opens it and loads no page; a tap on the retry row loads the page
    // and opens no folder.
    table.tapRow(at: documents)
    #expect(files.expandedIDs.contains("Documents"))
    #expect(fixture.requests.map(\.page) == [1, 2])
    table.tapRow(at: retry)
    await settled(songs)
    #expect(fixture.requests.map(\.page).prefix(3) == [1, 2, 2])
    #expect(files.expandedIDs == ["Documents", "Shared"])
    #expect(
      (try? dataSource.snapshot?.items(inSection: "songs"))?.prefix(6).map(\.title)
        == (0..<6).map { "Song \($0)" })

    // A swipe deletes the song from the data source; the app hears of the row it deleted.
    try table.swipeToDeleteRow(at: song)
    #expect(deleted == [.song(.item(Song(id: 0)))])
    try await answerShared(server)
    #expect(
      (try? dataSource.snapshot?.items(inSection: "files"))?.map(\.title)
        == ["Documents", "CV.pdf", "Shared", "a.txt", "notes.txt"])
  }

  /// Answers the load of the Shared folder with one file.
  func answerShared(_ server: FolderServer) async throws {
    for _ in 0..<10_000 where !server.isWaiting("Shared") { await Task.yield() }
    server.answer("Shared", .success([node("a.txt")]))
    for _ in 0..<10_000 where server.isWaiting("Shared") { await Task.yield() }
    for _ in 0..<100 { await Task.yield() }
  }

  @Test func aDragKeepsABoundSectionsRowsInItAndTheAppsRowsOutOfIt() async throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    var moves: [LibraryRow] = []
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
      .didMove { _, _, row in if let row { moves.append(row) } }
    var sections = Snapshot<String, LibraryRow>()
    try sections.appendSections(["notes", "songs", "files"])
    try sections.appendItems([.note("a"), .note("b")], toSection: "notes")
    try dataSource.apply(sections, animated: false)
    let fixture = FixturePages(count: 3) { Song(id: $0) }
    let songs = Pager(PagerConfiguration(pageSize: 3), source: fixture.source)
    let files = Outline<File>()
    songs.bind(
      dataSource, section: "songs", rows: PagerRows(showsStatus: false), as: LibraryRow.songs)
    files.bind(dataSource, section: "files", as: LibraryRow.files)
    try files.apply([node("a.txt"), node("b.txt")], animated: false)
    await songs.refresh().ended()
    await settled(songs)
    #expect(dataSource.snapshot?.sectionIDs == ["notes", "songs", "files"], "the order applied")
    let before = dataSource.snapshot
    // A song onto the notes, a note onto the songs, a file onto the songs: each stays.
    #expect(!table.dragRow(at: ItemPath(item: 0, section: 1), to: ItemPath(item: 1, section: 0)))
    #expect(!table.dragRow(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 1)))
    #expect(!table.dragRow(at: ItemPath(item: 0, section: 2), to: ItemPath(item: 0, section: 1)))
    #expect(dataSource.snapshot == before)
    #expect(moves.isEmpty)
    // Within the app's own section the app's rows move, and the app hears of it.
    #expect(table.dragRow(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 0)))
    #expect((try? dataSource.snapshot?.items(inSection: "notes")) == [.note("b"), .note("a")])
    #expect(moves == [.note("a")])
    // A tap on the app's row is the app's: no binding answers it.
    #expect(dataSource.highlightsRow(at: ItemPath(item: 0, section: 0)))
    #expect(dataSource.outline(forRowAt: ItemPath(item: 0, section: 0)) == nil)
  }

  @Test func twoPagersOfOneItemTypeShowTheirStatusRowsThroughACaseEach() async {
    let table = HeadlessTable(viewportHeight: 10 * 44)
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
      .statusCell(TextCell.self)
    let slowSongs = ManualPages<Song>()
    let slowFavourites = ManualPages<Song>()
    let songs = Pager(PagerConfiguration(pageSize: 5), source: slowSongs.source)
    let favourites = Pager(PagerConfiguration(pageSize: 5), source: slowFavourites.source)
    songs.bind(dataSource, section: "songs", as: LibraryRow.songs)
    favourites.bind(dataSource, section: "favourites", as: LibraryRow.favourites)
    let loads = (songs.refresh(), favourites.refresh())
    await slowSongs.waitForRequests(1)
    await slowFavourites.waitForRequests(1)
    // Both first-load rows show at once: the same pager id, in two cases.
    #expect(dataSource.snapshot?.allItems.map(\.status) == [.firstLoad, .firstLoad])
    slowSongs.respond(with: Page(items: [Song(id: 1)]))
    slowFavourites.respond(with: Page(items: [Song(id: 1)]))
    await loads.0.ended()
    await loads.1.ended()
    #expect(dataSource.snapshot?.allItems.map(\.title) == ["Song 1", "", "Song 1", ""])
    #expect(dataSource.snapshot?.allItems.map(\.status) == [nil, .end, nil, .end])
  }

  @Test func twoPagersInOneDataSourceShowTheEmptyStateOnlyOnceBothHaveLoaded() async {
    let table = HeadlessTable(viewportHeight: 10 * 44)
    let dataSource = SectionedDataSource<String, PagerRow<Song>>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.title ?? "" }
      .emptyState { "Nothing here" }
    let slow = ManualPages<Song>()
    let first = Pager(PagerConfiguration(pageSize: 5), source: slow.source)
    let second = Pager(
      PagerConfiguration(pageSize: 5), source: FixturePages(count: 0) { Song(id: $0) }.source)
    first.bind(dataSource, section: "first", rows: PagerRows(showsStatus: false))
    second.bind(dataSource, section: "second", rows: PagerRows(showsStatus: false))
    let load = first.refresh()
    await second.refresh().ended()
    await slow.waitForRequests(1)
    #expect(second.loadStates.append == .end)
    #expect(first.loadStates.refresh.isLoading)
    #expect(table.render() == "(empty)", "the first list still loads: no empty text yet")
    slow.respond(with: Page(items: []))
    await load.ended()
    #expect(table.render() == "(Nothing here)")
  }

  @Test func twoOutlinesInOneDataSourceEachOpenOnlyTheirFolders() throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    let dataSource = SectionedDataSource<String, OutlineRow<File>>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.name ?? "" }
    let mine = Outline<File>()
    let shared = Outline<File>()
    mine.bind(dataSource, section: "mine")
    shared.bind(dataSource, section: "shared")
    try mine.apply([node("Work", [node("plan.txt")])], animated: false)
    try shared.apply([node("Team", [node("notes.txt")])], animated: false)
    table.tapRow(at: ItemPath(item: 0, section: 1))
    #expect(shared.expandedIDs == ["Team"])
    #expect(mine.expandedIDs.isEmpty, "a tap in another section opens nothing here")
    try mine.expand("Work")
    #expect(dataSource.outline(forRowAt: ItemPath(item: 0, section: 0))?.isExpanded == true)
    #expect(dataSource.outline(forRowAt: ItemPath(item: 0, section: 1))?.isExpanded == true)
    try shared.collapse("Team")
    #expect(dataSource.outline(forRowAt: ItemPath(item: 0, section: 0))?.isExpanded == true)
    #expect(dataSource.outline(forRowAt: ItemPath(item: 0, section: 1))?.isExpanded == false)
  }

  @Test func anOutlineBoundAgainOpensAFolderOnceATapAndLeavesTheSectionItLeft() throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    let dataSource = SectionedDataSource<String, OutlineRow<File>>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.name ?? "" }
    let files = Outline<File>()
    files.bind(dataSource, section: "files")
    files.bind(dataSource, section: "files")
    try files.apply([node("Work", [node("plan.txt")])], animated: false)
    table.tapRow(at: ItemPath(item: 0, section: 0))
    #expect(files.expandedIDs == ["Work"], "bound twice, a tap opens the folder once")
    // Bound to another data source, the first one's rows answer for the outline no more.
    let otherTable = HeadlessTable(viewportHeight: 100 * 44)
    let other = SectionedDataSource<String, OutlineRow<File>>()
      .bind(otherTable)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.name ?? "" }
    files.bind(other, section: "files")
    #expect(dataSource.sectionRoles["files"] == nil, "the data source left has no answers of it")
    #expect(try dataSource.snapshot?.items(inSection: "files") == [], "nor its rows")
    #expect(
      try other.snapshot?.items(inSection: "files").map(\.id) == [.item("Work"), .item("plan.txt")])
    otherTable.tapRow(at: ItemPath(item: 0, section: 0))
    #expect(files.expandedIDs.isEmpty)
  }

  @Test func aDraftTakesTheServersIdInPlaceThroughItsCase() async throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
    var sections = Snapshot<String, LibraryRow>()
    try sections.appendSections(["notes", "songs"])
    try sections.appendItems([.note("a")], toSection: "notes")
    try dataSource.apply(sections, animated: false)
    let fixture = FixturePages(count: 3) { Song(id: $0) }
    let songs = Pager(PagerConfiguration(pageSize: 3), source: fixture.source)
    songs.bind(
      dataSource, section: "songs", rows: PagerRows(showsStatus: false), as: LibraryRow.songs)
    await songs.refresh().ended()
    await settled(songs)
    let edit = songs.edit(.insert(Song(id: -1), at: .after(1))) { Song(id: 500) }
    #expect(
      dataSource.snapshot?.allItems.map(\.title) == ["a", "Song 0", "Song 1", "Song -1", "Song 2"])
    table.clearEvents()
    #expect(await edit.value.isApplied)
    await settled(songs)
    #expect(
      dataSource.snapshot?.allItems.map(\.title) == ["a", "Song 0", "Song 1", "Song 500", "Song 2"])
    // The row stays, updated in place: not deleted and inserted.
    let batches = table.events.compactMap { event -> BatchUpdate? in
      if case .batch(let batch) = event { batch } else { nil }
    }
    #expect(!batches.isEmpty)
    #expect(batches.allSatisfy { $0.itemDeletes.isEmpty && $0.itemInserts.isEmpty }, "\(batches)")
    #expect(batches.contains { $0.itemReconfigures == [ItemPath(item: 2, section: 1)] })
  }

  @Test func aPageLandingDuringADragKeepsTheAppsChangeWaitingForTheDrop() async throws {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
      .didMove { _, _, _ in }
    var sections = Snapshot<String, LibraryRow>()
    try sections.appendSections(["notes", "songs"])
    try sections.appendItems([.note("a"), .note("b")], toSection: "notes")
    try dataSource.apply(sections, animated: false)
    let slow = ManualPages<Song>()
    let songs = Pager(PagerConfiguration(pageSize: 3), source: slow.source)
    songs.bind(
      dataSource, section: "songs", rows: PagerRows(showsStatus: false), as: LibraryRow.songs)
    let load = songs.refresh()
    await slow.waitForRequests(1)
    #expect(table.beginDrag(at: ItemPath(item: 0, section: 0)))
    // The app adds a note while the row is held: the data source keeps it for the drop.
    var added = try #require(dataSource.snapshot)
    try added.appendItems([.note("c")], toSection: "notes")
    try dataSource.apply(added, animated: true)
    // The page lands meanwhile: the pager builds on the note waiting, not on what shows.
    slow.respond(with: Page(items: [Song(id: 1)]))
    await load.ended()
    await settled(songs)
    table.endDrag()
    #expect(dataSource.snapshot?.allItems.map(\.title) == ["a", "b", "c", "Song 1"])
  }

  @Test func bindingAgainMovesTheRowsAndLeavesNothingBehindForAPagerAndAnOutlineAlike() async throws
  {
    let table = HeadlessTable(viewportHeight: 100 * 44)
    let dataSource = SectionedDataSource<String, LibraryRow>()
      .bind(table)
      .configureCell(TextCell.self) { cell, _, row in cell.text = row.title }
    var sections = Snapshot<String, LibraryRow>()
    try sections.appendSections(["a", "b", "c", "d"])
    try dataSource.apply(sections, animated: false)
    let files = Outline<File>()
    files.bind(dataSource, section: "a", as: LibraryRow.files)
    try files.apply([node("Work", [node("plan.txt")])], animated: false)
    // Bound to another section of the same data source: the rows move, the section left is
    // empty and answers no more, and a tap opens the folder once.
    files.bind(dataSource, section: "b", as: LibraryRow.files)
    #expect(try dataSource.snapshot?.items(inSection: "a") == [])
    #expect(try dataSource.snapshot?.items(inSection: "b").map(\.title) == ["Work"])
    #expect(dataSource.sectionRoles["a"] == nil)
    table.tapRow(at: ItemPath(item: 0, section: 1))
    #expect(files.expandedIDs == ["Work"])
    let songs = Pager(
      PagerConfiguration(pageSize: 3), source: FixturePages(count: 2) { Song(id: $0) }.source)
    songs.bind(
      dataSource, section: "c", rows: PagerRows(showsStatus: false), as: LibraryRow.songs)
    await songs.refresh().ended()
    await settled(songs)
    #expect(try dataSource.snapshot?.items(inSection: "c").map(\.title) == ["Song 0", "Song 1"])
    // Another section: filled, and the one left emptied, out of the answers.
    songs.bind(
      dataSource, section: "d", rows: PagerRows(showsStatus: false), as: LibraryRow.songs)
    await settled(songs)
    #expect(try dataSource.snapshot?.items(inSection: "c") == [])
    #expect(dataSource.sectionRoles["c"] == nil)
    #expect(try dataSource.snapshot?.items(inSection: "d").map(\.title) == ["Song 0", "Song 1"])
    // The same section with only another case: its rows are made by the new case at once.
    songs.bind(
      dataSource, section: "d", rows: PagerRows(showsStatus: false), as: LibraryRow.favourites)
    #expect(
      try dataSource.snapshot?.items(inSection: "d") == [
        .favourite(.item(Song(id: 0))), .favourite(.item(Song(id: 1))),
      ])
    // A pager bound again and again hears its changes through one listener.
    #expect(songs.listeners.isEmpty && songs.bindingListener != nil)
    // A section another binder took since is not the first one's to write to or empty.
    let other = Outline<File>()
    other.bind(dataSource, section: "b", as: LibraryRow.files)
    try other.apply([node("Team")], animated: false)
    try files.expand("Work")
    #expect(try dataSource.snapshot?.items(inSection: "b").map(\.title) == ["Team"])
    files.bind(dataSource, section: "a", as: LibraryRow.files)
    #expect(dataSource.sectionRoles["b"] != nil, "the other outline's answers stay")
    #expect(try dataSource.snapshot?.items(inSection: "b").map(\.title) == ["Team"])
    #expect(try dataSource.snapshot?.items(inSection: "a").map(\.title) == ["Work", "plan.txt"])
  }
}
