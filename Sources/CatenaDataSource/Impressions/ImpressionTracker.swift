/// Which items show, since when, and which have appeared: turns what the table shows at
/// each look into ``Impression`` events, once per continuous visibility.
@MainActor
final class ImpressionTracker<ID: Hashable> {
  /// The fraction of a cell that must show.
  let threshold: Double
  /// How long an item must show before it appears.
  let minimum: Duration
  /// The time now, since the tracker was made.
  let now: () -> Duration
  /// Sleeps until the time given (since the tracker was made).
  let sleep: @Sendable (Duration) async throws -> Void
  /// Hears the events.
  let handler: (Impression<ID>) -> Void
  /// Looks at the table again (when a deadline passes).
  var look: () -> Void = {}

  /// Items showing that have not appeared yet, with when they started to show.
  private var since: [ID: Duration] = [:]
  /// Items that appeared and still show.
  private var appeared: Set<ID> = []
  /// The items showing at the last look, in order.
  private var shown: [ID] = []
  /// The task waiting for the next deadline, and that deadline.
  private(set) var timer: Task<Void, Never>?
  private(set) var deadline: Duration?

  init<C: Clock<Duration>>(
    threshold: Double, minimum: Duration, clock: C,
    handler: @escaping (Impression<ID>) -> Void
  ) {
    self.threshold = threshold
    self.minimum = minimum
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    self.handler = handler
  }

  /// Events not yet handed to the handler, oldest first: those a handler's own work causes
  /// wait behind the rest.
  private var queued: [Impression<ID>] = []
  /// Whether the handler is being called (a look from inside it only queues).
  private var isDelivering = false

  /// Takes in what shows now: `fractions`, how much of each item's cell shows, in order.
  func update(_ fractions: [(ID, Double)]) {
    let time = now()
    let visible = fractions.filter { $0.1 >= threshold }.map(\.0)
    let visibleSet = Set(visible)
    var events: [Impression<ID>] = []
    for id in shown where !visibleSet.contains(id) {
      since[id] = nil
      if appeared.remove(id) != nil { events.append(.disappeared(id)) }
    }
    for id in visible where !appeared.contains(id) {
      let start = since[id] ?? time
      if time - start >= minimum {
        since[id] = nil
        appeared.insert(id)
        events.append(.appeared(id))
      } else {
        since[id] = start
      }
    }
    shown = visible
    schedule()
    // State first, then the app: a handler that applies or scrolls looks again consistently,
    // and what that look finds is told after the events of this one.
    queued += events
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    while !queued.isEmpty { handler(queued.removeFirst()) }
  }

  /// Waits for the earliest time an item showing now would appear.
  private func schedule() {
    let next = since.values.min().map { $0 + minimum }
    guard next != deadline else { return }
    timer?.cancel()
    deadline = next
    guard let next else {
      timer = nil
      return
    }
    let sleep = sleep
    timer = Task { @MainActor [weak self] in
      do { try await sleep(next) } catch { return }
      guard let self, self.deadline == next else { return }
      self.deadline = nil
      self.look()
    }
  }

  /// Stops waiting; events kept for the next turn are dropped (the handler was replaced).
  func stop() {
    timer?.cancel()
    timer = nil
    deadline = nil
    queued = []
  }
}
