public import Foundation

/// The body of a streamed response as it arrives: chunks of bytes, in order, read once.
///
/// Reading is bounded in memory: a reader slower than the network slows the transfer instead
/// of buffering the body. Cancelling the reading task, or dropping the body before its end,
/// cancels the transfer. Errors are ``RequestError``s: a transfer that fails after the head
/// ends the loop with its kind (`transport`, `timeout`, `tooLarge`, `cancelled`).
///
/// ```swift
/// let orders = try await Get("exports/orders.jsonl").stream(on: api)
/// for try await line in orders.body.lines() { try handle(line) }
/// ```
public final class ResponseBody: AsyncSequence, Sendable {
  /// A chunk of the body.
  public typealias Element = Data

  private let takeNext: @Sendable () async throws -> [Data]
  private let closeSource: @Sendable () -> Void
  /// The channel behind the body, when a transport streams it.
  private let channel: ByteChannel?

  init(
    take: @escaping @Sendable () async throws -> [Data], close: @escaping @Sendable () -> Void,
    channel: ByteChannel? = nil
  ) {
    takeNext = take
    closeSource = close
    self.channel = channel
  }

  convenience init(_ channel: ByteChannel) {
    self.init(take: { try await channel.take() }, close: { channel.close() }, channel: channel)
  }

  /// A body that is already whole (what a transport that does not stream returns).
  public convenience init(_ data: Data) {
    let channel = ByteChannel(capacity: .max)
    if !data.isEmpty { channel.push(data) }
    channel.finish(nil)
    self.init(channel)
  }

  /// A body read from `chunks` (a transport of your own that streams).
  public convenience init(_ chunks: AsyncThrowingStream<Data, any Error>) {
    let puller = ChunkPuller(chunks)
    self.init(take: { try await puller.next().map { [$0] } ?? [] }, close: {})
  }

  deinit { closeSource() }

  /// Stops the transfer; reading then ends with a `cancelled` error.
  public func cancel() { closeSource() }

  /// The chunks, in order.
  public func makeAsyncIterator() -> Iterator { Iterator(body: self) }

  /// Every byte, in memory, up to `limit` bytes.
  ///
  /// - Throws: ``RequestError/Kind/tooLarge`` past `limit` (the transfer is stopped), or the
  ///   transfer's error.
  public func collect(upTo limit: Int) async throws(RequestError) -> Data {
    var data = Data()
    do {
      for try await chunk in self {
        guard data.count + chunk.count <= limit else {
          cancel()
          throw RequestError.tooLarge(limit)
        }
        data.append(chunk)
      }
    } catch {
      throw Client.map(error)
    }
    return data
  }

  /// Reads the chunks of a ``ResponseBody``.
  public struct Iterator: AsyncIteratorProtocol {
    let body: ResponseBody
    var pending: [Data] = []
    var index = 0

    /// The next chunk, or nil at the end of the body.
    ///
    /// - Throws: ``RequestError``.
    public mutating func next() async throws -> Data? {
      while index == pending.count {
        do {
          pending = try await body.takeNext()
        } catch {
          throw Client.map(error)
        }
        index = 0
        if pending.isEmpty { return nil }
      }
      defer { index += 1 }
      return pending[index]
    }
  }

  /// Writes the rest of the body to `handle` as it arrives (on the transport's thread when it
  /// streams, with no hop per chunk); `wrote` hears each write's byte count.
  func write(to handle: FileHandle, wrote: @escaping @Sendable (Int) -> Void)
    async throws(RequestError)
  {
    do {
      if let channel {
        try await channel.drain(into: handle, wrote: wrote)
        return
      }
      while true {
        let batch = try await takeNext()
        if batch.isEmpty { return }
        for chunk in batch {
          try handle.write(contentsOf: chunk)
          wrote(chunk.count)
        }
      }
    } catch {
      throw Client.map(error)
    }
  }
}
