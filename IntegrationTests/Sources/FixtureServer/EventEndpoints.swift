import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A server-sent event stream, for reading events and resuming them over real HTTP.
///
/// | Path | What it does |
/// |---|---|
/// | `GET events/ticks?count=N` | events `0..<N` as `text/event-stream` (see ``text(from:count:)``), from the one after `Last-Event-ID` when the request has it |
public enum EventEndpoints {
  /// The stream of events `first..<count`: `retry: 1500` first, then for each event `i` the
  /// fields `id: i`, `event: tick`, `data: tick i` and `data: {"n": i}`, a comment before
  /// every tenth event; lines end with CRLF, LF and CR in turn.
  public static func text(from first: Int, count: Int) -> String {
    var text = "retry: 1500\r\n"
    for index in first..<max(first, count) {
      let end = ["\r\n", "\n", "\r"][index % 3]
      if index % 10 == 0 { text += ": keep-alive \(index)" + end }
      text += "id: \(index)\(end)event: tick\(end)data: tick \(index)\(end)"
      text += #"data: {"n": \#(index)}"# + end + end
    }
    return text
  }

  /// Adds the endpoint to `router`.
  public static func add(to router: Router<BasicRequestContext>) {
    router.get("events/ticks") { request, _ in
      let count = Int(request.uri.queryParameters.get("count") ?? "") ?? 0
      let lastID = HTTPField.Name("Last-Event-ID").flatMap { request.headers[$0] }
        .flatMap { Int($0) }
      let bytes = Array(text(from: lastID.map { $0 + 1 } ?? 0, count: count).utf8)
      // Written in pieces of odd sizes, so events, lines and CRLFs are cut across writes.
      return Response.streamed("text/event-stream") { send in
        var start = 0
        var step = 1
        while start < bytes.count {
          let end = min(start + step * 37, bytes.count)
          try await send(ByteBuffer(bytes: bytes[start..<end]))
          start = end
          step = step % 50 + 1
        }
      }
    }
  }
}
