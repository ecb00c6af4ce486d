import CatenaTesting
import Foundation
import Testing

@testable import CatenaRequest

/// The events of `text`, fed in chunks cut at `cuts`.
func events(
  _ bytes: Data, cutAt cuts: [Int] = [], maxEventBytes: Int = 1 << 20
) async throws -> [ServerSentEvent] {
  var events: [ServerSentEvent] = []
  for try await event in body(bytes, cutAt: cuts).events(maxEventBytes: maxEventBytes) {
    events.append(event)
  }
  return events
}

func events(_ text: String, cutAt cuts: [Int] = []) async throws -> [ServerSentEvent] {
  try await events(Data(text.utf8), cutAt: cuts)
}

/// A random event stream and the events a browser would give for it, built from the lines
/// the generator chose (not by parsing).
struct GeneratedStream {
  var text = ""
  var expected: [ServerSentEvent] = []

  init(_ random: inout SeededRandom) {
    let alphabet = ["a", "Z", "é", "☃", ":", " ", "\u{0}", "data", "\u{FEFF}"]
    func value(_ random: inout SeededRandom) -> String {
      (0..<random.below(6)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
    }
    var lastID = ""
    var retry: Duration?
    /// The last line end written: after a CR, an end must not start with LF (it would join
    /// the CR as one CRLF).
    var lastEnd = ""
    func lineEnd(_ random: inout SeededRandom) -> String {
      let ends = lastEnd == "\r" ? ["\r", "\r\n"] : ["\n", "\r", "\r\n"]
      lastEnd = ends[random.below(ends.count)]
      return lastEnd
    }
    if random.below(4) == 0 { text += "\u{FEFF}" }
    for block in 0..<random.below(8) {
      var data: [String] = []
      var type: String?
      for _ in 0..<random.below(5) {
        let raw = (random.below(2) == 0 ? " " : "") + value(&random)
        // The value: one leading space removed.
        let field = raw.hasPrefix(" ") ? String(raw.dropFirst()) : raw
        let line: String
        switch random.below(8) {
        case 0, 1:
          line = "data:" + raw
          data.append(field)
        case 2:
          line = "data"
          data.append("")
        case 3:
          line = "event:" + raw
          type = field
        case 4:
          line = "id:" + raw
          if !field.contains("\u{0}") { lastID = field }
        case 5:
          let milliseconds = random.below(100_000)
          let bad = random.below(4) == 0
          line =
            "retry:" + (raw.hasPrefix(" ") ? " " : "") + String(milliseconds) + (bad ? "x" : "")
          if !bad { retry = .milliseconds(milliseconds) }
        case 6: line = ":" + raw
        default: line = "dat" + ":" + raw  // an unknown field
        }
        text += line + lineEnd(&random)
      }
      // The last block may be cut off by the end of the body: it is dropped.
      let ended = block < 7 || random.below(2) == 0
      if ended {
        text += lineEnd(&random)
        if !data.isEmpty {
          expected.append(
            ServerSentEvent(
              type: type.flatMap { $0.isEmpty ? nil : $0 } ?? "message",
              data: data.joined(separator: "\n"), id: lastID, retry: retry))
        }
      }
    }
  }
}

@Suite("Server-sent events: the HTML standard's parsing, in chunks cut anywhere")
struct ServerSentEventsTests {
  @Test func theStandardsExamples() async throws {
    #expect(
      try await events("data: YHOO\ndata: +2\ndata: 10\n\n") == [
        ServerSentEvent(data: "YHOO\n+2\n10")
      ])
    #expect(
      try await events(
        ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
      ) == [
        ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event"),
        ServerSentEvent(data: " third event"),
      ])
    // The last block has no blank line after it: dropped.
    #expect(
      try await events("data\n\ndata\ndata\n\ndata:") == [
        ServerSentEvent(data: ""), ServerSentEvent(data: "\n"),
      ])
    #expect(
      try await events("data:test\n\ndata: test\n\n") == [
        ServerSentEvent(data: "test"), ServerSentEvent(data: "test"),
      ])
  }

  @Test func fieldsLineEndsAndTheByteOrderMark() async throws {
    let text =
      "\u{FEFF}event: price\r\nid: 7\r\nretry: 2500\r\ndata: {\"x\":1}\r\n\r"
      + "retry: soon\rid: bad\u{0}id\rdata: second\r\r"
      + "event:\n: a comment\ndata\nunknown: field\n\n"
      + "\u{FEFF}data: a second mark is a field name\n\n"
    #expect(
      try await events(text) == [
        ServerSentEvent(type: "price", data: #"{"x":1}"#, id: "7", retry: .milliseconds(2_500)),
        ServerSentEvent(data: "second", id: "7", retry: .milliseconds(2_500)),
        ServerSentEvent(data: "", id: "7", retry: .milliseconds(2_500)),
      ])
  }

  @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() async throws {
    var bytes = Data("data: caf".utf8)
    bytes.append(contentsOf: [0xE9, 0x0A, 0x0A])
    #expect(try await events(bytes) == [ServerSentEvent(data: "caf\u{FFFD}")])
  }

  @Test(arguments: 0..<200) func randomStreamsGiveTheirEventsWhereverTheyAreCut(seed: UInt64)
    async throws
  {
    var random = SeededRandom(seed: seed)
    let stream = GeneratedStream(&random)
    let bytes = Data(stream.text.utf8)
    // Cuts anywhere, a CR and its LF included; on some seeds, every byte a chunk.
    let cuts =
      seed % 10 == 0
      ? Array(0..<bytes.count) : (0..<random.below(12)).map { _ in random.below(bytes.count + 1) }
    let parsed = try await events(bytes, cutAt: cuts)
    #expect(parsed == stream.expected, "\(stream.text.debugDescription) cut at \(cuts.sorted())")
  }

  @Test func anEventLongerThanItsBoundStopsTheBody() async throws {
    // Data lines that never end in a blank line, and one line that never ends.
    for text in [
      String(repeating: "data: 0123456789\n", count: 200),
      "data: " + String(repeating: "x", count: 5_000),
    ] {
      do {
        _ = try await events(Data(text.utf8), cutAt: [100, 1_000, 2_000], maxEventBytes: 1_024)
        Issue.record("an event of 3,400 bytes is past the bound of 1,024")
      } catch let error as RequestError {
        #expect(error.kind == .tooLarge && error.limit == .responseSize(1_024), "\(error)")
        #expect(error.message.contains("longer than 1024 bytes"))
      }
    }
    // Many short events each within the bound pass.
    let many = String(repeating: "data: 0123456789\n\n", count: 500)
    #expect(try await events(Data(many.utf8), maxEventBytes: 64).count == 500)
  }
}
