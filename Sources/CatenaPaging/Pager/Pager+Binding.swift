public import CatenaDataSource
public import CatenaDiff

extension Pager where Item: Equatable {
  /// Shows the pager in `section` of `dataSource`: its items as ``PagerRow/item(_:)`` rows,
  /// with status rows for the first load, loads either way, failures (a tap retries) and the
  /// end, and what the returned binding adds (separators, placeholders, a filter). The first
  /// rows of a data source that shows nothing yet come at once (a reload, not animated in: a
  /// list opening on rows it kept shows them as they are); every later change animates as one
  /// diff, keeping the first row on screen where it was (older items loading above do not
  /// move what the user reads); the load states change after the rows they describe. The
  /// data source's `emptyState` text shows once the list is loaded and empty, never while it
  /// loads.
  ///
  /// Rows within ``PagerConfiguration/prefetchDistance`` of either end load the pages past it
  /// when they come on screen or when the table prefetches them (on the next main-actor turn,
  /// never inside the table's layout pass); a failed direction waits for a tap on its status
  /// row or ``retry()``.
  ///
  /// ```swift
  /// // The table keeps the data source (the pager holds it weakly).
  /// dataSource = SectionedDataSource<String, PagerRow<Message>>()
  ///   .bind(tableView)
  ///   .configureCell(MessageCell.self) { cell, _, row in cell.text = row.item?.text ?? row.text }
  ///   .emptyState { "No messages yet" }
  /// messages.bind(dataSource, section: "chat")
  ///   .separator { before, message in before?.day == message.day ? nil : message.day }
  /// messages.refresh()
  /// ```
  ///
  /// - Parameters:
  ///   - dataSource: the data source; held weakly. Other sections of its snapshot are kept.
  ///   - section: the section the rows fill (created after the others if missing).
  /// - Returns: the binding, to add rows and read what the data source could not show.
  @inlinable @discardableResult
  public func bind<SectionID: Hashable>(
    _ dataSource: SectionedDataSource<SectionID, PagerRow<Item>>, section: SectionID
  ) -> PagerBinding<Item> {
    // The pager keeps the binding (through its listener); the binding keeps neither.
    let binding = PagerBinding<Item>(self)
    let show: (PagerBinding<Item>) -> Void = { [weak self, weak dataSource] binding in
      guard let self, let dataSource else { return }
      if !self.renamed.isEmpty {
        // A draft's row takes the server's id in place: its row and its separator stay.
        var rows: [PagerRow<Item>.ID: PagerRow<Item>.ID] = [:]
        for (old, new) in self.renamed {
          rows[.item(old)] = .item(new)
          rows[.separator(before: old)] = .separator(before: new)
        }
        dataSource.renameOnNextApply(rows)
      }
      binding.show(self.rows(binding), in: dataSource, section: section, log: self.log)
    }
    binding.refresh = { [weak binding] in if let binding { show(binding) } }
    let distance = configuration.prefetchDistance
    // The ends of the section that rows at `paths` are near (within the prefetch distance).
    let ends: ([ItemPath]) -> [LoadDirection] = { [weak dataSource] paths in
      guard let dataSource, let index = dataSource.shownSnapshot?.sectionIDs.firstIndex(of: section)
      else { return [] }
      let rows = dataSource.numberOfRows(inSection: index)
      let mine = paths.filter { $0.section == index }
      return (mine.contains { $0.item < distance } ? [.prepend] : [])
        + (mine.contains { $0.item >= rows - distance } ? [.append] : [])
    }
    // Asked for while the table lays out its rows (a row coming on screen, a prefetch), where
    // UIKit allows no batch update, reload or read of the visible rows: the loads start on
    // the next main-actor turn, each end once however many rows asked.
    dataSource.displayObservers.append { [weak self] path in
      for end in ends([path]) { self?.loadSoon(end, cause: .scroll) }
    }
    dataSource.prefetchObservers.append { [weak self] paths in
      for end in ends(paths) { self?.loadSoon(end, cause: .prefetch) }
    }
    // Status, separator and placeholder rows are never edited nor deleted.
    dataSource.isContent = { $0?.item != nil }
    dataSource.answersTap = { $0?.status?.isRetryable == true }
    // "No messages yet" once the list is loaded and shows nothing, never while it loads.
    dataSource.showsEmptyState = { [weak self] in
      guard let self else { return true }
      return self.loadedPageCount > 0 && !self.loadStates.isLoading
        && self.loadStates.refresh.error == nil
    }
    dataSource.selectObservers.append { [weak self, weak dataSource] path in
      guard let self, let dataSource,
        dataSource.shownSnapshot?.sectionIDs.firstIndex(of: section) == path.section,
        dataSource.item(at: path)?.status?.isRetryable == true
      else { return }
      self.retry()
    }
    // An end whose page failed, shown as a status row, that then loads (a retry) is announced.
    var failedEnds: Set<LoadDirection> = []
    listeners.append { [weak self, weak dataSource] _ in
      show(binding)
      dataSource?.updateEmptyState()
      if let self, let dataSource, binding.showsStatus {
        let states = self.loadStates
        for end in [LoadDirection.prepend, .append] {
          let state = end == .append ? states.append : states.prepend
          let failed = state.error != nil || (end == .append && states.refresh.error != nil)
          if failed {
            failedEnds.insert(end)
          } else if failedEnds.contains(end), !state.isLoading, !states.refresh.isLoading {
            failedEnds.remove(end)
            dataSource.announce?(CatenaStrings.string(.retrySucceeded))
          }
        }
      }
      // A page that leaves the ends on screen is followed by the next at once (unless the
      // end is held: only the user's scrolling lifts that).
      if let self, let dataSource {
        for end in ends(dataSource.visibleItemPaths) {
          self.load(end, cause: .scroll, byUser: false)
        }
      }
    }
    show(binding)
    return binding
  }

  /// The rows the binding shows now.
  @inlinable
  func rows(_ binding: PagerBinding<Item>) -> [PagerRow<Item>] {
    rows(filter: binding.filter, separator: binding.separatorText, statusRows: binding.showsStatus)
  }
}

/// What a ``Pager`` bound to a data source adds to its items, and what the data source could
/// not show. Its methods return the binding, to chain; each shows the rows again.
@MainActor
public final class PagerBinding<Item: Identifiable & Sendable & Equatable> where Item.ID: Sendable {
  /// Errors the data source reported (a rejected batch); the table then shows the last
  /// snapshot it could.
  public internal(set) var errors: [DataSourceError] = []

  @usableFromInline var filter: ((Item) -> Bool)?
  @usableFromInline var separatorText: ((Item?, Item) -> String?)?
  @usableFromInline var showsStatus = true
  @usableFromInline var refresh: () -> Void = {}
  /// The rows last applied, and the data source's version just after: a change of the pager
  /// that leaves the rows as they are (a load starting with no status row) applies nothing.
  @usableFromInline var applied: (rows: [PagerRow<Item>], version: Int)?
  /// The pager shown (for affordances that act on it, such as `PagingControls`).
  @usableFromInline package private(set) weak var pager: Pager<Item>?
  @usableFromInline init(_ pager: Pager<Item>) { self.pager = pager }

  /// Records an error the data source reported.
  @usableFromInline func record(_ error: DataSourceError) { errors.append(error) }

  /// Shows only the items `isIncluded` accepts (the pager keeps them all).
  @discardableResult
  public func filter(_ isIncluded: @escaping (Item) -> Bool) -> Self {
    filter = isIncluded
    refresh()
    return self
  }

  /// Puts a separator row before an item when `text` gives one: called with the item shown
  /// before it (nil for the first) and the item.
  ///
  /// ```swift
  /// binding.separator { before, message in before?.day == message.day ? nil : message.day }
  /// ```
  @discardableResult
  public func separator(_ text: @escaping (_ before: Item?, _ item: Item) -> String?) -> Self {
    separatorText = text
    refresh()
    return self
  }

  /// Whether status rows show (on by default); without them, the app shows
  /// ``Pager/loadStates`` its own way.
  @discardableResult
  public func statusRows(_ shown: Bool) -> Self {
    showsStatus = shown
    refresh()
    return self
  }

  /// Applies `rows` to `section` of `dataSource`, keeping the other sections and the first
  /// row on screen.
  @inlinable
  func show<SectionID: Hashable>(
    _ rows: [PagerRow<Item>], in dataSource: SectionedDataSource<SectionID, PagerRow<Item>>,
    section: SectionID, log: PagerLog?
  ) {
    if let applied, applied.version == dataSource.version, applied.rows == rows { return }
    // Nothing shown yet and nothing to show: the first rows are then the table's first
    // content, shown at once (as a reload) rather than animated in.
    if rows.isEmpty, dataSource.shownSnapshot == nil { return }
    defer { applied = (rows, dataSource.version) }
    do throws(DataSourceError) {
      var snapshot = Snapshot<SectionID, PagerRow<Item>>()
      for shown in dataSource.shownSnapshot?.sections ?? [] {
        try snapshot.appendSection(shown.model.id)
        if shown.model.id != section { try snapshot.appendItems(shown.items) }
      }
      if !snapshot.sectionIDs.contains(section) { try snapshot.appendSection(section) }
      try snapshot.appendItems(rows, toSection: section)
      guard let log else {
        try dataSource.applyKeepingPosition(snapshot)
        return
      }
      let start = ContinuousClock.now
      // The first rows shown are a reload: every row came, in no batch.
      let batches: [BatchUpdate] =
        ((try? dataSource.shownSnapshot?.changes(to: snapshot)).map { $0.map { $0.batch } })
        ?? []
      let reloaded = dataSource.shownSnapshot == nil ? snapshot.numberOfItems : 0
      try dataSource.applyKeepingPosition(snapshot)
      var counts = (inserted: reloaded, deleted: 0, moved: 0, updated: 0)
      for batch in batches {
        counts.inserted += batch.itemInserts.count
        counts.deleted += batch.itemDeletes.count
        counts.moved += batch.itemMoves.count
        counts.updated += batch.itemReconfigures.count + batch.itemReloads.count
      }
      log.write(
        .applied(
          inserted: counts.inserted, deleted: counts.deleted, moved: counts.moved,
          updated: counts.updated, stages: batches.count, elapsed: .now - start))
    } catch {
      record(error)
    }
  }
}
