#if canImport(Glibc)
  import Catena
  import Foundation
  import HostileServer
  import Testing

  /// The README's memory figures, asserted in a process of their own: each transfer runs in
  /// a child process (an exit test) that holds only its hostile server and one client, and
  /// that process's peak resident memory must stay within the figure + 20 %.
  @Suite("Memory of a hostile body, in a process of its own", .timeLimit(.minutes(5)))
  struct MemoryBoundTests {
    /// The figures the README states, in MiB.
    enum Figure {
      /// A body whose `Content-Length` says 1 GiB, refused at the default 64 MiB limit.
      static let hugeBody = 50
      /// A gzip bomb (1 MB that inflates to 1 GiB), cut at the default 64 MiB limit.
      static let gzipBomb = 110
      /// The same bomb with a 1 MiB limit.
      static let gzipBombTight = 70
    }

    @Test func aHugeBodyStaysWithinTheREADMEsFigure() async throws {
      let result = try #require(
        await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
          await MemoryProbe.expect(
            Get("huge"), limit: .responseSize(64 << 20), within: Figure.hugeBody)
        })
      print("memory, 1 GiB body:", String(decoding: result.standardOutputContent, as: UTF8.self))
    }

    @Test func aGzipBombStaysWithinTheREADMEsFigure() async throws {
      let result = try #require(
        await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
          await MemoryProbe.expect(
            Get("gzip-bomb"), limit: .responseSize(64 << 20), within: Figure.gzipBomb)
        })
      print("memory, gzip bomb:", String(decoding: result.standardOutputContent, as: UTF8.self))
    }

    @Test func aGzipBombWithATightLimitStaysWithinTheREADMEsFigure() async throws {
      let result = try #require(
        await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
          await MemoryProbe.expect(
            Get("gzip-bomb").maxResponseBytes(1 << 20), limit: .responseSize(1 << 20),
            within: Figure.gzipBombTight)
        })
      print(
        "memory, gzip bomb, 1 MiB limit:",
        String(decoding: result.standardOutputContent, as: UTF8.self))
    }
  }

  /// What runs inside the child process.
  enum MemoryProbe {
    /// Sends `request` to a hostile server of this process, and exits: 0 when it failed with
    /// `.tooLarge` and `limit` and this process's peak RSS, measured from just before the
    /// request, stayed within `figure` + 20 %; 1 otherwise. Prints the peak either way.
    static func expect(
      _ request: Get, limit: RequestError.Limit, within figure: Int
    ) async -> Never {
      guard let server = try? HostileServer() else {
        print("no server")
        exit(2)
      }
      _ = HostileServer.bomb.count  // compressed before the measurement starts
      let api = Client(baseURL: server.baseURL, transport: URLSessionTransport())
      resetPeakMemory()
      let outcome = await observe(request, on: api)
      let bound = figure + figure / 5
      print("peak \(outcome.peakMiB) MiB (bound \(bound) MiB: the README's \(figure) + 20 %)")
      let ok =
        outcome.failedOnce && outcome.error?.kind == .tooLarge && outcome.error?.limit == limit
        && outcome.peakMiB <= bound
      if !ok { print("failed: \(outcome)") }
      exit(ok ? 0 : 1)
    }
  }
#endif
