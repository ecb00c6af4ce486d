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
      static let hugeBody = 70
      /// A gzip bomb (1 MB that inflates to 1 GiB), cut at the default 64 MiB limit.
      static let gzipBomb = 110
      /// The same bomb with a 1 MiB limit.
      static let gzipBombTight = 70
    }

    /// Runs `request` in a child process and expects that process's peak within `figure`
    /// + 20 %; the child reports its peak (and fails itself when the request did not end with
    /// `.tooLarge` and `limit`).
    func expect(_ name: String, _ figure: Int, _ result: ExitTest.Result?) throws {
      let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
      print("memory, \(name): \(output)")
      let peak = try #require(
        output.split(separator: " ").dropFirst().first.flatMap { Int($0) }, "\(output)")
      #expect(peak <= figure + figure / 5, "\(name): peak \(peak) MiB, the README says \(figure)")
    }

    @Test func aHugeBodyStaysWithinTheREADMEsFigure() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await MemoryProbe.run(Get("huge"), limit: .responseSize(64 << 20))
      }
      try expect("1 GiB body", Figure.hugeBody, result)
    }

    @Test func aGzipBombStaysWithinTheREADMEsFigure() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await MemoryProbe.run(Get("gzip-bomb"), limit: .responseSize(64 << 20))
      }
      try expect("gzip bomb", Figure.gzipBomb, result)
    }

    @Test func aGzipBombWithATightLimitStaysWithinTheREADMEsFigure() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await MemoryProbe.run(
          Get("gzip-bomb").maxResponseBytes(1 << 20), limit: .responseSize(1 << 20))
      }
      try expect("gzip bomb, 1 MiB limit", Figure.gzipBombTight, result)
    }
  }

  /// What runs inside the child process.
  enum MemoryProbe {
    /// Sends `request` to a hostile server of this process, prints `peak <MiB> MiB` (this
    /// process's peak RSS, measured from just before the request) and exits: 0 when the
    /// request failed once with `.tooLarge` and `limit`, 1 otherwise.
    static func run(_ request: Request<HTTPResponse>, limit: RequestError.Limit) async -> Never {
      guard let server = try? HostileServer() else {
        print("no server")
        exit(2)
      }
      _ = HostileServer.bomb.count  // compressed before the measurement starts
      let api = Client(baseURL: server.baseURL, transport: URLSessionTransport())
      resetPeakMemory()
      let outcome = await observe(request, on: api)
      print("peak \(outcome.peakMiB) MiB")
      let ok =
        outcome.failedOnce && outcome.error?.kind == .tooLarge && outcome.error?.limit == limit
      if !ok { print("failed: \(outcome)") }
      exit(ok ? 0 : 1)
    }
  }
#endif
