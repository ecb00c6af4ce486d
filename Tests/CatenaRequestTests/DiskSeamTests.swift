import CatenaRequest
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A gate on a cache's disk queue: the queue stops there until the test opens it (or, so a
/// broken build fails instead of hanging, until a minute passes: then ``timedOut`` says so).
final class DiskGate: @unchecked Sendable {
  private let lock = NSLock()
  private let opened = DispatchSemaphore(value: 0)
  private var arrivals = 0
  private var late = false
  private var open = false

  /// Stops the calling queue until ``release()``; passes at once once released.
  func wait() {
    let passing = lock.withLock { () -> Bool in
      arrivals += 1
      return open
    }
    guard !passing else { return }
    if opened.wait(timeout: .now() + 60) == .timedOut { lock.withLock { late = true } }
  }

  /// How many times the queue reached the gate.
  var reached: Int { lock.withLock { arrivals } }

  /// Whether the gate let the queue go by itself (the test never opened it in time).
  var timedOut: Bool { lock.withLock { late } }

  func release() {
    let waiting = lock.withLock { () -> Int in
      open = true
      return arrivals
    }
    for _ in 0..<max(waiting, 1) { opened.signal() }
  }
}

/// Where the disk meets the rest of the cache: one owner per directory (C16), no caller
/// waiting on a write, a sync or the scan (C17), and what a stopped disk no longer replaces
/// (C15: `DiskCacheKillTests` and `cache-writer`, in another process).
@Suite("HTTPCache on disk: owners, and nobody waits on the disk")
struct DiskSeamTests {
  let events = EventLog()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-seam-\(UUID().uuidString)", isDirectory: true)

  func client(_ transport: any Transport, _ cache: HTTPCache?) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    client.cache = cache
    client.monitors = [events]
    return client
  }

  /// A server answering `<path> v<number>`, fresh for ten minutes.
  func server() -> ScriptedTransport {
    ScriptedTransport { request, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"],
        body: Data("\(request.url.path) v\(number)".utf8))
    }
  }

  var entryFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".entry") }
  }

  /// Keeps `paths` on disk in `folder`, as an app launched before would have.
  func launchBefore(_ paths: [String], _ transport: ScriptedTransport) async throws {
    let cache = HTTPCache(directory: folder)
    let api = client(transport, cache)
    for path in paths { _ = try await Get(path).value(on: api) }
    cache.closeDirectory()
  }

  @Test func aSecondCacheOnTheDirectoryKeepsInMemoryUntilTheFirstIsReleased() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    let first = HTTPCache(directory: folder)
    _ = try await Get("a").value(on: client(transport, first))
    let second = HTTPCache(directory: folder)
    let api = client(transport, second)
    #expect(try await Get("b").value(on: api).text == "/b v2")
    #expect(try await Get("b").value(on: api).text == "/b v2", "kept in memory")
    let failure = try #require(second.diskFailure)
    #expect(failure.reason.contains("directory in use") && failure.path == folder.path)
    #expect(events.count(.cacheDiskFailed(failure)) == 1, "said once, through the monitors")
    await first.flush()
    #expect(entryFiles.count == 1, "the second wrote nothing: only the first's /a")
    #expect(second.diskFilesRead == 0 && second.diskByteCount == 0)
    await #expect(throws: RequestError.self, "nor does it read the first's files") {
      try await Get("a").cache(.cacheOnly).value(on: api)
    }
    // Once the first lets the directory go, the second owns it, and reads what it keeps.
    first.closeDirectory()
    await second.flush()
    #expect(second.diskFailure == nil)
    #expect(try await Get("a").cache(.cacheOnly).value(on: api).text == "/a v1")
    // A third, made while the second lives, waits in turn.
    let third = HTTPCache(directory: folder)
    #expect(third.diskFailure?.reason.contains("directory in use") == true)
  }

  @Test func aKeptPageOpensWhileAWriterIsHeldInItsSync() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    try await launchBefore(["feed"], transport)
    let gate = DiskGate()
    let cache = HTTPCache(directory: folder, gates: .init(beforeSync: { gate.wait() }))
    await cache.flush()  // the scan, before the writer comes
    let api = client(transport, cache)
    // Another response is written; its writer stops inside its sync, holding its file.
    #expect(try await Get("other").cache(.networkOnly).value(on: api).text == "/other v2")
    try await turns("the writer to reach its sync") { gate.reached == 1 }
    let kept = await MainActor.run { () -> String? in
      api.keptValue(of: Get("feed"))?.answer.value.text
    }
    gate.release()
    #expect(kept == "/feed v1", "read in the same turn, while the writer syncs")
    #expect(!gate.timedOut, "the kept page waited for no writer")
    #expect(cache.diskFilesRead == 1, "one read of one entry file")
    await cache.flush()
    #expect(cache.diskFilesWritten == 1 && entryFiles.count == 2)
  }

  @Test func aKeptPageOpensBeforeTheScanAndRemovalsMadeMeanwhileHold() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    try await launchBefore(["feed", "inbox", "drafts"], transport)
    let gate = DiskGate()
    let cache = HTTPCache(directory: folder, gates: .init(beforeScan: { gate.wait() }))
    let api = client(transport, cache)
    try await turns("the scan to be held") { gate.reached == 1 }
    // Before the scan: a kept page reads the one file its response would have; a removal
    // made now reaches the files the scan has not read yet.
    cache.invalidate(urlPrefix: URL(string: "https://api.example.com/inbox")!)
    let (feed, inbox) = await MainActor.run {
      (
        api.keptValue(of: Get("feed"))?.answer.value.text,
        api.keptValue(of: Get("inbox"))?.answer.value.text
      )
    }
    #expect(feed == "/feed v1" && inbox == nil)
    #expect(cache.diskFilesRead == 2)
    gate.release()
    #expect(!gate.timedOut)
    // A request waits for the scan (without a thread), then finds what the launch before kept.
    #expect(try await Get("drafts").cache(.cacheOnly).value(on: api).text == "/drafts v3")
    await cache.flush()
    #expect(entryFiles.count == 2, "inbox's file is deleted")
    await #expect(throws: RequestError.self) {
      try await Get("inbox").cache(.cacheOnly).value(on: api)
    }
  }

  @Test func theAskersOfOneSharedTransferWriteOneFile() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = HeldTransport()
    let cache = HTTPCache(directory: folder)
    let api = client(transport, cache)
    let askers = (0..<100).map { _ in Task { try await Get("feed").value(on: api).text } }
    try await turns("99 askers to join the first") {
      events.count(.shared) == 99 && transport.waiting == 1
    }
    transport.answer(
      .success(
        HTTPResponse(
          status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("feed".utf8))))
    for asker in askers { #expect(try await asker.value == "feed") }
    await cache.flush()
    #expect(cache.diskWritesAsked == 1, "one transfer, one write asked of the disk")
    #expect(cache.diskFilesWritten == 1)
    #expect(entryFiles.count == 1 && transport.sentCount == 1)
  }

  @Test func aCacheMadeAgainAfterTheOldOneIsReleasedTakesTheDirectory() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    let gate = DiskGate()
    var old: HTTPCache? = HTTPCache(directory: folder, gates: .init(beforeSync: { gate.wait() }))
    _ = try await Get("feed").value(on: client(transport, old))
    try await turns("the old cache's writer to reach its sync") { gate.reached == 1 }
    weak let released = old
    old = nil  // released while its write is held: the app made its client again
    #expect(released == nil)
    let new = HTTPCache(directory: folder)
    gate.release()
    let api = client(transport, new)
    #expect(try await Get("feed").cache(.cacheOnly).value(on: api).text == "/feed v1")
    #expect(new.diskFailure == nil, "the new cache owns the directory once the old one wrote")
    _ = try await Get("more").value(on: api)
    await new.flush()
    #expect(entryFiles.count == 2 && new.diskFilesWritten == 1)
  }

  @Test func aCacheMadeBeforeTheOldOneIsReleasedTakesTheDirectoryWhenItIs() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    var old: HTTPCache? = HTTPCache(directory: folder)
    _ = try await Get("feed").value(on: client(transport, old))
    _ = try await Get("inbox").value(on: client(transport, old))
    // The app makes its client again while the old one still lives (`api = makeAPI()`).
    let new = HTTPCache(directory: folder)
    #expect(new.diskFailure?.reason.contains("directory in use") == true)
    let api = client(transport, new)
    #expect(try await Get("drafts").value(on: api).text == "/drafts v3", "kept in memory")
    new.invalidate(urlPrefix: URL(string: "https://api.example.com/inbox")!)
    weak let released = old
    old = nil
    #expect(released == nil)
    await new.flush()  // once the old one let the directory go, and this one read it
    #expect(new.diskFailure == nil, "the new cache owns the directory now")
    #expect(try await Get("feed").cache(.cacheOnly).value(on: api).text == "/feed v1")
    await #expect(throws: RequestError.self, "the invalidation made meanwhile holds on disk") {
      try await Get("inbox").cache(.cacheOnly).value(on: api)
    }
    await new.flush()
    #expect(entryFiles.count == 1, "feed only: inbox deleted, drafts never written")
  }

  @Test func anInvalidationIsOnDiskWhenItReturns() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    try await launchBefore(["inbox"], transport)
    let gate = DiskGate()
    let cache = HTTPCache(directory: folder, gates: .init(beforeSync: { gate.wait() }))
    let api = client(transport, cache)
    #expect(try await Get("inbox").cache(.cacheOnly).value(on: api).text == "/inbox v1")
    #expect(entryFiles.count == 1)
    _ = try await Get("other").value(on: api)  // a writer now held in its sync
    try await turns("the writer to reach its sync") { gate.reached == 1 }
    cache.invalidate(urlPrefix: URL(string: "https://api.example.com/inbox")!)
    #expect(entryFiles.isEmpty, "deleted before invalidate returned, behind no writer")
    gate.release()
    await cache.flush()
    #expect(entryFiles.count == 1 && !gate.timedOut)
  }

  @Test func aLateRevalidationLosesToANewerResponseReadBackFromDisk() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = VersionedServer(["Cache-Control": "max-age=10, stale-while-revalidate=60"])
    let clock = TestClock()
    let cache = HTTPCache(
      memoryLimit: 400, entryLimit: 400, directory: folder, now: { clock.now })
    let api = client(server, cache)
    #expect(try await Get("feed").value(on: api).text == "v1")
    clock.advance(15)
    server.set(version: 2)
    server.hold(true)
    #expect(try await Get("feed").value(on: api).text == "v1", "stale; revalidated behind")
    try await turns("the revalidation to reach the server") { server.waiting == 1 }
    server.hold(false)
    server.set(version: 3)
    #expect(try await Get("feed").shared(false).cache(.networkOnly).value(on: api).text == "v3")
    // Memory lets v3 go; a lookup reads it back from disk.
    for index in 0..<4 { _ = try await Get("filler/\(index)").value(on: api) }
    await cache.flush()
    #expect(try await Get("feed").cache(.cacheOnly).value(on: api).text == "v3")
    server.release()
    try await turns("the late answer to land") { events.count(.notStored(.superseded)) == 1 }
    #expect(try await Get("feed").cache(.cacheOnly).value(on: api).text == "v3")
  }
}
