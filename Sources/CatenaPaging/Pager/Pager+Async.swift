extension Pager {
  /// A handle whose ``PagerLoad/ended()`` runs `wait` on this pager (nothing once it is gone);
  /// `started` when the verb started a load.
  func handle(started: Bool = true, _ wait: @escaping @MainActor (Pager) async -> Void)
    -> PagerLoad
  {
    PagerLoad(
      started: started, wait: { [weak self] in if let self { await wait(self) } },
      states: { [weak self] in self?.loadStates ?? LoadStates() })
  }

  /// Starts a load in `direction`, or, when one runs there or a refresh runs, joins that one
  /// without taking it over (the waiting task's cancellation leaves it alone).
  func joining(_ direction: LoadDirection) -> PagerLoad {
    if let running = running[.refresh]?.task ?? running[direction]?.task {
      let from: LoadDirection = self.running[.refresh] != nil ? .refresh : direction
      return handle(started: false) { await $0.awaiting(running, from, cancelling: false) }
    }
    guard let load = load(direction, cause: .code) else { return handle(started: false) { _ in } }
    return handle { await $0.awaiting(load, direction) }
  }

  /// Waits until `load` in `direction` has ended (landed, failed, or been cancelled, whether
  /// or not its source noticed), cancelling it when the waiting task is cancelled and
  /// `cancelling`.
  @discardableResult
  func awaiting(
    _ load: Task<Void, Never>, _ direction: LoadDirection, cancelling: Bool = true
  ) async -> LoadState {
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
      guard cancelling else { return }
      Task { @MainActor [weak self] in self?.cancel(load, in: direction) }
    }
    return loadStates[direction]
  }

  /// Cancels `load` if it still runs in `direction`.
  private func cancel(_ load: Task<Void, Never>, in direction: LoadDirection) {
    guard running[direction]?.task == load else { return }
    if direction != .refresh { held.insert(direction) }
    cancelRunning(direction)
    updateStates()
  }
}
