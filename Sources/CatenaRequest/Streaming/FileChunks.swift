package import Foundation

/// The bytes of a file as chunks, read from disk as they are asked for: a request body or a
/// ``ByteSource`` that never holds the file in memory (a file body is a `ByteSource` whose
/// length is `FileChunks.size(of:)` and whose chunks are `FileChunks(url)`).
package struct FileChunks: AsyncSequence, Sendable {
  /// A chunk of the file.
  package typealias Element = Data

  /// The file.
  package let url: URL
  /// The most bytes per chunk.
  package let chunkSize: Int
  /// The size the file must have (a file that changed size fails the read), if checked.
  package let expectedSize: Int64?

  /// The chunks of the file at `url`, `chunkSize` bytes at a time.
  package init(_ url: URL, chunkSize: Int = 64 << 10, expectedSize: Int64? = nil) {
    self.url = url
    self.chunkSize = Swift.max(chunkSize, 1)
    self.expectedSize = expectedSize
  }

  /// The size of the regular file at `url`.
  ///
  /// - Throws: ``RequestError/Kind/file`` when it is not a readable regular file.
  package static func size(of url: URL) throws(RequestError) -> Int64 {
    let file = try RequestDefinition.readableFile(url)
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    } catch {
      throw RequestError(.file, "the size of \(url.path) could not be read", underlyingError: error)
    }
  }

  /// Reads the chunks in order.
  package func makeAsyncIterator() -> Iterator { Iterator(self) }

  /// Reads a file's chunks.
  package struct Iterator: AsyncIteratorProtocol {
    let chunks: FileChunks
    var handle: FileHandle?
    var read: Int64 = 0
    var done = false

    init(_ chunks: FileChunks) { self.chunks = chunks }

    /// The next chunk, or nil at the end of the file.
    ///
    /// - Throws: ``RequestError/Kind/file`` when the file cannot be read or changed size.
    package mutating func next() async throws -> Data? {
      guard !done else { return nil }
      do {
        if handle == nil { handle = try FileHandle(forReadingFrom: chunks.url) }
        let chunk = try handle?.read(upToCount: chunks.chunkSize) ?? Data()
        read += Int64(chunk.count)
        if let expected = chunks.expectedSize,
          read > expected || (chunk.isEmpty && read != expected)
        {
          throw RequestError(
            .file, "\(chunks.url.path) changed size while it was sent (\(expected) bytes expected)")
        }
        guard !chunk.isEmpty else {
          done = true
          try? handle?.close()
          return nil
        }
        return chunk
      } catch let error as RequestError {
        done = true
        throw error
      } catch {
        done = true
        throw RequestError(.file, "\(chunks.url.path) could not be read", underlyingError: error)
      }
    }
  }
}

/// A piece of a multipart body: bytes, or a file of a known size.
enum MultipartPiece: Sendable {
  case bytes(Data)
  case file(URL, size: Int64)
}

/// The chunks of a multipart body, files read as they are asked for.
struct MultipartChunks: AsyncSequence, Sendable {
  typealias Element = Data
  let pieces: [MultipartPiece]

  func makeAsyncIterator() -> Iterator { Iterator(pieces: pieces) }

  struct Iterator: AsyncIteratorProtocol {
    let pieces: [MultipartPiece]
    var index = 0
    var file: FileChunks.Iterator?

    mutating func next() async throws -> Data? {
      while true {
        if var reading = file {
          let chunk = try await reading.next()
          file = chunk == nil ? nil : reading
          if let chunk { return chunk }
          continue
        }
        guard index < pieces.count else { return nil }
        defer { index += 1 }
        switch pieces[index] {
        case .bytes(let data):
          if !data.isEmpty { return data }
        case .file(let url, let size):
          file = FileChunks(url, expectedSize: size).makeAsyncIterator()
        }
      }
    }
  }
}
