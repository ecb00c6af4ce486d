/// A load a ``Pager``'s verb started, or the one it joined: the pager has started it (or found
/// it running) by the time the verb returns, and ``ended()`` waits for it.
///
/// ```swift
/// List(messages.items) { message in MessageRow(message) }
///   .refreshable { await messages.refresh().ended() }
/// ```
///
/// ```swift
/// while await feed.loadNext().ended().append == .idle {}  // to the end of the feed
/// ```
@MainActor
public struct PagerLoad {
  /// Waits for the load; nil when nothing started or ran.
  private let wait: (@MainActor () async -> Void)?
  /// The pager's load states now.
  private let states: @MainActor () -> LoadStates
  /// Whether the verb started a load (not joined one, nor found none to start).
  package let started: Bool

  init(
    started: Bool, wait: (@MainActor () async -> Void)?,
    states: @escaping @MainActor () -> LoadStates
  ) {
    self.started = started
    self.wait = wait
    self.states = states
  }

  /// Waits until the load has ended (landed, failed, or been cancelled, whether or not its
  /// source noticed) and returns the load states then; at once when nothing started or ran
  /// (the list ends that way, say). Cancelling the awaiting task cancels the load when the
  /// verb started it, and leaves a load it joined alone.
  @discardableResult
  public func ended() async -> LoadStates {
    await wait?()
    return states()
  }
}
