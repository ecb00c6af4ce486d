public import Foundation

/// A response whose body is read as it arrives: the head (status, headers, URL; its `body` is
/// empty) and the ``ResponseBody``.
public struct StreamedResponse: Sendable {
  /// The status, headers and URL (`body` is empty).
  public var head: HTTPResponse
  /// The body, to read once.
  public let body: ResponseBody

  /// Creates a streamed response.
  public init(head: HTTPResponse, body: ResponseBody) {
    var head = head
    head.body = Data()
    self.head = head
    self.body = body
  }
}

/// A request body that is not held in memory: a file read as it is sent, or chunks made as
/// they are sent.
public enum StreamedBody: Hashable, Sendable {
  /// The bytes of a file, read as they are sent (`Content-Length` is the file's size).
  case file(URL)
  /// Chunks from a ``ByteSource`` (with `Content-Length` when it knows its length, chunked
  /// otherwise).
  case source(ByteSource)
}

/// Where the chunks of a streamed request body come from: a function that makes an async
/// sequence of chunks, called again for each attempt (a retried request sends the body
/// again), and the total length when known.
///
/// On Linux, FoundationNetworking reads every body of the process on one shared thread: while
/// a source makes its next chunk, other transfers wait. Sources that produce at once (a file,
/// memory, an encoder) are what it is for; a source that waits long between chunks (a live
/// feed) holds the others.
///
/// ```swift
/// let source = ByteSource(length: nil) { camera.encodedChunks() }
/// Post("videos").body(.stream(source, contentType: "video/mp4"))
/// ```
public struct ByteSource: Hashable, Sendable {
  /// The number of bytes the chunks add up to, when known (sent as `Content-Length`; the
  /// chunks must add up to it exactly).
  public let length: Int64?
  let id = UUID()
  let make: @Sendable () -> ChunkPuller

  /// A source whose chunks `make` produces (a new sequence per attempt). Chunks are pulled as
  /// the transport sends them, so a fast source waits for the network.
  public init<Chunks: AsyncSequence & Sendable>(
    length: Int64? = nil, _ make: @escaping @Sendable () -> Chunks
  ) where Chunks.Element == Data {
    self.length = length
    self.make = { ChunkPuller(make(), length: length) }
  }

  /// Two sources are the same when they are copies of one.
  public static func == (lhs: ByteSource, rhs: ByteSource) -> Bool { lhs.id == rhs.id }

  /// Hashes the source's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Pulls the chunks of one attempt's sequence, one reader at a time. With a `length`, the
/// chunks must add up to it exactly: it is sent as `Content-Length`, so a byte more would
/// become the start of the connection's next request, and a byte less would leave the server
/// waiting.
final class ChunkPuller: @unchecked Sendable {
  // NB: one reader calls `next`, never twice at once (the transport's body pump).
  private let pull: () async throws -> Data?
  private let length: Int64?
  private var pulled: Int64 = 0

  init<Chunks: AsyncSequence>(_ chunks: Chunks, length: Int64? = nil)
  where Chunks.Element == Data {
    var iterator = chunks.makeAsyncIterator()
    pull = { try await iterator.next() }
    self.length = length
  }

  /// The next chunk, or nil at the end.
  ///
  /// - Throws: the sequence's error, or ``RequestError/Kind/encoding`` when the chunks do not
  ///   add up to the source's length (the chunk that goes past it is not returned).
  func next() async throws -> Data? {
    let chunk = try await pull()
    guard let length else { return chunk }
    guard let chunk else {
      guard pulled == length else {
        throw RequestError(
          .encoding,
          "the request body's source ended after \(pulled) of the \(length) bytes of its length")
      }
      return nil
    }
    pulled += Int64(chunk.count)
    guard pulled <= length else {
      throw RequestError(
        .encoding,
        "the request body's source made more than the \(length) bytes of its length"
          + " (\(pulled) so far)")
    }
    return chunk
  }
}

extension HTTPRequest {
  /// This request with its ``streamedBody`` read into ``body``: for transports that answer
  /// from memory (a fixture), so that they see the bytes a server would.
  ///
  /// - Throws: ``RequestError/Kind/file`` when the file cannot be read, the source's error, or
  ///   ``RequestError/Kind/encoding`` when its chunks do not add up to its length.
  package func loadingStreamedBody() async throws -> HTTPRequest {
    var loaded = self
    switch streamedBody {
    case nil: return self
    case .file(let url):
      do {
        loaded.body = try Data(contentsOf: url)
      } catch {
        throw RequestError(.file, "\(url.path) could not be read", underlyingError: error)
      }
    case .source(let source):
      let puller = source.make()
      var data = Data()
      while let chunk = try await puller.next() { data.append(chunk) }
      loaded.body = data
    }
    loaded.streamedBody = nil
    return loaded
  }
}
