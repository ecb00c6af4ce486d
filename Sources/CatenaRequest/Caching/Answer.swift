/// One value of ``RequestConvertible/answers(on:)``: what the client's cache kept for the
/// request, with how old it is, or the server's answer.
///
/// ```swift
/// for try await feed in Get("feed").decode([Article].self, at: "data").answers(on: api) {
///   show(feed.value, note: feed.keptAge.map { "updated \($0) ago" })
/// }
/// ```
public struct Answer<Value: Sendable>: Sendable {
  /// The value, shaped by the request's stages.
  public var value: Value
  /// How long before the cache read it the kept response arrived (on this client's clock,
  /// not counting an `Age` the server sent: a page kept 10 s ago reads as 10 s old beside
  /// one that has just arrived); nil for the server's answer.
  public var keptAge: Duration?

  /// A value and how old the response it came from was when kept (nil: the server's).
  public init(_ value: Value, keptAge: Duration? = nil) {
    self.value = value
    self.keptAge = keptAge
  }
}

/// The answers of ``RequestConvertible/answers(on:)``: what the cache keeps, then the server's
/// answer when it differs. They end after the server's answer, or throw its ``RequestError``;
/// a loop cancelled before the server answered throws ``RequestError/Kind/cancelled``, so an
/// answer that never came is never taken for "nothing changed".
public struct Answers<Value: Sendable>: AsyncSequence, Sendable {
  /// An answer.
  public typealias Element = Answer<Value>
  /// What ends the answers early: the server's failure, or the loop's cancellation.
  public typealias Failure = RequestError

  /// The answers, then nil when the server has answered (the stream only ends after it).
  let stream: AsyncThrowingStream<Answer<Value>?, any Error>

  /// The answers, in order.
  public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

  /// Reads the answers.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Answer<Value>?, any Error>.AsyncIterator
    var ended = false

    /// The next answer, or nil after the last.
    public mutating func next() async throws(RequestError) -> Answer<Value>? {
      guard !ended else { return nil }
      let next: Answer<Value>??
      do {
        next = try await base.next()
      } catch {
        ended = true
        throw Client.map(error)
      }
      switch next {
      case .some(.some(let answer)):
        return answer
      case .some(.none):
        ended = true
        return nil
      case .none:
        ended = true
        throw RequestError(.cancelled, "the answers were cancelled before the server's")
      }
    }
  }
}
