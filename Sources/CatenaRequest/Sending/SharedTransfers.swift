import Foundation

/// Identical requests in flight at once, sending one transfer between them: the same method,
/// URL, headers as sent (after the interceptors, the credential and the transport's cookies;
/// names ignoring case, fields of different names in any order), body and limits, through one
/// transport (a client whose transport is replaced gets a table of its own), with no write
/// between them (``Key/writes``). Each asker gets its own outcome and may cancel alone; the
/// transfer stops when the last asker cancels. A request asked for after the transfer ended
/// sends a new one.
final class SharedTransfers: @unchecked Sendable {
  /// What identical requests share: the request as sent, and the counts of writes when it
  /// was asked for (the table's, and its client's cache's), so that a request asked for after
  /// a write never joins one sent before it.
  struct Key: Hashable {
    var request: HTTPRequest
    var writes: UInt64
    /// The client's cache (nil: none), and its count of writes.
    var cache: ObjectIdentifier? = nil
    var cacheWrites: UInt64? = nil
  }

  /// The writes sent through the clients of this table (see ``fence()``).
  private var writes: UInt64 = 0

  /// The count of writes now, for a ``Key``.
  var writeCount: UInt64 { lock.withLock { writes } }

  /// A write happened: a request asked for from now on shares no transfer asked for before.
  func fence() { lock.withLock { writes &+= 1 } }

  typealias Send = @Sendable (HTTPRequest, ProgressHandler?) async throws -> HTTPResponse

  /// One transfer and the askers waiting for it; read and written under the table's lock.
  private final class Transfer: @unchecked Sendable {
    var task: Task<Void, Never>?
    var waiters: [Int: CheckedContinuation<HTTPResponse, any Error>] = [:]
    var progress: [Int: ProgressHandler] = [:]
  }

  private let lock = NSLock()
  private var transfers: [Key: Transfer] = [:]
  private var nextToken = 0
  /// Askers that have a token but are not waiting yet, and those of them already cancelled.
  private var joining: Set<Int> = []
  private var cancelledBeforeJoining: Set<Int> = []

  /// The response to `request`: the transfer of an identical request in flight, or a new one
  /// made with `send`. `joined` is told whether the asker joined a transfer in flight.
  func send(
    _ request: Key, progress: ProgressHandler?, joined: @Sendable (Bool) -> Void,
    _ send: @escaping Send
  ) async throws -> HTTPResponse {
    let token = lock.withLock {
      nextToken += 1
      joining.insert(nextToken)
      return nextToken
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        join(request, token, continuation, progress, joined, send)
      }
    } onCancel: {
      leave(request, token)
    }
  }

  private func join(
    _ request: Key, _ token: Int,
    _ continuation: CheckedContinuation<HTTPResponse, any Error>, _ progress: ProgressHandler?,
    _ joined: (Bool) -> Void, _ send: @escaping Send
  ) {
    let outcome: (cancelled: Bool, shared: Bool) = lock.withLock {
      joining.remove(token)
      if cancelledBeforeJoining.remove(token) != nil || Task.isCancelled { return (true, false) }
      let transfer = transfers[request] ?? Transfer()
      let shared = transfers[request] != nil
      transfer.waiters[token] = continuation
      transfer.progress[token] = progress
      if !shared {
        transfers[request] = transfer
        transfer.task = Task { [weak self] in
          let result: Result<HTTPResponse, any Error>
          do {
            result = .success(
              try await send(request.request) { [weak self] made in
                for handler in self?.handlers(of: transfer) ?? [] { handler(made) }
              })
          } catch {
            result = .failure(error)
          }
          self?.finish(request, transfer, result)
        }
      }
      return (false, shared)
    }
    if outcome.cancelled {
      continuation.resume(throwing: CancellationError())
    } else {
      joined(outcome.shared)
    }
  }

  /// The progress handlers of the askers of `transfer`.
  private func handlers(of transfer: Transfer) -> [ProgressHandler] {
    lock.withLock { Array(transfer.progress.values) }
  }

  /// An asker cancelled: it stops waiting, with a cancellation of its own; the transfer stops
  /// when no asker is left.
  private func leave(_ request: Key, _ token: Int) {
    let leaving: CheckedContinuation<HTTPResponse, any Error>? = lock.withLock {
      if joining.contains(token) {
        cancelledBeforeJoining.insert(token)
        return nil
      }
      guard let transfer = transfers[request],
        let continuation = transfer.waiters.removeValue(forKey: token)
      else { return nil }
      transfer.progress[token] = nil
      if transfer.waiters.isEmpty {
        transfers[request] = nil
        transfer.task?.cancel()
      }
      return continuation
    }
    leaving?.resume(throwing: CancellationError())
  }

  /// The transfer ended: each asker still waiting gets the outcome.
  private func finish(
    _ request: Key, _ transfer: Transfer, _ result: Result<HTTPResponse, any Error>
  ) {
    let waiters = lock.withLock {
      if transfers[request] === transfer { transfers[request] = nil }
      let waiters = transfer.waiters
      transfer.waiters = [:]
      transfer.progress = [:]
      return waiters
    }
    for waiter in waiters.values { waiter.resume(with: result) }
  }
}
