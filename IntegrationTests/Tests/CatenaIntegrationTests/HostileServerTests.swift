#if canImport(Glibc)
  import Catena
  import Foundation
  import HostileServer
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// What one request did: how often each callback fired, the error, the time it took and the
  /// process's peak resident memory while it ran.
  struct Outcome: CustomStringConvertible {
    var successes = 0
    var failures = 0
    var cancellations = 0
    var always = 0
    var error: RequestError?
    var seconds = 0.0
    var peakMiB = 0

    /// Exactly one failure, reported once, then `always` once.
    var failedOnce: Bool { failures == 1 && successes == 0 && cancellations == 0 && always == 1 }

    var description: String {
      let what = error.map { "\($0.kind) (\($0.message.prefix(90)))" } ?? "success"
      return "\(what) in \(String(format: "%.2f", seconds)) s, peak RSS \(peakMiB) MiB"
    }
  }

  /// Counts callbacks from any thread.
  final class OutcomeBox: @unchecked Sendable {
    // NB: `lock` guards `outcome`.
    private let lock = NSLock()
    private var outcome = Outcome()
    func update(_ change: (inout Outcome) -> Void) { lock.withLock { change(&outcome) } }
    var value: Outcome { lock.withLock { outcome } }
  }

  /// Resets the kernel's peak-RSS mark of this process (Linux 4.0 and later).
  func resetPeakMemory() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// The peak RSS since the last reset, in MiB.
  func peakMemoryMiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    return kilobytes / 1024
  }

  /// Starts `request` with every callback attached and waits until they ran.
  func observe<R: RequestConvertible>(_ request: R, on client: Client) async -> Outcome {
    resetPeakMemory()
    let box = OutcomeBox()
    let clock = ContinuousClock()
    let start = clock.now
    let handle = request.delivering(.globalExecutor)
      .then { _ in box.update { $0.successes += 1 } }
      .failed { error in
        box.update {
          $0.failures += 1
          $0.error = error
        }
      }
      .cancelled { box.update { $0.cancellations += 1 } }
      .always { box.update { $0.always += 1 } }
      .start(on: client)
    await handle.finished()
    let elapsed = (clock.now - start).components
    box.update {
      $0.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
      $0.peakMiB = peakMemoryMiB()
    }
    return box.value
  }

  /// Catena against a server that misbehaves on purpose: every case ends once, with the typed
  /// error it should, in bounded time (the suite's time limit). Memory is asserted where it
  /// can be measured alone, in a process of its own (`MemoryBoundTests`).
  @Suite("A hostile server", .serialized, .timeLimit(.minutes(5)))
  struct HostileServerTests {
    let server: HostileServer
    let api: Client

    init() throws {
      server = try HostileServer()
      api = Client(baseURL: server.baseURL, transport: URLSessionTransport())
    }

    /// Fails the test unless `outcome` is one failure of `kind`; prints it for the record.
    func expectFailure(
      _ outcome: Outcome, _ kind: RequestError.Kind, _ name: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      print("hostile \(name): \(outcome)")
      #expect(outcome.failedOnce, "\(name): \(outcome)", sourceLocation: sourceLocation)
      #expect(outcome.error?.kind == kind, "\(name): \(outcome)", sourceLocation: sourceLocation)
      #expect(
        (outcome.error?.message.count ?? 0) <= 300, "\(name): a long message",
        sourceLocation: sourceLocation)
    }

    @Test func aShortBodyThenCloseIsATransportError() async {
      expectFailure(await observe(Get("short"), on: api), .transport, "short body")
    }

    @Test func aTrickleIsCutAtTheDeadline() async {
      let outcome = await observe(Get("trickle").timeout(.milliseconds(600)), on: api)
      expectFailure(outcome, .timeout, "trickle")
      #expect(outcome.error?.limit == .deadline(.milliseconds(600)))
      // The trickle would go on for 100 s: only the deadline ends it, and on time.
      #expect(
        outcome.seconds >= 0.6 && outcome.seconds <= 1.1, "cut after \(outcome.seconds) s")
    }

    @Test func aBadStatusLineIsATransportError() async {
      expectFailure(await observe(Get("bad-status"), on: api), .transport, "bad status line")
    }

    @Test func aResetOnAcceptIsATransportError() async throws {
      let resetting = try HostileServer(mode: .resetOnAccept)
      let api = Client(baseURL: resetting.baseURL, transport: URLSessionTransport())
      expectFailure(await observe(Get("ok"), on: api), .transport, "reset on accept")
    }

    @Test func silenceIsAnIdleTimeout() async {
      let outcome = await observe(Get("silence").idleTimeout(.milliseconds(500)), on: api)
      expectFailure(outcome, .timeout, "silence")
      #expect(outcome.error?.limit == .idle(.milliseconds(500)))
      // FoundationNetworking counts whole seconds; Catena rounds up instead of down to zero,
      // so the limit in force is 1 s. The server never answers: only the timeout ends it.
      // (libcurl's own clock may call it a second a few milliseconds before ours does.)
      #expect(
        outcome.seconds >= 0.99 && outcome.seconds <= 1.5, "timed out after \(outcome.seconds) s")
    }

    @Test func aHugeBodyStopsAtTheDefaultLimit() async {
      let outcome = await observe(Get("huge"), on: api)
      expectFailure(outcome, .tooLarge, "huge body (1 GiB)")
      #expect(outcome.error?.limit == .responseSize(64 << 20))  // memory: MemoryBoundTests
    }

    @Test func aGzipBombStopsAtTheLimitOfDecodedBytes() async {
      _ = HostileServer.bomb.count  // compressed before the clock starts
      let outcome = await observe(Get("gzip-bomb"), on: api)
      expectFailure(outcome, .tooLarge, "gzip bomb (1 MB to 1 GiB)")  // memory: MemoryBoundTests
      let tight = await observe(Get("gzip-bomb").maxResponseBytes(1 << 20), on: api)
      expectFailure(tight, .tooLarge, "gzip bomb, 1 MiB limit")
      #expect(tight.error?.limit == .responseSize(1 << 20))
    }

    @Test func deepNestingIsADecodingError() async {
      let outcome = await observe(Get("nested").json(), on: api)
      expectFailure(outcome, .decoding, "nesting 100,000 deep")
    }

    @Test func invalidUTF8IsADecodingError() async {
      let outcome = await observe(Get("bad-utf8").json(at: "name"), on: api)
      expectFailure(outcome, .decoding, "invalid UTF-8 in a string")
    }

    @Test func aRedirectLoopStopsAfterTheLimit() async {
      let outcome = await observe(Get("loop"), on: api)
      expectFailure(outcome, .redirect, "redirect loop")
      #expect(outcome.error?.limit == .redirects(URLSessionTransport.maxRedirects))
      #expect(server.requests.count == URLSessionTransport.maxRedirects + 1)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/pub/x"])
    func aRedirectOutOfHTTPIsRefused(location: String) async throws {
      let outcome = await observe(Get("redirect").query("location", location), on: api)
      expectFailure(outcome, .redirect, "redirect to \(location)")
      #expect(outcome.error?.message.contains(location) == true)
    }

    @Test func credentialsDoNotFollowARedirectToAnotherPortNorComeBack() async throws {
      let other = try HostileServer()
      let home = "http://127.0.0.1:\(server.port)/headers"
      let away =
        "http://127.0.0.1:\(other.port)/redirect?location="
        + (home.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      let api = Client(
        baseURL: server.baseURL,
        defaultHeaders: ["Authorization": "Bearer secret", "Cookie": "session=1"],
        transport: URLSessionTransport())
      let outcome = await observe(
        Get("redirect").query("location", away).header("X-Api-Key", "k")
          .header("Proxy-Authorization", "Basic cA==").header("X-Signature", "s")
          .sensitiveHeader("X-Signature"),
        on: api)
      print("hostile redirect to another port and back: \(outcome)")
      #expect(outcome.successes == 1 && outcome.always == 1)
      let first = try #require(server.requests.first)
      for name in ["authorization", "cookie", "x-api-key", "proxy-authorization", "x-signature"] {
        #expect(first.headers[name] != nil, "the first hop lacks \(name)")
        #expect(other.requests.first?.headers[name] == nil, "\(name) went to the other port")
        #expect(server.requests.last?.headers[name] == nil, "\(name) came back")
      }
      #expect(server.requests.last?.target == "/headers")
    }

    @Test func aHeaderFloodIsATransportError() async {
      expectFailure(await observe(Get("header-flood"), on: api), .transport, "header flood")
    }

    @Test func badChunkSizesAreATransportError() async {
      expectFailure(await observe(Get("bad-chunks"), on: api), .transport, "bad chunk sizes")
    }

    @Test func anHTMLPageToAJSONChainIsADecodingErrorWithAShortMessage() async {
      let outcome = await observe(Get("html").json(at: "data"), on: api)
      expectFailure(outcome, .decoding, "HTML to a JSON chain")
      #expect(outcome.error?.body?.count ?? 0 > 50_000, "the body is kept for the app")
    }

    @Test func progressOfACompressedBodyHasNoTotalAndEndsComplete() async throws {
      let updates = ProgressLog()
      let handle = Get("gzip-json").json(at: "items").delivering(.globalExecutor)
        .progress { updates.append($0) }.start(on: api)
      await handle.finished()
      let log = updates.values
      let last = try #require(log.last)
      #expect(last.fraction == 1 && last.total == last.completed)
      #expect(log.dropLast().allSatisfy { $0.total == nil && $0.fraction == nil })
      #expect(last.completed > 3_000, "decoded bytes are counted: \(last)")
    }
  }

  /// Progress updates, in arrival order.
  final class ProgressLog: @unchecked Sendable {
    // NB: `lock` guards `log`.
    private let lock = NSLock()
    private var log: [TransferProgress] = []
    func append(_ update: TransferProgress) { lock.withLock { log.append(update) } }
    var values: [TransferProgress] { lock.withLock { log } }
  }
#endif
