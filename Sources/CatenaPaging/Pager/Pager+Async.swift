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
  /// When pages after the window are already loading, this waits for that load instead of
  /// starting one; during a refresh it waits for the refresh and starts nothing. So a loop
  /// that scrolls to the end neither spins on a running load nor asks for a page twice.
  /// Cancelling the awaiting task cancels only a load this call started.
  ///
  /// - Returns: how the append ended; its state at once when none started or ran.
  @discardableResult
  public func loadingNext() async -> LoadState {
    await loading(.append, start: loadNext)
  }

  /// Loads the pages before the window and returns when the load has ended; waits for the
  /// running one instead when pages before the window, or a refresh, are already loading.
  /// Cancelling the awaiting task cancels only a load this call started.
  ///
  /// - Returns: how the prepend ended; its state at once when none started or ran.
  @discardableResult
  public func loadingPrevious() async -> LoadState {
    await loading(.prepend, start: loadPrevious)
  }

  /// Runs every failed load again (see ``retry()``) and returns when they have ended: the
  /// `async` form of ``retry()``.
  ///
  /// ```swift
  /// Button("Retry") { Task { await messages.retrying() } }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the loads it started.
  ///
  /// - Returns: the load states once they ended (at once when nothing had failed).
  @discardableResult
  public func retrying() async -> LoadStates {
    let started = retry()
    let loads = LoadDirection.allCases.compactMap { direction in
      running[direction].flatMap { started.contains($0.task) ? (direction, $0.task) : nil }
    }
    for (direction, load) in loads { await awaiting(load, direction) }
    return loadStates
  }

  /// Starts a load in `direction`, or, when one runs there or a refresh runs, waits for that
  /// one without taking it over (the waiting task's cancellation leaves it alone).
  private func loading(_ direction: LoadDirection, start: () -> Task<Void, Never>?) async
    -> LoadState
  {
    if let running = running[.refresh]?.task ?? running[direction]?.task {
      let from: LoadDirection = self.running[.refresh] != nil ? .refresh : direction
      await awaiting(running, from, cancelling: false)
      return loadStates[direction]
    }
    guard let load = start() else { return loadStates[direction] }
    return await awaiting(load, direction)
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
