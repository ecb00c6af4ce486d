extension Pager {
  /// The rows a list shows for the pager now: its items as ``PagerRow/item(_:)`` rows with
  /// typed status rows (the first load, a first-load error, a page loading or failed either
  /// way, the end), separators and placeholders, shaped by `rows`. It is what
  /// ``bind(_:section:rows:)`` shows in a data source, for a SwiftUI `List` to show the same
  /// way.
  ///
  /// Reading it in a SwiftUI view (or `withObservationTracking`) tracks the items and the
  /// load states, so the view updates when either changes.
  ///
  /// ```swift
  /// let rows = messages.rows(
  ///   PagerRows(separator: { before, message in
  ///     before?.day == message.day ? nil : message.day
  ///   }))
  /// ForEach(rows) { row in
  ///   if let message = row.item {
  ///     Text(message.text)
  ///   } else if let status = row.status {
  ///     PagerStatusView(status) { messages.retry() }
  ///   } else {
  ///     Text(row.text).font(.caption)
  ///   }
  /// }
  /// ```
  @inlinable
  public func rows(_ rows: PagerRows<Item> = PagerRows()) -> [PagerRow<Item>] {
    self.rows(rows, statusRows: rows.showsStatus)
  }

  /// The rows `shape` gives, with status rows only if `statusRows`.
  @inlinable
  func rows(_ shape: PagerRows<Item>, statusRows: Bool) -> [PagerRow<Item>] {
    let filter = shape.filter
    let separator = shape.separator
    let shown = filter.map { items.filter($0) } ?? items
    let states = loadStates
    var top: PagerStatus?
    var bottom: PagerStatus?
    var whole: PagerStatus?
    if shown.isEmpty {
      switch states.refresh {
      case .loading: whole = .firstLoad
      case .failed(let error): whole = .firstLoadFailed(error.message)
      default: break
      }
    } else if let error = states.refresh.error {
      top = .failed(.refresh, error.message)
    }
    if loadStates.isOffline {
      // What waits for the network, or failed without it, loads when it is back: the list
      // says it is offline instead of loading or failing.
      whole = nil
      top = .offline
    } else if whole == nil {
      switch states.prepend {
      case .loading: top = top ?? .loading(.prepend)
      case .failed(let error): top = top ?? .failed(.prepend, error.message)
      default: break
      }
    }
    if whole == nil {
      switch states.append {
      case .loading where !loadStates.isOffline: bottom = .loading(.append)
      case .failed(let error) where !loadStates.isOffline: bottom = .failed(.append, error.message)
      case .end: bottom = shown.isEmpty ? nil : .end
      default: break
      }
    }
    var rows: [PagerRow<Item>] = []
    guard statusRows || whole == nil else { return rows }
    if let whole, statusRows { rows.append(.status(whole)) }
    rows += (0..<placeholdersBefore).map { .placeholder($0) }
    if let top, statusRows { rows.append(.status(top)) }
    var previous: Item?
    for item in shown {
      if let text = separator?(previous, item) {
        rows.append(.separator(text, before: item.id))
      }
      rows.append(.item(item))
      previous = item
    }
    if let bottom, statusRows { rows.append(.status(bottom)) }
    let after = placeholdersBefore + shown.count
    rows += (0..<placeholdersAfter).map { .placeholder(after + $0) }
    return rows
  }

  /// Tells the pager that the row `id` of `rows` came on screen, for lists the pager is not
  /// bound to (a SwiftUI `List`'s `onAppear`): a row within
  /// `PagerConfiguration(prefetchDistance:)` of either end loads the page past that end, as a
  /// bound table's rows do. A failed direction waits for ``retry()``; a direction already
  /// loading or at its end does nothing. Looks only at the rows near the ends.
  ///
  /// ```swift
  /// ForEach(rows) { row in
  ///   RowView(row).onAppear { messages.rowAppeared(row.id, in: rows) }
  /// }
  /// ```
  ///
  /// - Returns: the directions a load started in.
  @discardableResult
  public func rowAppeared(_ id: PagerRow<Item>.ID, in rows: [PagerRow<Item>]) -> [LoadDirection] {
    let distance = min(configuration.prefetchDistance, rows.count)
    var started: [LoadDirection] = []
    if rows.prefix(distance).contains(where: { $0.id == id }),
      load(.prepend, cause: .scroll) != nil
    {
      started.append(.prepend)
    }
    if rows.suffix(distance).contains(where: { $0.id == id }), load(.append, cause: .scroll) != nil
    {
      started.append(.append)
    }
    return started
  }
}
