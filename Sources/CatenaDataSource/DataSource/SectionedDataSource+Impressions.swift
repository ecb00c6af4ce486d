import CatenaDiff

extension SectionedDataSource {
  /// Tells `handler` when an item comes into view and when it leaves: an item appears once
  /// at least `visibleFraction` of its cell's area has shown for `duration` without a break,
  /// and disappears when less shows again, the list leaves the window, or its scene (the app)
  /// goes to the background; coming back is a new impression. Each continuous
  /// stretch of visibility gives one `appeared` and, once it ends, one `disappeared`;
  /// items are told apart by id, so neither cell reuse nor an apply that moves an item on
  /// screen repeats an event.
  ///
  /// ```swift
  /// dataSource.impressions(after: .seconds(1)) { impression in
  ///   if case .appeared(let id) = impression { analytics.seen(id) }
  /// }
  /// ```
  ///
  /// The list is looked at after every scroll, apply, reload and batch update, and when an
  /// item's `duration` has passed (a task sleeping on `clock`; tests give a manual clock).
  /// What a scroll changes reaches `handler` on the next main-actor turn, in order: UIKit also
  /// sends scrolls from inside its layout pass, where no update of the list is allowed.
  /// Giving impressions again replaces the earlier handler; its items start afresh.
  ///
  /// - Parameters:
  ///   - duration: how long an item must show before it appears; zero: at once.
  ///   - visibleFraction: how much of its cell's area must show (0–1; default half).
  ///   - clock: the clock `duration` is measured on.
  ///   - handler: hears each event, on the main actor.
  @discardableResult
  public func impressions(
    after duration: Duration, visibleFraction: Double = 0.5,
    clock: any Clock<Duration> = ContinuousClock(),
    _ handler: @escaping (Impression<Item.ID>) -> Void
  ) -> Self {
    guard !isInvalidated else { return self }
    let hadImpressions = impressionTracker != nil
    impressionTracker?.stop()
    let tracker = ImpressionTracker(
      threshold: min(max(visibleFraction, 0), 1), minimum: max(duration, .zero), clock: clock,
      handler: handler)
    tracker.look = { [weak self] in self?.updateImpressions(settle: true) }
    impressionTracker = tracker
    // A UIKit list reads once, when the data source is connected, whether it scrolls for it.
    if !hadImpressions { binding?.reconnect() }
    updateImpressions(settle: true)
    return self
  }

  /// Looks at what shows now and tells the impression handler what changed. `settle` lays
  /// out a pending reload first.
  ///
  /// From a callback of the table's layout pass (``duringLayout(_:)``) nothing is measured:
  /// the frames are half made there (self-sizing rows are measured one after another, rows
  /// below still at their estimates), so a row could seem to leave and come back within one
  /// pass and be counted twice. One look follows on the next main-actor turn, after the
  /// pass, and tells the handler from there, in order.
  func updateImpressions(settle: Bool) {
    guard impressionTracker != nil, !isInvalidated else { return }
    guard layoutCallbackDepth == 0 else { return lookAtImpressionsNextTurn() }
    measureImpressions(settle: settle)
  }

  /// Looks at what shows on the next main-actor turn, once: the view is changing now (inside
  /// its layout pass, or finishing a drop).
  func lookAtImpressionsNextTurn() {
    guard impressionTracker != nil, !isInvalidated, !isImpressionLookQueued else { return }
    isImpressionLookQueued = true
    afterLayout { [weak self] in
      self?.isImpressionLookQueued = false
      self?.measureImpressions(settle: true)
    }
  }

  /// Gives the impression tracker how much of each row shows now.
  private func measureImpressions(settle: Bool) {
    guard let tracker = impressionTracker, !isInvalidated else { return }
    var shown: [(Item.ID, Double)] = []
    if let binding, binding.isInWindow() {
      let fractions = binding.fractions(settle)
      for path in fractions.keys.sorted() {
        if let item = item(at: path), isContent(at: path) {
          shown.append((item.id, fractions[path] ?? 0))
        }
      }
    }
    tracker.update(shown)
  }

  /// Waits until the look a layout callback asked for has run and told the handler: what a
  /// test awaits after a scroll.
  package func impressionsDelivered() async { await afterLayoutDone() }

  /// The task waiting for the next impression deadline, when that deadline is no later than
  /// `elapsed` since the impressions were given: what a test awaits after moving its clock.
  package func impressionTimer(dueBy elapsed: Duration) -> Task<Void, Never>? {
    guard let tracker = impressionTracker, let deadline = tracker.deadline, deadline <= elapsed
    else { return nil }
    return tracker.timer
  }

  /// What follows every apply, reload and batch update: cells get the behaviours of now, the
  /// impressions are looked at, and a scroll that waited for the item is made.
  func didUpdate() {
    // A cell configured before the update and not shown yet catches up when it shows.
    lastConfiguredCell = nil
    resetBehaviors()
    refreshOutlines()
    lookAgain()
  }

  /// Shows every visible row's outline place on its cell again (a node opened or closed
  /// without its row changing).
  func refreshOutlines() {
    guard sectionRoles.values.contains(where: { $0.outline != nil }), let binding, !isInvalidated
    else { return }
    for path in binding.visible() {
      guard let outline = outline(forRowAt: path), let cell = binding.cell(path) else { continue }
      binding.showOutline(outline, cell)
    }
  }

  /// Looks at what shows (impressions) and makes a scroll that waits.
  func lookAgain() {
    performPendingScroll()
    updateImpressions(settle: true)
  }

  /// The table entered or left a window, or the app went to the background or came back:
  /// impressions end or start again (a return visit is a new one), and a reorder the view
  /// ended meanwhile (leaving the window cancels it) is seen over.
  package func visibilityChanged() {
    guard !isInvalidated else { return }
    lookAtImpressionsNextTurn()
    // UIKit may say so from inside a parent's layout or while it ends a gesture: look again
    // on the next turn.
    if isReordering || reorderRecheck != nil {
      Task { @MainActor [weak self] in self?.recheckReorder() }
    }
  }

  /// The table scrolled: what shows changed. UIKit also sends it from inside its layout pass
  /// (an offset it corrects as self-sizing rows replace their estimates, a size change), so
  /// it is a layout callback: the impression handler hears on the next turn, and what it asks
  /// of the table waits with it.
  package func didScroll() {
    guard !isInvalidated else { return }
    lookAtImpressionsNextTurn()
  }
}
