import Foundation
import Testing

@testable import CatenaRequest

/// The writer that feeds a body stream through a bound pair on Apple platforms
/// (`UploadBuffer.startWriting(to:)`), run here against an output stream that records what it
/// is given: the whole body then a close; at a failure, no close (the pipe stays open, so the
/// body never looks complete) and the task aborted.
@Suite("The body writer of a bound stream pair")
struct BoundPairWriterTests {
  /// An output stream that keeps what is written, fails after `failAfter` bytes when given,
  /// and reports its close or the buffer's abort, whichever comes first.
  final class RecordingOutput: OutputStream {
    // NB: `lock` guards `bytes`, `closed` and `ended`.
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var closed = false
    private var ended: CheckedContinuation<Void, Never>?
    private var endedEarly = false
    let failAfter: Int?

    init(failAfter: Int? = nil) {
      self.failAfter = failAfter
      super.init(toMemory: ())
    }

    required init(toMemory: ()) {
      failAfter = nil
      super.init(toMemory: ())
    }

    override func open() {}
    override var hasSpaceAvailable: Bool { true }
    override func write(_ buffer: UnsafePointer<UInt8>, maxLength length: Int) -> Int {
      lock.withLock {
        if let failAfter, bytes.count >= failAfter { return -1 }
        // Partial writes, as a pipe gives, up to the failure.
        let count = min(length, 10_000, (failAfter ?? .max) - bytes.count)
        bytes += UnsafeBufferPointer(start: buffer, count: count)
        return count
      }
    }
    override func close() {
      lock.withLock { closed = true }
      finish()
    }

    /// Resumes the waiting test, once.
    func finish() {
      let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
        endedEarly = ended == nil
        defer { ended = nil }
        return ended
      }
      waiting?.resume()
    }

    /// Waits until the stream was closed or the writer gave up.
    func waitForEnd() async {
      await withCheckedContinuation { continuation in
        let now = lock.withLock { () -> Bool in
          if endedEarly { return true }
          ended = continuation
          return false
        }
        if now { continuation.resume() }
      }
    }

    var written: [UInt8] { lock.withLock { bytes } }
    var wasClosed: Bool { lock.withLock { closed } }
  }

  /// A body of `count` chunks of 50,000 numbered bytes, failing after `failAt` chunks.
  static func source(chunks count: Int, failAt: Int? = nil) -> ByteSource {
    ByteSource {
      AsyncThrowingStream<Data, any Error> { continuation in
        for index in 0..<count {
          if index == failAt {
            continuation.finish(throwing: RequestError(.transport, "the camera went away"))
            return
          }
          continuation.yield(Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &+ index) }))
        }
        continuation.finish()
      }
    }
  }

  static func expected(chunks count: Int) -> [UInt8] {
    (0..<count).flatMap { index in (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &+ index) } }
  }

  @Test func theWholeBodyIsWrittenThenThePipeClosed() async {
    let buffer = UploadBuffer(Self.source(chunks: 12).make(), capacity: 64 << 10)
    let aborted = CallCount()
    buffer.whenAborted { aborted.add() }
    let output = RecordingOutput()
    buffer.startWriting(to: output)
    await output.waitForEnd()
    #expect(output.wasClosed)
    #expect(output.written == Self.expected(chunks: 12), "600,000 bytes in order")
    #expect(aborted.count == 0)
  }

  @Test func aSourceThatFailsLeavesThePipeOpenAndAbortsTheTask() async {
    let buffer = UploadBuffer(Self.source(chunks: 12, failAt: 5).make(), capacity: 64 << 10)
    // The abort handler tells the stream the writer gave up (the stream guards itself).
    nonisolated(unsafe) let output = RecordingOutput()
    let aborted = CallCount()
    buffer.whenAborted {
      aborted.add()
      output.finish()
    }
    buffer.startWriting(to: output)
    await output.waitForEnd()
    #expect(aborted.count > 0)
    #expect(!output.wasClosed, "a closed pipe would end the body as if it were complete")
    #expect(output.written == Array(Self.expected(chunks: 5)), "what came before the failure")
    #expect(buffer.sourceError != nil)
  }

  @Test func aReaderThatGoesAwayStopsTheBodyAndAbortsTheTask() async {
    let buffer = UploadBuffer(Self.source(chunks: 12).make(), capacity: 64 << 10)
    nonisolated(unsafe) let output = RecordingOutput(failAfter: 120_000)
    let aborted = CallCount()
    buffer.whenAborted {
      aborted.add()
      output.finish()
    }
    buffer.startWriting(to: output)
    await output.waitForEnd()
    #expect(aborted.count > 0)
    #expect(!output.wasClosed)
    #expect(output.written.count == 120_000)
    var byte: UInt8 = 0
    #expect(buffer.read(&byte, maxLength: 1) == -1, "the buffer was stopped")
  }
}
