import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``ByteSource``'s chunks on their way to a `URLSessionTask`'s body stream: a task pulls the
/// chunks and hands them over through a small buffer; `read` waits (on the transfer's own
/// thread) until bytes come. Memory stays at most `capacity` bytes plus one chunk however
/// large the body.
final class UploadBuffer: @unchecked Sendable {
  // NB: `condition` guards every stored property below it except `capacity` and `pump`.
  private let condition = NSCondition()
  private var chunks: [Data] = []
  /// Bytes of `chunks[0]` already read.
  private var offset = 0
  private var buffered = 0
  private var ended = false
  private var failure: (any Error)?
  private var atEnd = false
  private var stopped = false
  private var writer: CheckedContinuation<Bool?, Never>?
  private let capacity: Int
  private var pump: Task<Void, Never>?
  /// What stops the task when the body cannot go on, and whether that came before it was set.
  private var abortTask: (@Sendable () -> Void)?
  private var abortPending = false
  /// What must stay open until the buffer goes (a pipe whose closing would end the body).
  private var keptOpen: AnyObject?

  /// A stream of the chunks `source` pulls, read as the request is sent.
  init(_ puller: ChunkPuller, capacity: Int = 256 << 10) {
    self.capacity = capacity
    pump = Task.detached { [weak self] in
      do {
        while let chunk = try await puller.next() {
          guard let self, await self.add(chunk) else { return }
        }
        self?.end(nil)
      } catch {
        self?.end(error)
      }
    }
  }

  deinit { pump?.cancel() }

  /// The error the source threw, if it did (the transfer then fails).
  var sourceError: (any Error)? { condition.withLock { failure } }

  /// Adds a chunk, waiting while the buffer is full; false once the stream was closed.
  private func add(_ chunk: Data) async -> Bool {
    while true {
      let added = await withCheckedContinuation {
        (continuation: CheckedContinuation<Bool?, Never>) in
        condition.lock()
        if stopped {
          condition.unlock()
          return continuation.resume(returning: false)
        }
        guard buffered < capacity else {
          // The reader frees room on the transfer's thread and resumes this.
          writer = continuation
          condition.unlock()
          return
        }
        chunks.append(chunk)
        buffered += chunk.count
        condition.broadcast()
        condition.unlock()
        continuation.resume(returning: true)
      }
      if let added { return added }
    }
  }

  /// Resumes a waiting writer (to try again) when there is room or the stream stopped.
  /// Called with `condition` locked; the caller resumes what it returns after unlocking.
  private func takeWriter() -> CheckedContinuation<Bool?, Never>? {
    guard let waiting = writer, buffered < capacity || stopped else { return nil }
    writer = nil
    return waiting
  }

  private func end(_ error: (any Error)?) {
    condition.withLock {
      ended = true
      failure = error
      condition.broadcast()
    }
  }

  /// Stops: what waits is dropped, and the source is no longer pulled.
  func close() {
    let waiting = condition.withLock {
      stopped = true
      chunks = []
      buffered = 0
      condition.broadcast()
      return takeWriter()
    }
    waiting?.resume(returning: nil)
    pump?.cancel()
  }

  /// Sets what stops the task when the body cannot go on (the source failed, or the buffer
  /// was stopped midway): a body that ends early must never reach the server as complete.
  func whenAborted(_ abort: @escaping @Sendable () -> Void) {
    let now = condition.withLock {
      abortTask = abort
      return abortPending
    }
    if now { abort() }
  }

  /// The body cannot go on: stops the task, keeping `object` (a pipe) open meanwhile.
  func abort(keeping object: AnyObject? = nil) {
    let abort = condition.withLock { () -> (@Sendable () -> Void)? in
      keptOpen = object ?? keptOpen
      if abortTask == nil { abortPending = true }
      return abortTask
    }
    abort?()
  }

  /// Whether the body may have bytes left. A stopped stream says yes, so that the next read
  /// fails: FoundationNetworking takes "no bytes" as the end of a complete body.
  var hasBytesAvailable: Bool { condition.withLock { !atEnd } }

  /// Copies up to `length` bytes into `buffer`, waiting for the first: 0 at the end, -1 when
  /// the source failed or the stream was stopped.
  func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    condition.lock()
    let read = take(into: buffer, length)
    let waiting = takeWriter()
    condition.unlock()
    waiting?.resume(returning: nil)
    return read
  }

  /// Copies up to `length` bytes into `buffer`, waiting for the first; with `condition` locked.
  private func take(into buffer: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
    while chunks.isEmpty && !ended && !stopped { condition.wait() }
    // Stopped: an error, so that the transfer cannot end as if the body were complete.
    if stopped { return -1 }
    if chunks.isEmpty {
      if failure != nil { return -1 }
      atEnd = true
      return 0
    }
    var written = 0
    while written < length, let first = chunks.first {
      let count = min(length - written, first.count - offset)
      first.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        (buffer + written).update(
          from: base.assumingMemoryBound(to: UInt8.self) + offset, count: count)
      }
      written += count
      offset += count
      if offset == first.count {
        chunks.removeFirst()
        offset = 0
      }
    }
    buffered -= written
    return written
  }
}

extension UploadBuffer {
  /// Starts a thread of its own that copies the body into `output`, the writing end of a
  /// bound pair whose reading end a task reads: closed at the end of the body; at a failure
  /// (the source failed, the reader went away) left open and the task aborted, since closing
  /// the pipe would end the body as if it were complete (a chunked body gets its last chunk).
  func startWriting(to output: OutputStream) {
    let pipe = BoundOutput(output)
    let thread = Thread { [self] in
      pipe.stream.open()
      if copy(to: pipe.stream) {
        pipe.stream.close()
      } else {
        abort(keeping: pipe)
      }
    }
    thread.start()
  }

  /// Copies the body into `stream`: true at its end, false when it cannot go on.
  func copy(to stream: OutputStream) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBufferPointer { bytes in
        bytes.baseAddress.map { read($0, maxLength: bytes.count) } ?? -1
      }
      if count == 0 { return true }
      if count < 0 { return false }
      var written = 0
      while written < count {
        let step = chunk[written..<count].withUnsafeBufferPointer { bytes in
          bytes.baseAddress.map { stream.write($0, maxLength: bytes.count) } ?? -1
        }
        guard step > 0 else {
          close()
          return false
        }
        written += step
      }
    }
  }
}

/// The writing end of a bound pair, handed to the thread that writes it.
final class BoundOutput: @unchecked Sendable {
  // NB: only the writing thread uses `stream` once it is handed over.
  let stream: OutputStream
  init(_ stream: OutputStream) { self.stream = stream }
}

#if canImport(FoundationNetworking)
  /// The body stream FoundationNetworking reads: a subclass of `InputStream` that reads the
  /// buffer (and answers `streamError` itself: FoundationNetworking's own traps when asked).
  final class UploadStream: InputStream {
    private let buffer: UploadBuffer
    private var status: Stream.Status = .notOpen

    init(_ buffer: UploadBuffer) {
      self.buffer = buffer
      super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() {
      status = .closed
      buffer.close()
    }
    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { buffer.sourceError }
    override var hasBytesAvailable: Bool { buffer.hasBytesAvailable }
    override func read(_ bytes: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
      let count = buffer.read(bytes, maxLength: length)
      status = count > 0 ? .open : count == 0 ? .atEnd : .error
      return count
    }
  }

  extension UploadBuffer {
    /// The stream a task reads the body from.
    func inputStream() -> InputStream { UploadStream(self) }
  }
#else
  extension UploadBuffer {
    /// The stream a task reads the body from: one end of a bound pair, the other written by
    /// ``startWriting(to:)`` (URLSession reads only streams it made itself).
    func inputStream() -> InputStream {
      var input: InputStream?
      var output: OutputStream?
      Stream.getBoundStreams(withBufferSize: 64 << 10, inputStream: &input, outputStream: &output)
      guard let input, let output else {
        abort()  // no pipe: the task stops rather than send an empty body as complete
        return InputStream(data: Data())
      }
      startWriting(to: output)
      return input
    }
  }
#endif
