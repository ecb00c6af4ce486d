import Catena
import FixtureServer
import Foundation
import Testing

/// A fresh folder for one test's files.
func scratchFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-files-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// The FNV-1a hash of a file, read 1 MiB at a time.
func fileHash(_ url: URL) throws -> UInt64 {
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  var hash = FNV1a()
  while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.add(chunk) }
  return hash.value
}

/// Progress updates, recorded from any thread.
final class TransferLog: @unchecked Sendable {
  // NB: `lock` guards `updates`.
  private let lock = NSLock()
  private var updates: [TransferProgress] = []
  func record(_ update: TransferProgress) { lock.withLock { updates.append(update) } }
  var all: [TransferProgress] { lock.withLock { updates } }
  /// Whether the completed counts never go back.
  var isMonotonic: Bool {
    let counts = all.map(\.completed)
    return zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }
  }
}

@Suite("Downloads to files over real HTTP: resume, restart, destination")
struct DownloadTests {
  let size: Int64 = 3_000_017

  @Test func aDownloadWritesTheWholeBodyAndTheFileAppearsOnlyWhenComplete() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("blob.bin")
      let log = TransferLog()
      let (file, response) = try await Download(
        "files/blob", ["size": .int(Int(size))], to: destination
      )
      .response(on: client(port)) { update in
        log.record(update)
        // Nothing at the destination until the body is complete.
        if update.completed < size {
          #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
      }
      #expect(file == destination)
      #expect(response.status == 200)
      #expect(response.headers["ETag"] == "\"v1-\(size)\"")
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
      #expect(log.isMonotonic && log.all.last?.completed == size && log.all.last?.total == size)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["blob.bin"])
    }
  }

  @Test func aDownloadInterruptedTwiceAndResumedIsByteIdentical() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("drop.bin")
      let download = Download(
        "files/drop",
        [
          "size": .int(Int(size)), "after": .int(1_000_000), "drops": .int(2),
          "key": .string(UUID().uuidString),
        ],
        to: destination)
      var points: [ResumePoint] = []
      var attempt = download
      for _ in 0..<2 {
        do throws(RequestError) {
          _ = try await attempt.value(on: client(port))
          Issue.record("the server drops the first two responses")
        } catch {
          #expect(error.kind == .transport)
          let point = try #require(error.resumePoint)
          points.append(point)
          attempt = download.resuming(from: point)
        }
      }
      #expect(points.map(\.bytes) == [1_000_000, 2_000_000])
      #expect(points.allSatisfy { $0.etag == "\"v1-\(size)\"" && $0.total != nil })
      #expect(!FileManager.default.fileExists(atPath: destination.path))
      let log = TransferLog()
      _ = try await attempt.response(on: client(port), progress: log.record)
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
      #expect(log.all.first?.completed ?? 0 > 2_000_000, "the resume appended to what was there")
      #expect(log.isMonotonic && log.all.last?.completed == size)
      #expect(!FileManager.default.fileExists(atPath: points[0].partialFile.path))
    }
  }

  @Test func theRetryPolicyResumesByItself() async throws {
    try await TestServer.run { port in
      let destination = try scratchFolder().appendingPathComponent("auto.bin")
      let api = client(port, retry: RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1)))
      let log = TransferLog()
      _ = try await Download(
        "files/drop",
        [
          "size": .int(Int(size)), "after": .int(700_000), "drops": .int(2),
          "key": .string(UUID().uuidString),
        ],
        to: destination
      ).response(on: api, progress: log.record)
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
      #expect(log.isMonotonic && log.all.last?.completed == size)
    }
  }

  @Test func a200ToAResumeStartsOverFromZero() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("norange.bin")
      // A partial file of other bytes, which a server ignoring ranges must replace.
      let partial = folder.appendingPathComponent("partial")
      try Data(repeating: 0xEE, count: 5_000).write(to: partial)
      let point = try resumePoint(
        destination: destination, partialFile: partial, bytes: 5_000, etag: "\"v1-\(size)\"",
        total: size)
      let (_, response) = try await Download(
        "files/norange", ["size": .int(Int(size))], to: destination
      )
      .resuming(from: point).response(on: client(port))
      #expect(response.status == 200)
      // The 5,000 other bytes are gone: the file is the body alone.
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
    }
  }

  @Test func aChangedValidatorStartsOverWithTheNewVersion() async throws {
    try await TestServer.run { port in
      let destination = try scratchFolder().appendingPathComponent("changing.bin")
      let download = Download(
        "files/changing",
        ["size": .int(Int(size)), "after": .int(1_200_000), "key": .string(UUID().uuidString)],
        to: destination)
      var point: ResumePoint?
      do throws(RequestError) {
        _ = try await download.value(on: client(port))
      } catch {
        point = error.resumePoint
      }
      #expect(point?.etag == "\"v1-\(size)\"")
      _ = try await download.resuming(from: point).value(on: client(port))
      // Version 2 whole, not version 1's start with version 2's end.
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size, version: 2))
    }
  }

  @Test func a416ForAPartialFileThatIsCompleteFinishesIt() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("whole.bin")
      let partial = folder.appendingPathComponent("partial")
      try Data(FileEndpoints.bytes(0..<100_000)).write(to: partial)
      let point = try resumePoint(
        destination: destination, partialFile: partial, bytes: 100_000, etag: "\"v1-100000\"",
        total: 100_000)
      _ = try await Download("files/blob", ["size": .int(100_000)], to: destination)
        .resuming(from: point).value(on: client(port))
      #expect(try fileHash(destination) == FileEndpoints.hash(size: 100_000))
    }
  }

  @Test func ofDownloadsThatMayNotReplaceOnlyOneTakesTheDestination() async throws {
    try await TestServer.run { port in
      let destination = try scratchFolder().appendingPathComponent("once.bin")
      let outcomes = await withTaskGroup(of: RequestError?.self) { group in
        for _ in 0..<6 {
          group.addTask {
            do throws(RequestError) {
              _ = try await Download("files/blob", ["size": 200_000], to: destination)
                .ifExists(.fail).value(on: client(port))
              return nil
            } catch {
              return error
            }
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes.compactMap { $0 })")
      #expect(outcomes.compactMap { $0 }.allSatisfy { $0.kind == .file })
      #expect(try fileHash(destination) == FileEndpoints.hash(size: 200_000))
      let folder = destination.deletingLastPathComponent().path
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["once.bin"])
    }
  }

  @Test func aBodyThatCannotBeMovedIntoPlaceIsKeptToResumeFrom() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      // The destination is a folder: the complete body cannot replace it.
      let destination = folder.appendingPathComponent("map.pack")
      try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
      let download = Download("files/blob", ["size": .int(Int(size))], to: destination)
      var point: ResumePoint?
      do throws(RequestError) {
        _ = try await download.value(on: client(port))
        Issue.record("a folder cannot be replaced by a file")
      } catch {
        #expect(error.kind == .file)
        point = error.resumePoint
      }
      let kept = try #require(point)
      #expect(kept.bytes == size)
      // Once the folder is gone, the resume gets a 416 and only moves the file into place.
      try FileManager.default.removeItem(at: destination)
      let log = TransferLog()
      _ = try await download.resuming(from: kept).response(on: client(port), progress: log.record)
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
      #expect(log.all.map(\.completed) == [size], "nothing was downloaded again")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["map.pack"])
    }
  }

  @Test func aResumePointNamingAnotherFileStartsFromZeroAndLeavesThatFileAlone() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("map.pack")
      let other = folder.appendingPathComponent("notes.txt")
      try Data("keep me".utf8).write(to: other)
      // A point read back damaged (or forged): its partial file is the app's own notes.
      let forged = try resumePoint(
        destination: destination, partialFile: other, bytes: 7, etag: "\"v1-\(size)\"",
        total: size)
      _ = try await Download("files/blob", ["size": .int(Int(size))], to: destination)
        .resuming(from: forged).value(on: client(port))
      #expect(try fileHash(destination) == FileEndpoints.hash(size: size))
      #expect(try Data(contentsOf: other) == Data("keep me".utf8))
    }
  }

  @Test func aCompressedBodyIsNeverResumedFromItsDecodedBytes() async throws {
    try await TestServer.run { port in
      let size: Int64 = 600_000
      // Asked unencoded by default: cut off at 200 kB, it resumes there.
      let plain = try scratchFolder().appendingPathComponent("plain.bin")
      let download = Download(
        "files/encoded",
        ["size": .int(Int(size)), "after": 200_000, "key": .string(UUID().uuidString)],
        to: plain)
      do throws(RequestError) {
        _ = try await download.value(on: client(port))
        Issue.record("the first response drops")
      } catch {
        let point = try #require(error.resumePoint)
        #expect(point.bytes == 200_000)
        _ = try await download.resuming(from: point).value(on: client(port))
      }
      #expect(try fileHash(plain) == FileEndpoints.hash(size: size))

      // Compression allowed: the body comes gzipped, ranges count gzipped bytes, so a cut
      // leaves no resume point and no partial file; asked again it arrives whole.
      let folder = try scratchFolder()
      let compressed = Download(
        "files/encoded",
        ["size": .int(Int(size)), "after": 200_000, "key": .string(UUID().uuidString)],
        to: folder.appendingPathComponent("gz.bin")
      ).header("Accept-Encoding", "gzip")
      do throws(RequestError) {
        _ = try await compressed.value(on: client(port))
        Issue.record("the first response drops")
      } catch {
        #expect(error.kind == .transport && error.resumePoint == nil, "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
      }
      let (file, response) = try await compressed.response(on: client(port), progress: nil)
      #expect(response.headers["Content-Encoding"] == "gzip")
      #expect(try fileHash(file) == FileEndpoints.hash(size: size))
    }
  }

  @Test func withoutAStrongValidatorThereIsNoResumePointAndNoPartialFileLeft() async throws {
    try await TestServer.run { port in
      for endpoint in ["files/weak", "files/novalidator"] {
        let folder = try scratchFolder()
        do throws(RequestError) {
          _ = try await Download(
            endpoint,
            ["size": .int(Int(size)), "after": .int(500_000), "key": .string(UUID().uuidString)],
            to: folder.appendingPathComponent("f.bin")
          ).value(on: client(port))
          Issue.record("\(endpoint) drops the first response")
        } catch {
          #expect(error.kind == .transport)
          #expect(error.resumePoint == nil, "\(endpoint)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.isEmpty, "nothing could continue the partial file: \(left)")
      }
    }
  }

  @Test func anUnacceptedStatusKeepsNothingAndAnExistingFileCanBeKept() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      let destination = folder.appendingPathComponent("missing.json")
      do throws(RequestError) {
        _ = try await Download("status/404", to: destination).value(on: client(port))
        Issue.record("a 404 is not a download")
      } catch {
        #expect(error.kind == .status && error.status == 404)
        #expect(error.bodyText?.contains("status 404") == true)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

      try Data("mine".utf8).write(to: destination)
      do throws(RequestError) {
        _ = try await Download("files/blob", ["size": .int(10)], to: destination)
          .ifExists(.fail).value(on: client(port))
        Issue.record("the destination exists")
      } catch {
        #expect(error.kind == .file)
      }
      #expect(try Data(contentsOf: destination) == Data("mine".utf8))
      _ = try await Download("files/blob", ["size": .int(10)], to: destination)
        .value(on: client(port))
      #expect(try Data(contentsOf: destination) == Data(FileEndpoints.bytes(0..<10)))
    }
  }

  @Test func cancellingMidwayLeavesAResumePointThatCompletesTheFile() async throws {
    try await TestServer.run { port in
      let destination = try scratchFolder().appendingPathComponent("cancel.bin")
      let big: Int64 = 8_000_000
      // The server stops after 1,000,000 bytes until the test opens the gate: the cancel
      // comes in the middle.
      let gate = UUID().uuidString
      let download = Download(
        "files/blob", ["size": .int(Int(big)), "hold": 1_000_000, "gate": .string(gate)],
        to: destination)
      // Progress comes from the transport's thread (every 256 KiB): the test cancels the task
      // it runs in.
      let running = TaskBox<Result<URL, RequestError>>()
      let task = Task { () async -> Result<URL, RequestError> in
        do throws(RequestError) {
          return .success(
            try await download.response(on: client(port)) { update in
              if update.completed >= 700_000 { running.cancel() }
            }.value)
        } catch {
          return .failure(error)
        }
      }
      running.set(task)
      let outcome = await task.value
      await Gates.shared.open(gate)
      guard case .failure(let error) = outcome else {
        Issue.record("the download was cancelled at 1 MB")
        return
      }
      #expect(error.kind == .cancelled)
      let point = try #require(error.resumePoint)
      // Every byte received is kept: at least what progress had reported.
      #expect(point.bytes >= 700_000 && point.bytes <= 1_000_000)
      _ = try await Download("files/blob", ["size": .int(Int(big))], to: destination)
        .resuming(from: point).value(on: client(port))
      #expect(try fileHash(destination) == FileEndpoints.hash(size: big))
    }
  }
}

/// Holds a task so that a callback made before it is stored can cancel it.
final class TaskBox<Value: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `task` and `cancelled`.
  private let lock = NSLock()
  private var task: Task<Value, Never>?
  private var cancelled = false
  func set(_ task: Task<Value, Never>) {
    if lock.withLock({
      self.task = task
      return cancelled
    }) {
      task.cancel()
    }
  }
  func cancel() {
    lock.withLock {
      cancelled = true
      return task
    }?.cancel()
  }
}

/// A resume point as an app saved it (the point is `Codable`; only a failed download makes
/// one): here of a partial file the test wrote itself.
func resumePoint(
  destination: URL, partialFile: URL, bytes: Int64, etag: String, total: Int64
) throws -> ResumePoint {
  let saved: [String: Any] = [
    "destination": destination.absoluteString, "partialFile": partialFile.absoluteString,
    "bytes": bytes, "etag": etag, "total": total,
  ]
  return try JSONDecoder().decode(
    ResumePoint.self, from: JSONSerialization.data(withJSONObject: saved))
}
