import Foundation

/// A clock that moves only when told (``advance(by:)``): sleepers wake in order of their
/// deadlines as it passes them, so a test orders timed events without real time.
package final class ManualClock: Clock, @unchecked Sendable {
  /// A moment of the clock: the time since it started.
  package struct Instant: InstantProtocol {
    package var offset: Duration

    package func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let lock = NSLock()
  private var time = Instant(offset: .zero)
  private var sleepers: [UInt64: (deadline: Instant, wake: CheckedContinuation<Void, any Error>)] =
    [:]
  private var nextID: UInt64 = 0

  package init() {}

  package var now: Instant { lock.withLock { time } }
  package var minimumResolution: Duration { .zero }

  /// The number of sleepers waiting.
  package var sleeperCount: Int { lock.withLock { sleepers.count } }

  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id: UInt64 = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        // A cancel can land between the check above and this point, on another thread: its
        // handler then found no sleeper to remove, so a sleeper kept now would never wake
        // and would count as waiting for ever. Under the lock, cancelled means no sleeper.
        let outcome: Result<Bool, CancellationError> = lock.withLock {
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= time { return .success(true) }
          sleepers[id] = (deadline, wake)
          return .success(false)
        }
        switch outcome {
        case .failure(let error): wake.resume(throwing: error)
        case .success(true): wake.resume()
        case .success(false): break
        }
      }
    } onCancel: {
      let wake = lock.withLock { sleepers.removeValue(forKey: id)?.wake }
      wake?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock on by `duration`, waking the sleepers whose deadlines it reaches.
  package func advance(by duration: Duration) {
    let woken: [CheckedContinuation<Void, any Error>] = lock.withLock {
      time = time.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= time }.sorted {
        $0.value.deadline < $1.value.deadline
      }
      for (id, _) in due { sleepers[id] = nil }
      return due.map(\.value.wake)
    }
    for wake in woken { wake.resume() }
  }
}
