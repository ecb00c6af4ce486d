import Catena
import FixtureServer
import Foundation
import Testing

/// A body source that sends `chunks` chunks, says so, then waits until it is cancelled.
struct StallingSource: AsyncSequence, Sendable {
  typealias Element = Data
  let chunks: Int
  let sent: @Sendable () -> Void

  func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks, sent: sent) }

  struct Iterator: AsyncIteratorProtocol {
    let chunks: Int
    let sent: @Sendable () -> Void
    var index = 0

    mutating func next() async throws -> Data? {
      index += 1
      if index <= chunks { return Data(repeating: 0x2A, count: 16 << 10) }
      if index == chunks + 1 { sent() }
      // Waits for the cancel (a source that never ends on its own).
      while true { try await Task.sleep(for: .seconds(3600)) }
    }
  }
}

@Suite(
  "Files and streams with the client's policies, and cancelled uploads, over real HTTP",
  .timeLimit(.minutes(5)))
struct FilePolicyTests {
  @Test func aDownloadAndAStreamRefreshAnExpiredCredentialBeforeTheBody() async throws {
    try await TestServer.run { port in
      let key = UUID().uuidString
      let api = clientWithStaleCredentials(port, key: key)
      let destination = try scratchFolder().appendingPathComponent("protected.bin")
      _ = try await Download("files/protected", ["size": 300_000], to: destination)
        .value(on: api)
      #expect(try fileHash(destination) == FileEndpoints.hash(size: 300_000))
      #expect(await Attempts.shared.count("token-\(key)") == 1)

      let streamed = try await Get("files/protected", ["size": 50_000]).stream(on: api)
      let body = try await streamed.body.collect(upTo: 1 << 20)
      #expect(body == Data(FileEndpoints.bytes(0..<50_000)))
      #expect(await Attempts.shared.count("token-\(key)") == 1, "the fresh token was kept")
    }
  }

  @Test func anUploadRefusedBeforeItsBodyRefreshesTheCredentialAndSendsItAgain() async throws {
    let size: Int64 = 2_500_009
    let file = try scratchFolder().appendingPathComponent("upload.bin")
    try Data(FileEndpoints.bytes(0..<size)).write(to: file)
    try await TestServer.run { port in
      let key = UUID().uuidString
      let api = clientWithStaleCredentials(port, key: key)
      let source = ByteSource(length: size) { FileEndpoints.chunks(of: 0..<size, step: 50_000) }
      let memory = Data(FileEndpoints.bytes(0..<size))
      let upload = Put("files/upload").query("protected", "1")
      // The first is refused (the token is stale) while its body is still going out.
      for request in [
        upload.body(.file(file)), upload.body(.stream(source)),
        upload.body(.data(memory, contentType: "x/y")),
      ] {
        let json = try await request.json().value(on: api)
        #expect(json["length"].int == Int(size))
        #expect(json["hash"].string == String(FileEndpoints.hash(size: size), radix: 16))
      }
      #expect(await Attempts.shared.count("token-\(key)") == 1)
    }
  }

  /// What a chain's callbacks and its loading indicator saw, in order; each callback checks
  /// that it runs on the main actor (the default delivery).
  @MainActor final class ChainRecord: LoadingIndicator {
    var events: [String] = []
    var updates: [TransferProgress] = []
    var point: ResumePoint?
    func begin(_ request: RequestID) { events.append("begin") }
    func end(_ request: RequestID) { events.append("end") }
  }

  @Test func aDownloadInAChainIsDeliveredOnceWithinItsIndicator() async throws {
    try await TestServer.run { port in
      let record = ChainRecord()
      let destination = try scratchFolder().appendingPathComponent("chain.bin")
      let download = Download(
        "files/drop",
        ["size": 400_000, "after": 100_000, "drops": 1, "key": .string(UUID().uuidString)],
        to: destination)
      /// Runs `download` as a chain, recording what its callbacks see.
      @Sendable func run(_ download: Download) async {
        await download.showing(record)
          .progress { update in MainActor.assumeIsolated { record.updates.append(update) } }
          .then { file in
            MainActor.assumeIsolated { record.events.append("then \(file.lastPathComponent)") }
          }
          .failed { error in
            MainActor.assumeIsolated {
              record.events.append("failed \(error.kind)")
              record.point = error.resumePoint
            }
          }
          .start(on: client(port)).finished()
      }
      // The first response drops after 100 kB: failed once, with a point to resume from.
      await run(download)
      let point = try #require(await record.point)
      #expect(point.bytes == 100_000)
      await run(download.resuming(from: point))
      #expect(
        await record.events == [
          "begin", "end", "failed transport", "begin", "end", "then chain.bin",
        ])
      #expect(try fileHash(destination) == FileEndpoints.hash(size: 400_000))
      let counts = await record.updates.filter { $0.direction == .download }.map(\.completed)
      // The resume counts on from what was kept, up to the whole.
      #expect(counts.first ?? 0 > 100_000 && counts.last == 400_000)
      #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 })
    }
  }

  @Test func cancellingAnUploadWhoseSourceWaitsEndsItAsCancelled() async throws {
    try await TestServer.run { port in
      let id = UUID().uuidString
      let source = ByteSource {
        StallingSource(chunks: 20) { Task { await Arrivals.shared.arrived(id) } }
      }
      let upload = Task { () async -> RequestError? in
        do throws(RequestError) {
          _ = try await Post("files/upload").query("key", id).body(.stream(source)).value(
            on: client(port))
          return nil
        } catch {
          return error
        }
      }
      // Cancelled once the source has given its chunks and waits (holding the body stream).
      await Arrivals.shared.wait(for: id)
      upload.cancel()
      #expect(await upload.value?.kind == .cancelled)
      // The server saw the connection fail, not a complete body that was cut short.
      #expect(await UploadOutcomes.shared.outcome(of: id) == .aborted)
      // The client still works: the transfer's thread was let go.
      let echo = try await Post("files/upload").body(
        .data(Data("after".utf8), contentType: "text/plain")
      )
      .json().value(on: client(port))
      #expect(echo["length"].int == 5)
    }
  }
}

@Suite(
  "Cancelled uploads from files, and downloads past their limit, over real HTTP",
  .timeLimit(.minutes(5)))
struct FileLimitTests {
  @Test func cancellingAnUploadFromAFileMidwayEndsItAsCancelled() async throws {
    let file = try scratchFolder().appendingPathComponent("big.bin")
    try Data(FileEndpoints.bytes(0..<8_000_000)).write(to: file)
    try await TestServer.run { port in
      let id = UUID().uuidString
      let running = TaskBox<RequestError?>()
      let upload = Task { () async -> RequestError? in
        do throws(RequestError) {
          // The server stops reading after 2 MB until the test opens the gate: the cancel
          // comes in the middle.
          _ = try await Post("files/upload").query("hold", "2000000").query("gate", id)
            .query("key", id).body(.file(file))
            .response(on: client(port)) { update in
              if update.direction == .upload, update.completed >= 1_000_000 { running.cancel() }
            }
          return nil
        } catch {
          return error
        }
      }
      running.set(upload)
      let ended = await upload.value
      await Gates.shared.open(id)
      #expect(ended?.kind == .cancelled)
      #expect(await UploadOutcomes.shared.outcome(of: id) == .aborted)
    }
  }

  /// A source that throws midway fails the request with its error, and the server never
  /// takes the part sent for a whole body (chunked, or short of its `Content-Length`).
  @Test(arguments: [nil, 2_000_000] as [Int64?])
  func aSourceThatFailsMidwayNeverReachesTheServerAsComplete(length: Int64?) async throws {
    struct Broken: Error {}
    try await TestServer.run { port in
      let key = UUID().uuidString
      let source = ByteSource(length: length) {
        AsyncThrowingStream<Data, any Error> { continuation in
          for _ in 0..<40 { continuation.yield(Data(repeating: 0x2A, count: 16 << 10)) }
          continuation.finish(throwing: Broken())
        }
      }
      do throws(RequestError) {
        _ = try await Put("files/upload").query("key", key).body(.stream(source)).value(
          on: client(port))
        Issue.record("the source failed")
      } catch {
        #expect(error.kind == .encoding && error.underlyingError is Broken, "\(error)")
      }
      #expect(await UploadOutcomes.shared.outcome(of: key) == .aborted)
    }
  }

  @Test func aDownloadsOwnDeadlineBoundsItsWholeBodyAndLeavesAResumePoint() async throws {
    try await TestServer.run { port in
      let gate = UUID().uuidString
      let destination = try scratchFolder().appendingPathComponent("slow.bin")
      // The server stops after 1 MB until the gate opens: the deadline fires in the body.
      let download = Download(
        "files/blob", ["size": 3_000_000, "hold": 1_000_000, "gate": .string(gate)],
        to: destination)
      // Should the deadline not fire, the gate opens after 20 s: a failure, not a hang.
      let valve = Task {
        try await Task.sleep(for: .seconds(20))
        await Gates.shared.open(gate)
      }
      defer { valve.cancel() }
      var point: ResumePoint?
      let api = client(port)
      let clock = ContinuousClock()
      let start = clock.now
      do throws(RequestError) {
        // 6 s: room for the head on a busy machine (two cores, the suite's servers running
        // side by side); only the stalled body can use it all.
        _ = try await download.timeout(.seconds(6)).value(on: api)
        Issue.record("the body stalls past the deadline")
      } catch {
        #expect(error.kind == .timeout && error.limit == .deadline(.seconds(6)), "\(error)")
        point = error.resumePoint
      }
      let elapsed = clock.now - start
      #expect(
        elapsed >= .seconds(6) && elapsed <= .milliseconds(6_500),
        "the deadline of 6 s fired after \(elapsed)")
      await Gates.shared.open(gate)
      let resume = try #require(point, "the head came in time: the point is in the body")
      #expect(resume.bytes > 0 && resume.bytes <= 1_000_000)
      #expect(!FileManager.default.fileExists(atPath: destination.path))
      _ = try await download.resuming(from: resume).value(on: client(port))
      #expect(try fileHash(destination) == FileEndpoints.hash(size: 3_000_000))
    }
  }

  @Test func aDownloadPastItsOwnLimitKeepsNothing() async throws {
    try await TestServer.run { port in
      let folder = try scratchFolder()
      do throws(RequestError) {
        _ = try await Download(
          "files/blob", ["size": 3_000_000], to: folder.appendingPathComponent("big.bin")
        )
        .maxResponseBytes(1_000_000).value(on: client(port))
        Issue.record("3 MB is past the limit of 1 MB")
      } catch {
        #expect(error.kind == .tooLarge)
        #expect(error.resumePoint == nil)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }
}
