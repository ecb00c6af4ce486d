import Foundation

/// Lets one run through at a time, in the order they arrive: what keeps a nonisolated callback
/// from running twice at once.
final class SerialGate: @unchecked Sendable {
  // NB: `lock` guards `busy` and `waiting`.
  private let lock = NSLock()
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` once no other run is inside the gate, or at once when `open`.
  func pass(unless open: Bool, _ body: () async -> Void) async {
    if open { return await body() }
    await enter()
    await body()
    leave()
  }

  /// How many runs wait for the one inside.
  var waitingCount: Int { lock.withLock { waiting.count } }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let admitted = lock.withLock {
        if busy {
          waiting.append(continuation)
          return false
        }
        busy = true
        return true
      }
      if admitted { continuation.resume() }
    }
  }

  private func leave() {
    let next: CheckedContinuation<Void, Never>? = lock.withLock {
      if waiting.isEmpty {
        busy = false
        return nil
      }
      return waiting.removeFirst()
    }
    next?.resume()
  }
}
