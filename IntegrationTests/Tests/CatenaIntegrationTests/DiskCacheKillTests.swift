import Catena
import CatenaTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `cache-writer` executable built beside the tests.
func cacheWriter(filePath: String = #filePath) throws -> URL {
  let built = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/cache-writer")
  let candidates = [
    Bundle.main.bundleURL.appendingPathComponent("cache-writer"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cache-writer"),
    built,
  ]
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "cache-writer is built with the tests")
}

/// A started `cache-writer`, read line by line.
final class Writer {
  let process = Process()
  private let output = Pipe()
  private var pending = Data()

  init(_ arguments: [String]) throws {
    process.executableURL = try cacheWriter()
    process.arguments = arguments
    process.standardOutput = output
    try process.run()
  }

  /// The next line it writes; nil when it has ended.
  func line() -> String? {
    while true {
      if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...end)
        return line
      }
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { return nil }
      pending.append(more)
    }
  }

  /// Every line until it ends.
  func lines() -> [String] {
    var lines: [String] = []
    while let line = line() { lines.append(line) }
    process.waitUntilExit()
    return lines
  }

  /// Stops it at once, wherever it is (SIGKILL: no handler runs, no buffer is flushed).
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

@Suite("HTTPCache on disk: writers killed part way")
struct DiskCacheKillTests {
  /// What `cache-writer` answers for `item` at `version`.
  func expectedBody(item: Int, version: Int, size: Int) -> Data {
    let pattern = Data("item \(item) version \(version);".utf8)
    var body = Data(capacity: size + pattern.count)
    while body.count < size { body.append(pattern) }
    return body.prefix(size)
  }

  /// What the cache keeps for `item` (nil: nothing), without the network.
  func kept(_ item: Int, _ api: Client) async throws -> HTTPResponse? {
    do {
      return try await Get("item/\(item)").cache(.cacheOnly).value(on: api)
    } catch {
      if error.kind == .notCached { return nil }
      throw error
    }
  }

  /// 24 writers, each killed (SIGKILL) part way: half by the test a moment after they start
  /// an entry, half by themselves at a random byte of what they write to files, so in the
  /// middle of a file. After each, the directory is opened again as a relaunched app would,
  /// and every entry it serves is one whole answer.
  @Test func writersKilledPartWayLeaveNothingCorruptToServe() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-kill-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SeededRandom(seed: 7)
    var halfWritten = 0
    var served = 0
    for round in 0..<24 {
      if round.isMultiple(of: 2) {
        let writer = try Writer([folder.path])
        // Let it write a few entries, then kill it right after it says it starts the next.
        let target = 1 + random.below(4)
        var started = 0
        while started <= target, let line = writer.line() {
          if line.hasPrefix("writing ") { started += 1 }
        }
        #expect(started > target, "round \(round): the writer ended before it was killed")
        writer.kill()
        #expect(writer.process.terminationReason == .uncaughtSignal)
      } else {
        // Killed when it has written a random number of bytes to files: in the middle of one.
        let bytes = 1 + random.below(3_000_000)
        let writer = try Writer([folder.path, "crash", "\(bytes)"])
        _ = writer.lines()
        #expect(
          writer.process.terminationReason == .uncaughtSignal
            && writer.process.terminationStatus == SIGKILL,
          "round \(round): killed at byte \(bytes)")
      }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      let stopped = names.filter { $0.hasSuffix(".tmp") }.count
      if !round.isMultiple(of: 2) {
        #expect(stopped == 1, "round \(round): the writer stopped in the middle of a file")
      }
      halfWritten += stopped

      // The app launched again, offline: every entry it serves is one whole answer. The
      // client goes at the end of the scope, and its cache with it.
      var after: [String] = []
      do {
        let api = Client(
          baseURL: URL(string: "https://writer.example/"), transport: Unreachable(),
          cache: HTTPCache(
            memoryLimit: 64 << 20, entryLimit: 8 << 20, directory: folder, diskLimit: 256 << 20))
        for item in 0..<10 {
          guard let response = try await kept(item, api) else { continue }
          let version = Int(response.headers["X-Version"] ?? "") ?? -1
          #expect(response.headers["X-Item"] == "\(item)", "round \(round), item \(item)")
          #expect(
            response.body == expectedBody(item: item, version: version, size: response.body.count),
            "round \(round): item \(item) version \(version) is whole")
          #expect(response.body.count >= 256 << 10)
          served += 1
        }
        after = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(
          after.filter { $0.hasSuffix(".tmp") }.count == stopped,
          "a temporary file younger than ten minutes is left alone (another writer's, maybe)")
      }
      try await directoryIsFree(folder)
      // Eleven minutes later, the next launch clears the stopped writes.
      for name in after where name.hasSuffix(".tmp") {
        try FileManager.default.setAttributes(
          [.modificationDate: Date().addingTimeInterval(-660)],
          ofItemAtPath: folder.appendingPathComponent(name).path)
      }
      do {
        let later = Client(
          baseURL: URL(string: "https://writer.example/"), transport: Unreachable(),
          cache: HTTPCache(directory: folder))
        _ = try await kept(0, later)
      }
      try await directoryIsFree(folder)
      let cleared = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      #expect(!cleared.contains { $0.hasSuffix(".tmp") }, "round \(round): old ones are cleared")
    }
    print("24 writers killed: \(halfWritten) in the middle of a file; \(served) entries served")
    #expect(served > 0, "entries written before a kill are served after it")
  }

  /// C15: a disk that stops writing (files past 64 KiB fail, as on a full disk) keeps
  /// nothing older than what the server said since: item 1's file (version 1) goes when
  /// version 2 comes and cannot be written, so once memory evicts version 2, nothing is
  /// served, in that run and after a relaunch.
  @Test func aFullDiskIsSaidOnceAndKeepsNothingOlderThanTheServerSaid() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-full-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try Writer([folder.path, "full"]).lines()
    #expect(
      lines.filter { $0.hasPrefix("answer ") } == [
        "answer 1 16000", "answer 2 200000", "answer 3 16000", "answer 2 16000",
      ])
    #expect(
      lines.filter { $0.hasPrefix("event cacheDiskFailed") } == [
        "event cacheDiskFailed write: File too large"
      ])
    #expect(lines.filter { $0.hasPrefix("kept 1") } == ["kept 1 none"], "\(lines)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["catena-cache.lock"], "no entry older than the server's, no half file")
    let relaunched = Client(
      baseURL: URL(string: "https://writer.example/"), transport: Unreachable(),
      cache: HTTPCache(directory: folder))
    #expect(try await kept(1, relaunched) == nil, "nor after a relaunch")
  }

  /// C16 across processes: while `cache-writer` owns the directory, a cache of this process
  /// on it keeps responses in memory only and says why; once the writer is gone (killed: its
  /// lock goes with it), the next cache owns it and finds what the writer kept. And the other
  /// way: while this process owns it, the writer's cache says so through its monitors.
  @Test func oneProcessOwnsTheDirectoryAtATime() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("catena-owner-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = try Writer([folder.path, "hold"])
    #expect(holder.line() == "holding the directory")
    do {
      let cache = HTTPCache(directory: folder)
      let api = Client(
        baseURL: URL(string: "https://writer.example/"), transport: Unreachable(), cache: cache)
      let failure = try #require(cache.diskFailure)
      #expect(
        failure.reason.contains("directory in use") && failure.operation == "own the directory")
      #expect(try await kept(0, api) == nil, "the writer's files are not read")
    }
    holder.kill()

    let cache = HTTPCache(directory: folder)
    let api = Client(
      baseURL: URL(string: "https://writer.example/"), transport: Unreachable(), cache: cache)
    #expect(cache.diskFailure == nil)
    let item = try #require(try await kept(0, api), "the writer's entry, once it is gone")
    #expect(item.headers["X-Item"] == "0")

    // This process's cache owns the directory while the second writer runs.
    let second = try withExtendedLifetime(cache) { try Writer([folder.path, "second"]).lines() }
    #expect(second.filter { $0.hasPrefix("answer ") } == ["answer 1 1000", "answer 1 1000"])
    #expect(
      second.filter { $0.hasPrefix("event cacheDiskFailed") }.count == 1
        && second.contains { $0.contains("own the directory: directory in use") }, "\(second)")
    #expect(second.filter { $0.hasPrefix("event cacheHit") }.count == 1, "kept in its memory")
  }
}

/// Waits until no cache (of any process) holds `folder`'s lock.
func directoryIsFree(_ folder: URL) async throws {
  let path = folder.appendingPathComponent("catena-cache.lock").path
  try await turns("the directory to be let go", limit: 5_000_000) {
    let descriptor = open(path, O_RDWR)
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    flock(descriptor, LOCK_UN)
    return true
  }
}

/// A transport that fails every request: the relaunched app is offline.
struct Unreachable: Transport {
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    throw URLError(.notConnectedToInternet)
  }
}
