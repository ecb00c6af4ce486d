import CatenaDataSource
import CatenaDiff
import Foundation
import Testing

@testable import CatenaOutline
@testable import CatenaPaging

/// A server of folder contents that answers when the test says.
final class FolderServer: @unchecked Sendable {
  private let lock = NSLock()
  private var waiting: [String: CheckedContinuation<[OutlineNode<File>], any Error>] = [:]
  private(set) var asked: [String] = []

  /// The loader an outline calls.
  var loader: Outline<File>.ChildLoader {
    { [self] folder in
      try await withCheckedThrowingContinuation { continuation in
        lock.withLock {
          asked.append(folder.name)
          waiting[folder.name] = continuation
        }
      }
    }
  }

  /// Answers the load of `folder`'s children.
  func answer(_ folder: String, _ result: Result<[OutlineNode<File>], any Error>) {
    let continuation = lock.withLock { waiting.removeValue(forKey: folder) }
    continuation?.resume(with: result)
  }

  /// Whether the load of `folder` waits for an answer.
  func isWaiting(_ folder: String) -> Bool { lock.withLock { waiting[folder] != nil } }
}

struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@MainActor
@Suite("Outlines: children loaded when a node first opens")
struct LazyOutlineTests {
  /// Lets the main actor run until the server holds the load of `folder`, at most `limit`
  /// turns (no clock); records an issue when it still does not.
  func waitForLoad(_ server: FolderServer, _ folder: String, limit: Int = 10_000) async {
    for _ in 0..<limit {
      if server.isWaiting(folder) { return }
      await Task.yield()
    }
    Issue.record("the outline never asked for \(folder)")
  }

  /// Waits until the outline has asked the server for `folder`, then answers and waits for
  /// the outline to take the answer in.
  func answer(
    _ screen: OutlineScreen, _ server: FolderServer, _ folder: String,
    _ result: Result<[OutlineNode<File>], any Error>
  ) async throws {
    let load = try #require(screen.files.loads[folder])
    await waitForLoad(server, folder)
    server.answer(folder, result)
    await load.value
  }

  @Test func aLazyFolderShowsALoadingRowThenItsChildren() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen(
      [.lazy(File(name: "Shared")), node("notes.txt")], children: server.loader)
    #expect(screen.lines == ["▸ Shared", "  notes.txt"])
    try screen.files.expand("Shared")
    #expect(screen.lines == ["▾ Shared", "    [Loading…]", "  notes.txt"])
    // The outline's own row, in its own words (a pager's status only for the status cell).
    #expect(screen.files.rows[1] == .loading(parent: "Shared", depth: 1))
    #expect(screen.files.rows[1].id == .children(of: "Shared"))
    screen.table.clearEvents()
    try await answer(screen, server, "Shared", .success([node("a.txt"), .lazy(File(name: "Sub"))]))
    #expect(screen.lines == ["▾ Shared", "    a.txt", "  ▸ Sub", "  notes.txt"])
    #expect(screen.batches().count == 1, "the loading row goes, the children come: one batch")
    try screen.files.collapse("Shared")
    try screen.files.expand("Shared")
    #expect(server.asked == ["Shared"], "loaded once")
  }

  @Test func aFailedLoadShowsARowThatRetriesWhenTapped() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen([.lazy(File(name: "Shared"))], children: server.loader)
    try screen.files.expand("Shared")
    try await answer(screen, server, "Shared", .failure(Offline()))
    guard case .loadFailed(let message, "Shared", 1)? = screen.files.rows.last else {
      Issue.record("no failed row under Shared: \(screen.files.rows)")
      return
    }
    #expect(message.contains("offline"))
    let failed = try #require(screen.lines.last)
    #expect(failed.hasPrefix("    [") && failed.contains("offline"))
    #expect(failed.hasSuffix("Tap to retry.]"))
    var heard: [OutlineRow<File>] = []
    screen.dataSource.didSelect { _, row in heard.append(row) }
    screen.table.tapRow(at: ItemPath(item: 1, section: 0))
    #expect(screen.lines.last == "    [Loading…]")
    // The app hears of the row the user tapped, not the one the retry put there.
    #expect(heard.map(\.id) == [.children(of: "Shared")])
    if case .loadFailed? = heard.first {} else { Issue.record("heard \(heard)") }
    try await answer(screen, server, "Shared", .success([node("b.txt")]))
    #expect(screen.lines == ["▾ Shared", "    b.txt"])
    #expect(server.asked == ["Shared", "Shared"])
  }

  @Test func aLoadWhoseFolderAnApplyRemovedIsCancelledAndItsAnswerDropped() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen([.lazy(File(name: "Shared"))], children: server.loader)
    try screen.files.expand("Shared")
    let load = try #require(screen.files.loads["Shared"])
    await waitForLoad(server, "Shared")
    try screen.files.apply([node("notes.txt")])
    #expect(screen.files.loads.isEmpty)
    server.answer("Shared", .success([node("late.txt")]))
    await load.value
    #expect(screen.lines == ["  notes.txt"])
  }

  @Test func childrenThatRepeatAnIdFailWithTheDuplicateNamed() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen(
      [.lazy(File(name: "Shared")), node("notes.txt")], children: server.loader)
    try screen.files.expand("Shared")
    try await answer(screen, server, "Shared", .success([node("notes.txt")]))
    #expect(screen.lines[1].contains("notes.txt") && screen.lines[1].contains("Tap to retry"))
    #expect(screen.files.roots.count == 2, "the tree is kept")
  }
}

/// Re-applying a tree that still marks a loaded folder lazy keeps the children it loaded
/// (R3-N9); `reloadChildren(of:)` asks for them again, showing the old ones meanwhile.
@MainActor
@Suite("Outlines: loaded children survive a re-apply (R3-N9)")
struct LoadedChildrenTests {
  @Test func r3n9ReapplyingTheTopLevelKeepsTheLoadedChildrenAndAsksNothing() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen(
      [.lazy(File(name: "Shared")), node("notes.txt")], children: server.loader)
    try screen.files.expand("Shared")
    try await LazyOutlineTests().answer(screen, server, "Shared", .success([node("a.txt")]))
    #expect(screen.lines == ["▾ Shared", "    a.txt", "  notes.txt"])
    screen.table.clearEvents()
    // The server's top level again: it cannot know the loaded children.
    try screen.files.apply([.lazy(File(name: "Shared")), node("notes.txt"), node("todo.txt")])
    #expect(screen.lines == ["▾ Shared", "    a.txt", "  notes.txt", "  todo.txt"])
    #expect(server.asked == ["Shared"], "no second load")
    #expect(screen.files.loads.isEmpty)
    // The app asks for them again: the old children show until the new ones come.
    try screen.files.reloadChildren(of: "Shared")
    #expect(screen.lines == ["▾ Shared", "    a.txt", "  notes.txt", "  todo.txt"])
    try await LazyOutlineTests().answer(
      screen, server, "Shared", .success([node("a.txt"), node("b.txt")]))
    #expect(screen.lines == ["▾ Shared", "    a.txt", "    b.txt", "  notes.txt", "  todo.txt"])
    #expect(server.asked == ["Shared", "Shared"])
  }

  @Test func loadedChildrenThatTheNewTreeHasElsewhereAreLoadedAgain() async throws {
    let server = FolderServer()
    let screen = try OutlineScreen([.lazy(File(name: "Shared"))], children: server.loader)
    try screen.files.expand("Shared")
    try await LazyOutlineTests().answer(screen, server, "Shared", .success([node("a.txt")]))
    // a.txt moved to the top level on the server: the loaded copy would be a duplicate.
    try screen.files.apply([.lazy(File(name: "Shared")), node("a.txt")])
    #expect(screen.lines == ["▾ Shared", "    [Loading…]", "  a.txt"])
    await LazyOutlineTests().waitForLoad(server, "Shared")
    #expect(server.asked == ["Shared", "Shared"])
  }

  @Test func reloadingTheChildrenOfAnUnknownNodeIsATypedError() throws {
    let screen = try OutlineScreen([node("notes.txt")])
    #expect(throws: DataSourceError(kind: .unknownItem, id: "nope")) {
      try screen.files.reloadChildren(of: "nope")
    }
  }
}
