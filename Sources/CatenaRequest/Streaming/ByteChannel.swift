import Foundation

/// Body chunks on their way from a transport's thread to one async reader, in bounded memory
/// without ever making the transport wait: up to ``capacity`` bytes wait in memory; past that,
/// chunks go to a temporary file (the spill) until the reader has caught up, then to memory
/// again. The transport's thread is never held by a slow reader (FoundationNetworking runs
/// every transfer of the process on one shared queue, so holding it would stall them all).
final class ByteChannel: @unchecked Sendable {
  // NB: `lock` guards every stored property below it.
  private let lock = NSLock()
  private var chunks: [Data] = []
  private var buffered = 0
  /// The spill file, once one was needed, with how far it is written and read.
  private var spill: Spill?
  /// How the body ended, once it has: nil for complete.
  private var end: (any Error)??
  /// Whether the reader is gone (it cancelled, or stopped reading).
  private var closed = false
  private var reader: CheckedContinuation<[Data], any Error>?
  private var onClose: (@Sendable () -> Void)?
  /// Where chunks are written as they arrive, once a reader asked for that.
  private var sink: (handle: FileHandle, wrote: @Sendable (Int) -> Void)?
  /// Chunks for the sink not written yet: they are written 1 MiB at a time.
  private var unwritten = Data()
  /// The reader waiting for the end of a body written to the sink.
  private var drainer: CheckedContinuation<Void, any Error>?
  /// How many bytes may wait in memory.
  let capacity: Int
  /// The most bytes read back from the spill, or written to a sink, at a time.
  static let batch = 1 << 20

  /// The spill file: chunks written at its end, read from `read`.
  private struct Spill {
    let url: URL
    let writer: FileHandle
    let reader: FileHandle
    var written: UInt64 = 0
    var read: UInt64 = 0
    var unread: Bool { read < written }
  }

  init(capacity: Int = 1 << 20) { self.capacity = capacity }

  /// The bytes waiting in memory now (at most ``capacity``).
  var memoryBytes: Int { lock.withLock { buffered } }

  deinit { removeSpill() }

  /// What runs once when the reader goes away before the end (to cancel the transfer).
  func whenClosed(_ body: @escaping @Sendable () -> Void) {
    let run = lock.withLock {
      if !closed { onClose = body }
      return closed
    }
    if run { body() }
  }

  /// Adds a chunk, to memory or to the spill; never waits for the reader. Returns false when
  /// the reader is gone or the spill cannot be written (the chunk is dropped; stop the
  /// transfer).
  @discardableResult
  func push(_ data: Data) -> Bool {
    lock.lock()
    guard !closed, end == nil else {
      lock.unlock()
      return false
    }
    if let sink {
      do {
        unwritten.append(data)
        if unwritten.count >= Self.batch {
          try sink.handle.write(contentsOf: unwritten)
          unwritten.removeAll(keepingCapacity: true)
        }
      } catch {
        lock.unlock()
        finish(RequestError(.file, "the body could not be written", underlyingError: error))
        return false
      }
      lock.unlock()
      sink.wrote(data.count)
      return true
    }
    if let reader {
      self.reader = nil
      lock.unlock()
      reader.resume(returning: [data])
      return true
    }
    if spill?.unread == true || data.count > capacity - buffered {
      let written = writeSpill(data)
      lock.unlock()
      if !written { finish(RequestError(.file, "the body could not be buffered on disk")) }
      return written
    }
    chunks.append(data)
    buffered += data.count
    lock.unlock()
    return true
  }

  /// Appends `data` to the spill file, making it first; with `lock` held.
  private func writeSpill(_ data: Data) -> Bool {
    do {
      if spill == nil {
        let url = FileManager.default.temporaryDirectory
          .appendingPathComponent("catena-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { return false }
        spill = Spill(
          url: url, writer: try FileHandle(forWritingTo: url),
          reader: try FileHandle(forReadingFrom: url))
      }
      try spill?.writer.write(contentsOf: data)
      spill?.written += UInt64(data.count)
      return true
    } catch {
      return false
    }
  }

  /// Ends the body: complete when `error` is nil. Later calls do nothing.
  func finish(_ error: (any Error)?) {
    lock.lock()
    guard end == nil else {
      lock.unlock()
      return
    }
    end = .some(error)
    let reader = chunks.isEmpty && spill?.unread != true ? self.reader : nil
    if reader != nil { self.reader = nil }
    let drainer = self.drainer
    self.drainer = nil
    // What the sink holds back is written (a failed body keeps every byte it received).
    var failure: RequestError?
    if let sink, !unwritten.isEmpty {
      do {
        try sink.handle.write(contentsOf: unwritten)
      } catch {
        failure = RequestError(.file, "the body could not be written", underlyingError: error)
      }
      unwritten = Data()
    }
    lock.unlock()
    if let drainer {
      if let failure {
        drainer.resume(throwing: failure)
      } else if let error {
        drainer.resume(throwing: error)
      } else {
        drainer.resume()
      }
    }
    guard let reader else { return }
    if let error { reader.resume(throwing: error) } else { reader.resume(returning: []) }
  }

  /// Every chunk waiting in memory, else the next part of the spill, else the next chunk to
  /// come; empty at the end of the body.
  ///
  /// - Throws: the transfer's error, or `CancellationError` when the reading task is cancelled
  ///   (which closes the channel).
  func take() async throws -> [Data] {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        if closed {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
          return
        }
        if !chunks.isEmpty {
          let taken = chunks
          chunks = []
          buffered = 0
          lock.unlock()
          continuation.resume(returning: taken)
          return
        }
        if let spill, spill.unread {
          let part = readSpill(spill)
          lock.unlock()
          if let part {
            continuation.resume(returning: [part])
          } else {
            continuation.resume(
              throwing: RequestError(.file, "the buffered body could not be read"))
          }
          return
        }
        if let end {
          lock.unlock()
          if let error = end {
            continuation.resume(throwing: error)
          } else {
            continuation.resume(returning: [])
          }
          return
        }
        reader = continuation
        lock.unlock()
      }
    } onCancel: {
      close()
    }
  }

  /// Reads the next part of the spill; once it is all read, empties the file so that
  /// chunks go to memory again. With `lock` held.
  private func readSpill(_ current: Spill) -> Data? {
    do {
      try current.reader.seek(toOffset: current.read)
      let count = Int(min(UInt64(Self.batch), current.written - current.read))
      guard let part = try current.reader.read(upToCount: count), !part.isEmpty else { return nil }
      spill?.read += UInt64(part.count)
      if spill?.unread == false {
        try current.writer.truncate(atOffset: 0)
        spill?.written = 0
        spill?.read = 0
      }
      return part
    } catch {
      return nil
    }
  }

  /// Writes the body to `handle`: what waits (in memory and in the spill) at once, then each
  /// chunk on the transport's thread as it arrives, with no hop to the reader; `wrote` hears
  /// each write's byte count. Returns at the end of the body.
  ///
  /// - Throws: the transfer's error, a write's error, or `CancellationError` when the reading
  ///   task is cancelled (which closes the channel).
  func drain(into handle: FileHandle, wrote: @escaping @Sendable (Int) -> Void) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        lock.lock()
        if closed {
          lock.unlock()
          return continuation.resume(throwing: CancellationError())
        }
        // Memory holds the oldest chunks, the spill the ones after them. Written here, under
        // the lock, so that no chunk pushed meanwhile gets ahead; reported after it.
        let waiting = chunks
        chunks = []
        buffered = 0
        var flushed = 0
        var failure: RequestError?
        do {
          for chunk in waiting {
            try handle.write(contentsOf: chunk)
            flushed += chunk.count
          }
          while let current = spill, current.unread {
            guard let part = readSpill(current) else {
              throw RequestError(.file, "the buffered body could not be read")
            }
            try handle.write(contentsOf: part)
            flushed += part.count
          }
        } catch {
          failure = RequestError(.file, "the body could not be written", underlyingError: error)
        }
        let ended = end
        if failure == nil, ended == nil {
          sink = (handle, wrote)
          drainer = continuation
        }
        lock.unlock()
        if flushed > 0 { wrote(flushed) }
        if let failure {
          close()
          return continuation.resume(throwing: failure)
        }
        if let ended {
          if let error = ended {
            continuation.resume(throwing: error)
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      close()
    }
  }

  /// The reader is gone: drops what waits, and runs the ``whenClosed(_:)`` action (unless
  /// the body had ended).
  func close() {
    lock.lock()
    guard !closed else {
      lock.unlock()
      return
    }
    closed = true
    chunks = []
    buffered = 0
    let reader = self.reader
    self.reader = nil
    let drainer = self.drainer
    self.drainer = nil
    // What the sink holds back is written: a cancelled download keeps every byte it received.
    if let sink, !unwritten.isEmpty { try? sink.handle.write(contentsOf: unwritten) }
    sink = nil
    unwritten = Data()
    let action = end == nil ? onClose : nil
    onClose = nil
    lock.unlock()
    removeSpill()
    reader?.resume(throwing: CancellationError())
    drainer?.resume(throwing: CancellationError())
    action?()
  }

  private func removeSpill() {
    let gone = lock.withLock { () -> Spill? in
      defer { spill = nil }
      return spill
    }
    guard let gone else { return }
    try? gone.writer.close()
    try? gone.reader.close()
    try? FileManager.default.removeItem(at: gone.url)
  }
}
