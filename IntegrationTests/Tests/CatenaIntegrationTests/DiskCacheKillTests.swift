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

      // The app launched again, offline: every entry it serves is one whole answer.
      var api = Client(baseURL: URL(string: "https://writer.example/"), transport: Unreachable())
      api.cache = HTTPCache(
        memoryLimit: 64 << 20, entryLimit: 8 << 20, directory: folder, diskLimit: 256 << 20)
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
      let after = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      #expect(!after.contains { $0.hasSuffix(".tmp") }, "the reopen clears stopped writes")
    }
    print("24 writers killed: \(halfWritten) in the middle of a file; \(served) entries served")
    #expect(served > 0, "entries written before a kill are served after it")
  }

  @Test func aFullDiskIsSaidOnceAndRequestsGoOn() throws {
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
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.count == 1 && names[0].hasSuffix(".entry"), "item 1, and no half-written file")
  }
}

/// A transport that fails every request: the relaunched app is offline.
struct Unreachable: Transport {
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    throw URLError(.notConnectedToInternet)
  }
}
