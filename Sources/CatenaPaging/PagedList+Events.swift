import Foundation

extension PagedList {
  /// The list's events from now on, as an `AsyncSequence`: what a pull-to-refresh control and
  /// a load-more footer react to. Each call makes a new stream; every stream gets every event,
  /// and ends when the list goes away.
  ///
  /// ```swift
  /// for await event in houses.events() {
  ///   switch event {
  ///   case .started(let isFirstPage): if !isFirstPage { footer.startLoading() }
  ///   case .headerEnded(let hasMore): refreshControl.endRefreshing(); footer.hasMore = hasMore
  ///   case .footerEnded(let hasMore): footer.endLoading(hasMore: hasMore)
  ///   case .failed(let error): banner.show(error.message)
  ///   case .contentChanged: break
  ///   }
  /// }
  /// ```
  public func events() -> AsyncStream<PagingEvent> {
    hub.subscribe()
  }
}

/// Hands a paged list's events to every subscribed stream; usable from the list's `deinit`.
final class EventHub: @unchecked Sendable {
  // NB: `lock` guards `streams`, `nextID`, `finished` and `task`.
  private let lock = NSLock()
  private var streams: [Int: AsyncStream<PagingEvent>.Continuation] = [:]
  private var nextID = 0
  private var finished = false
  private var task: Task<Void, Never>?

  /// The running load, cancelled when the list goes away.
  var running: Task<Void, Never>? {
    get { lock.withLock { task } }
    set { lock.withLock { task = newValue } }
  }

  func subscribe() -> AsyncStream<PagingEvent> {
    let (stream, continuation) = AsyncStream<PagingEvent>.makeStream()
    let id = lock.withLock { () -> Int? in
      guard !finished else { return nil }
      nextID += 1
      streams[nextID] = continuation
      return nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      _ = self.lock.withLock { self.streams.removeValue(forKey: id) }
    }
    return stream
  }

  func send(_ event: PagingEvent) {
    for continuation in lock.withLock({ Array(streams.values) }) { continuation.yield(event) }
  }

  func finish() {
    let (continuations, task) = lock.withLock {
      () -> ([AsyncStream<PagingEvent>.Continuation], Task<Void, Never>?) in
      finished = true
      defer { streams = [:] }
      return (Array(streams.values), self.task)
    }
    task?.cancel()
    for continuation in continuations { continuation.finish() }
  }
}
