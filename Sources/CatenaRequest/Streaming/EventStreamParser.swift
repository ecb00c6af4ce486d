import Foundation

/// Parses a `text/event-stream` body fed in chunks cut anywhere, following the HTML
/// standard's "interpreting an event stream": lines end with CRLF, LF or CR (a CR at the end
/// of one chunk and an LF at the start of the next are one line end), a blank line dispatches
/// the event, and the bytes are UTF-8 with U+FFFD for what is not.
struct EventStreamParser {
  let maxEventBytes: Int
  /// The line being read, without its line end.
  private var line: [UInt8] = []
  /// Whether the last byte fed was a CR (an LF right after it ends no second line).
  private var afterCR = false
  /// Whether no line has ended yet (the first one may start with a byte order mark).
  private var firstLine = true
  private var data: [UInt8] = []
  private var type: String?
  private var lastEventID = ""
  private var retry: Duration?
  /// Lines of the event so far (for the error message).
  private var eventLines = 0

  init(_ maxEventBytes: Int) { self.maxEventBytes = maxEventBytes }

  /// Parses `chunk`, appending the events it completes to `events`.
  ///
  /// - Throws: ``RequestError/Kind/tooLarge`` when an event grows past `maxEventBytes`.
  mutating func feed(_ chunk: Data, into events: inout [ServerSentEvent]) throws(RequestError) {
    var lineStart = chunk.startIndex
    var index = chunk.startIndex
    while index < chunk.endIndex {
      let byte = chunk[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      if byte == 0x0A, afterCR, index == lineStart, line.isEmpty {
        // The LF of a CRLF whose CR ended the previous line.
        afterCR = false
        index += 1
        lineStart = index
        continue
      }
      line.append(contentsOf: chunk[lineStart..<index])
      try checkSize()
      afterCR = byte == 0x0D
      endLine(into: &events)
      index += 1
      lineStart = index
    }
    if lineStart < chunk.endIndex {
      afterCR = false
      line.append(contentsOf: chunk[lineStart..<chunk.endIndex])
      try checkSize()
    }
  }

  private mutating func checkSize() throws(RequestError) {
    guard data.count + line.count > maxEventBytes else { return }
    var error = RequestError.tooLarge(maxEventBytes)
    error.message =
      "an event (\(eventLines + 1) lines so far) is longer than \(maxEventBytes) bytes"
    throw error
  }

  /// Handles the line read, then starts the next one.
  private mutating func endLine(into events: inout [ServerSentEvent]) {
    defer {
      line.removeAll(keepingCapacity: true)
      firstLine = false
    }
    if firstLine, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
    guard !line.isEmpty else { return dispatch(into: &events) }
    eventLines += 1
    guard line[0] != UInt8(ascii: ":") else { return }  // a comment
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var valueStart = min(colon + 1, line.endIndex)
    if valueStart < line.endIndex, line[valueStart] == 0x20 { valueStart += 1 }
    let value = line[valueStart...]
    switch String(decoding: line[..<colon], as: UTF8.self) {
    case "data":
      data.append(contentsOf: value)
      data.append(0x0A)
    case "event": type = String(decoding: value, as: UTF8.self)
    case "id" where !value.contains(0): lastEventID = String(decoding: value, as: UTF8.self)
    case "retry" where value.allSatisfy({ (0x30...0x39).contains($0) }):
      // Only digits; a number too large for an `Int` is ignored like any other bad value.
      if let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
        retry = .milliseconds(milliseconds)
      }
    default: break
    }
  }

  /// A blank line: the event read so far is given, unless it had no data.
  private mutating func dispatch(into events: inout [ServerSentEvent]) {
    defer {
      data.removeAll(keepingCapacity: true)
      type = nil
      eventLines = 0
    }
    guard !data.isEmpty else { return }
    data.removeLast()
    events.append(
      ServerSentEvent(
        type: type.flatMap { $0.isEmpty ? nil : $0 } ?? "message",
        data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry))
  }
}
