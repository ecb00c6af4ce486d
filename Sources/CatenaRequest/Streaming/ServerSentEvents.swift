import Foundation

extension ResponseBody {
  /// The body as server-sent events (`text/event-stream`), parsed as a browser's
  /// `EventSource` parses them: lines end with CRLF, LF or CR; `data` lines join with `\n`;
  /// `event`, `id` and `retry` fields; comments (`:`) and unknown fields skipped; a leading
  /// byte order mark ignored; text that is not UTF-8 decoded with U+FFFD. An event is given
  /// when its blank line arrives; one cut off by the end of the body is dropped.
  ///
  /// An event longer than `maxEventBytes` ends the loop with ``RequestError/Kind/tooLarge``
  /// (the transfer is stopped), so a server that never ends an event cannot fill memory.
  ///
  /// To carry on after the stream ends, ask again with the last event's ``ServerSentEvent/id``
  /// as `Last-Event-ID`, after its ``ServerSentEvent/retry`` if the server set one:
  ///
  /// ```swift
  /// var lastID = ""
  /// let feed = try await Get("prices").header("Last-Event-ID", lastID).stream(on: api)
  /// for try await event in feed.body.events() where event.type == "price" {
  ///   lastID = event.id
  ///   print(event.data)
  /// }
  /// ```
  public func events(maxEventBytes: Int = 1 << 20) -> ServerSentEvents {
    ServerSentEvents(body: self, maxEventBytes: maxEventBytes)
  }
}

/// One event of a `text/event-stream` body (see ``ResponseBody/events(maxEventBytes:)``).
public struct ServerSentEvent: Hashable, Sendable {
  /// The `event` field; `message` when the event has none.
  public var type: String
  /// The `data` lines, joined with `\n`.
  public var data: String
  /// The last event ID in effect when the event came: the latest `id` field of the stream,
  /// empty when there was none (send it as `Last-Event-ID` to resume).
  public var id: String
  /// The reconnection time the stream last set with `retry`, if it did.
  public var retry: Duration?

  /// An event.
  public init(type: String = "message", data: String, id: String = "", retry: Duration? = nil) {
    self.type = type
    self.data = data
    self.id = id
    self.retry = retry
  }
}

/// The events of a ``ResponseBody`` (see ``ResponseBody/events(maxEventBytes:)``).
public struct ServerSentEvents: AsyncSequence, Sendable {
  /// An event.
  public typealias Element = ServerSentEvent

  let body: ResponseBody
  let maxEventBytes: Int

  /// The events, in order.
  public func makeAsyncIterator() -> Iterator {
    Iterator(chunks: body.makeAsyncIterator(), parser: EventStreamParser(maxEventBytes))
  }

  /// Reads the events of a body.
  public struct Iterator: AsyncIteratorProtocol {
    var chunks: ResponseBody.Iterator
    var parser: EventStreamParser
    /// Events parsed and not yet given, from `next`.
    var ready: [ServerSentEvent] = []
    var given = 0
    var ended = false

    /// The next event, or nil at the end of the body.
    ///
    /// - Throws: ``RequestError``.
    public mutating func next() async throws -> ServerSentEvent? {
      while true {
        if given < ready.count {
          defer { given += 1 }
          return ready[given]
        }
        ready.removeAll(keepingCapacity: true)
        given = 0
        if ended { return nil }
        guard let chunk = try await chunks.next() else {
          ended = true
          continue
        }
        do {
          try parser.feed(chunk, into: &ready)
        } catch {
          chunks.body.cancel()
          throw error
        }
      }
    }
  }
}
