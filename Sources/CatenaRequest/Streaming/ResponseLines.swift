import Foundation

extension ResponseBody {
  /// The body as UTF-8 text lines, as they arrive (for JSON Lines and logs; ``events(maxEventBytes:)`` parses
  /// server-sent events): split at `\n`, a trailing `\r` removed, the last line given even
  /// without a final `\n`.
  ///
  /// A line longer than `maxLineBytes` ends the loop with ``RequestError/Kind/tooLarge`` (a
  /// server that never sends a newline cannot fill memory), and a line that is not UTF-8 with
  /// ``RequestError/Kind/decoding`` naming the line.
  public func lines(maxLineBytes: Int = 1 << 20) -> ResponseLines {
    ResponseLines(body: self, maxLineBytes: maxLineBytes)
  }
}

/// The lines of a ``ResponseBody`` (see ``ResponseBody/lines(maxLineBytes:)``).
public struct ResponseLines: AsyncSequence, Sendable {
  /// A line, without its line break.
  public typealias Element = String

  let body: ResponseBody
  let maxLineBytes: Int

  /// The lines, in order.
  public func makeAsyncIterator() -> Iterator {
    Iterator(chunks: body.makeAsyncIterator(), maxLineBytes: maxLineBytes)
  }

  /// Reads the lines of a body.
  public struct Iterator: AsyncIteratorProtocol {
    var chunks: ResponseBody.Iterator
    let maxLineBytes: Int
    /// Bytes received and not yet given as lines, from `start`.
    var buffer = Data()
    var start = 0
    /// Where the search for the next line break resumes.
    var searched = 0
    var ended = false
    var number = 0

    /// The next line, or nil at the end of the body.
    ///
    /// - Throws: ``RequestError``.
    public mutating func next() async throws -> String? {
      while true {
        if let newline = buffer[searched...].firstIndex(of: 0x0A) {
          let line = buffer[start..<newline]
          start = newline + 1
          searched = start
          return try text(line)
        }
        searched = buffer.endIndex
        guard buffer.endIndex - start <= maxLineBytes else {
          chunks.body.cancel()
          var error = RequestError.tooLarge(maxLineBytes)
          error.message = "line \(number + 1) is longer than \(maxLineBytes) bytes"
          throw error
        }
        if ended {
          guard start < buffer.endIndex else { return nil }
          defer { start = buffer.endIndex }
          return try text(buffer[start...])
        }
        guard let chunk = try await chunks.next() else {
          ended = true
          continue
        }
        if start > 0 {
          // What was given as lines goes; the partial line moves to the front.
          buffer = buffer.subdata(in: start..<buffer.endIndex)
          searched -= start
          start = 0
        }
        buffer.append(chunk)
      }
    }

    private mutating func text(_ bytes: Data.SubSequence) throws -> String {
      number += 1
      let trimmed = bytes.last == 0x0D ? bytes.dropLast() : bytes
      guard let line = String(data: Data(trimmed), encoding: .utf8) else {
        chunks.body.cancel()
        throw RequestError(.decoding, "line \(number) of the body is not UTF-8")
      }
      return line
    }
  }
}
