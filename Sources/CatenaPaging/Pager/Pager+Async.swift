extension Pager {
  /// Refreshes (at `key`) and returns when the load has ended: the `async` form of
  /// ``refresh(at:)``, for SwiftUI's `.refreshable` and `.task`. Cancelling the awaiting task
  /// cancels the load, unless another has replaced it already.
  ///
  /// ```swift
  /// List(messages.items) { message in MessageRow(message) }
  ///   .refreshable { await messages.refreshing() }
  /// ```
  ///
  /// - Returns: how the refresh ended (``LoadState/idle`` when it landed).
  @discardableResult
  public func refreshing(at key: PageKey? = nil) async -> LoadState {
    await awaiting(refresh(at: key), .refresh)
  }

  /// Loads the pages after the window and returns when the load has ended.
  ///
  /// - Returns: how the append ended; its state at once when none started.
  @discardableResult
  public func loadingNext() async -> LoadState {
    guard let load = loadNext() else { return loadStates.append }
    return await awaiting(load, .append)
  }

  /// Loads the pages before the window and returns when the load has ended.
  ///
  /// - Returns: how the prepend ended; its state at once when none started.
  @discardableResult
  public func loadingPrevious() async -> LoadState {
    guard let load = loadPrevious() else { return loadStates.prepend }
    return await awaiting(load, .prepend)
  }

  /// Waits until `load` in `direction` has ended (landed, failed, or been cancelled, whether
  /// or not its source noticed), cancelling it when the waiting task is cancelled.
  private func awaiting(_ load: Load, _ direction: LoadDirection) async -> LoadState {
    guard let generation = running[direction]?.generation, running[direction]?.task == load
    else { return loadStates[direction] }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if running[direction]?.generation == generation {
          waiters[generation, default: []].append(continuation)
        } else {
          continuation.resume()
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.cancel(load, in: direction) }
    }
    return loadStates[direction]
  }

  /// Cancels `load` if it still runs in `direction`.
  private func cancel(_ load: Load, in direction: LoadDirection) {
    guard running[direction]?.task == load else { return }
    cancelRunning(direction)
    updateStates()
  }
}
