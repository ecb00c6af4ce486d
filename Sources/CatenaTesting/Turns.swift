/// Lets other tasks run, one turn at a time, until `done` holds: how a test waits for work
/// it started in another task without a clock (so a busy machine cannot make it fail).
///
/// ```swift
/// let asker = Task { try await Get("feed").value(on: api) }
/// try await turns("the request to reach the transport") { transport.requests.count == 1 }
/// ```
///
/// - Throws: ``StillWaiting`` when `done` does not hold after `limit` turns.
public func turns(
  _ what: String, limit: Int = 100_000, isolation: isolated (any Actor)? = #isolation,
  until done: () async throws -> Bool
) async throws {
  for _ in 0..<limit {
    if try await done() { return }
    await Task.yield()
  }
  if try await done() { return }
  throw StillWaiting(what: what, turns: limit)
}

/// What ``turns(_:limit:isolation:until:)`` throws when its condition does not hold in time.
public struct StillWaiting: Error, CustomStringConvertible {
  /// What the test waited for.
  public let what: String
  /// How many turns it waited.
  public let turns: Int
  /// "still waiting for … after 100,000 turns".
  public var description: String { "still waiting for \(what) after \(turns) turns" }
}
