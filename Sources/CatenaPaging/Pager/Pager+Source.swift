extension Pager {
  /// Loads from `source` from now on, and refreshes from it: for a list keyed by a query
  /// (search as you type, a filter), without a new pager, so its binding, window settings and
  /// observers stay. What a page means is the new source's: its keys and its first page's
  /// number (``PageSource/firstPage(_:)``, 1 unless it says).
  ///
  /// ```swift
  /// func searchChanged(to query: String) {
  ///   results.refresh(from: .search(query), debounce: .milliseconds(300))
  /// }
  /// ```
  ///
  /// - The loads of the old source are cancelled when the change happens; an answer of theirs
  ///   that arrives later, however slow, is dropped.
  /// - The old items stay until the new source's first page arrives, then are replaced in one
  ///   change; until then no page of the old source is continued either way.
  /// - With a `debounce`, the change waits that long, and a newer change or ``cancel()`` in the
  ///   meantime replaces it: typing "house" asks once, not five times.
  ///
  /// - Returns: the change, which ``PagerLoad/ended()`` waits for until the new first page
  ///   has landed or failed (or the change was replaced during its debounce). Cancelling the
  ///   awaiting task cancels the load; the old items stay.
  ///
  /// In SwiftUI, `.task(id:)` cancels the previous task when the query changes, and its own
  /// sleep is the debounce:
  ///
  /// ```swift
  /// .task(id: query) {
  ///   try? await Task.sleep(for: .milliseconds(300))
  ///   if !Task.isCancelled { await results.refresh(from: .search(query)).ended() }
  /// }
  /// ```
  @discardableResult
  public func refresh(from source: PageSource<Item>, debounce: Duration = .zero) -> PagerLoad {
    pendingSource?.cancel()
    pendingSource = nil
    guard debounce > .zero else {
      let load = switchSource(to: source)
      return handle { await $0.awaiting(load, .refresh) }
    }
    let sleep = debounceSleep
    let change = Task { [weak self] in
      do { try await sleep(debounce) } catch { return }
      guard !Task.isCancelled, let self else { return }
      self.pendingSource = nil
      await self.awaiting(self.switchSource(to: source), .refresh)
    }
    pendingSource = change
    return handle { _ in
      await withTaskCancellationHandler {
        await change.value
      } onCancel: {
        change.cancel()
      }
    }
  }

  /// Makes `source` the pager's and refreshes from it.
  private func switchSource(to source: PageSource<Item>) -> Task<Void, Never> {
    self.source = source
    pagesFromSource = pages.isEmpty
    followReachability()
    return startRefresh()
  }
}
