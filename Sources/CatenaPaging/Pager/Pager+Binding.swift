public import CatenaDataSource
public import CatenaDiff

extension Pager where Item: Equatable {
  /// Shows the pager in `section` of `dataSource`: its items as ``PagerRow/item(_:)`` rows,
  /// with status rows for the first load, loads either way, failures (a tap retries) and the
  /// end, and what `rows` adds (separators, a filter; placeholders come from the
  /// configuration). The first rows of a data source that shows nothing yet come at once (a
  /// reload, not animated in: a list opening on rows it kept shows them as they are); every
  /// later change animates as one diff, keeping the first row on screen where it was (older
  /// items loading above do not move what the user reads); the load states change after the
  /// rows they describe. The data source's `emptyState` text shows once the list is loaded and
  /// empty, never while it loads.
  ///
  /// Rows within `PagerConfiguration(prefetchDistance:)` of either end load the pages past it
  /// when they come on screen or when the table prefetches them (on the next main-actor turn,
  /// never inside the table's layout pass); a failed direction waits for a tap on its status
  /// row or ``retry()``.
  ///
  /// A pager shows in one section at a time: binding again replaces the binding. The same
  /// section of the same data source takes the new rows and case (a search that filters them,
  /// say) at once, with no second set of observers; another section (or data source) is
  /// filled, and the one bound before is emptied and answers no more. A change the data source refuses (an id
  /// another of its sections shows, or a batch its table rejected) leaves the last rows it
  /// could show, and is written to ``log`` as ``PagerLogEntry/rejected(_:)`` (and printed in
  /// a debug build).
  ///
  /// ```swift
  /// // The table keeps the data source (the pager holds it weakly).
  /// dataSource = SectionedDataSource<String, PagerRow<Message>>()
  ///   .bind(tableView)
  ///   .configureCell(MessageCell.self) { cell, _, row in cell.text = row.item?.text ?? row.text }
  ///   .emptyState { "No messages yet" }
  /// messages.bind(dataSource, section: "chat", rows: PagerRows(separator: { before, message in
  ///   before?.day == message.day ? nil : message.day
  /// }))
  /// messages.refresh()
  /// ```
  ///
  /// - Parameters:
  ///   - dataSource: the data source; held weakly. Other sections of its snapshot are kept.
  ///   - section: the section the rows fill (created after the others if missing).
  ///   - rows: which items show, with which separators, and whether status rows show.
  /// - Returns: the pager.
  @inlinable @discardableResult
  public func bind<SectionID: Hashable>(
    _ dataSource: SectionedDataSource<SectionID, PagerRow<Item>>, section: SectionID,
    rows: PagerRows<Item> = PagerRows()
  ) -> Self {
    bind(dataSource, section: section, rows: rows, as: .identity)
  }

  /// Shows the pager in `section` of a data source whose rows are of several kinds (a pager's
  /// beside an outline's, see `RowCase`): as ``bind(_:section:rows:)`` does, each of the
  /// pager's rows made the data source's by `rowCase`. The pager answers only for its section:
  /// its status rows there are not content, a tap on a failed one retries, and the empty-state
  /// text waits for its first page as for every other bound section's.
  ///
  /// ```swift
  /// inbox.bind(dataSource, section: "messages", as: LibraryRow.messages)
  /// ```
  ///
  /// - Parameters:
  ///   - dataSource: the data source; held weakly. Other sections of its snapshot are kept.
  ///   - section: the section the rows fill (created after the others if missing).
  ///   - rows: which items show, with which separators, and whether status rows show.
  ///   - rowCase: how a pager's row becomes the data source's row, and back.
  /// - Returns: the pager.
  @inlinable @discardableResult
  public func bind<SectionID: Hashable, Row>(
    _ dataSource: SectionedDataSource<SectionID, Row>, section: SectionID,
    rows: PagerRows<Item> = PagerRows(), as rowCase: RowCase<Row, PagerRow<Item>>
  ) -> Self {
    // One binding: binding again replaces it. Another section (or data source) is emptied
    // and answers no more; the same section keeps its rows and listener, and takes the new
    // shape and case.
    var kept: PagerBinding<Item>?
    if let bound = boundSection as? PagerBinding<Item> {
      if bound.dataSource === dataSource, bound.section == AnyHashable(section) {
        kept = bound
      } else {
        bound.leave()
      }
    }
    let binding = kept ?? PagerBinding<Item>(rows: rows, dataSource: dataSource, section: section)
    binding.rows = rows
    // Shown again whatever the pager's rows are: the case that makes them may be another.
    binding.applied = nil
    binding.table = { [weak dataSource] in dataSource?.driver }
    boundSection = binding
    let owner = ObjectIdentifier(self)
    let show: (PagerBinding<Item>) -> Void = { [weak self, weak dataSource] binding in
      // A section another binder took since is its own: this pager writes there no more.
      guard let self, let dataSource, dataSource.sectionRoles[section]?.owner == owner else {
        return
      }
      let rows = self.rows(binding)
      if !self.renamed.isEmpty {
        // A draft's row takes the server's id in place: its row and its separator stay.
        var ids: [PagerRow<Item>.ID: PagerRow<Item>.ID] = [:]
        for (old, new) in self.renamed {
          ids[.item(old)] = .item(new)
          ids[.separator(before: old)] = .separator(before: new)
        }
        dataSource.renameOnNextApply(
          binding.rowIDs(ids, before: binding.applied?.rows ?? [], after: rows, rowCase: rowCase))
      }
      binding.show(rows, in: dataSource, section: section, rowCase: rowCase, log: self.log)
    }
    binding.refresh = { [weak binding] in if let binding { show(binding) } }
    binding.leave = { [weak dataSource] in dataSource?.release(section, by: owner) }
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
    // Status, separator and placeholder rows are never edited nor deleted.
    var roles = SectionRoles<Row>(
      owner: owner, isContent: { $0.flatMap(rowCase.extract)?.item != nil },
      answersTap: { $0.flatMap(rowCase.extract)?.status?.isRetryable == true })
    // Asked for while the table lays out its rows (a row coming on screen, a prefetch), where
    // UIKit allows no batch update, reload or read of the visible rows: the loads start on
    // the next main-actor turn, each end once however many rows asked.
    roles.displayed = { [weak self] path in
      for end in ends([path]) { self?.loadSoon(end, cause: .scroll) }
    }
    roles.prefetched = { [weak self] paths in
      for end in ends(paths) { self?.loadSoon(end, cause: .prefetch) }
    }
    // "No messages yet" once the list is loaded and shows nothing, never while it loads.
    roles.showsEmptyState = { [weak self] in
      guard let self else { return true }
      return self.loadedPageCount > 0 && !self.loadStates.isLoading
        && self.loadStates.refresh.error == nil
    }
    roles.selected = { [weak self, weak dataSource] path in
      guard let self,
        dataSource?.item(at: path).flatMap(rowCase.extract)?.status?.isRetryable == true
      else { return }
      self.retry()
    }
    dataSource.sectionRoles[section] = roles
    if kept == nil {
      // An end whose page failed, shown as a status row, that then loads (a retry) is
      // announced. One binding, one listener: a new binding's replaces the last one's (the
      // last binding, released, is gone with it).
      var failedEnds: Set<LoadDirection> = []
      bindingListener = { [weak self, weak dataSource, weak binding] _ in
        guard let binding else { return }
        binding.refresh()
        dataSource?.updateEmptyState()
        if let self, let dataSource, binding.rows.showsStatus,
          !self.hidesStatusRows(on: dataSource.driver)
        {
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
    }
    binding.refresh()
    return self
  }

  /// The rows the binding shows now.
  @inlinable
  func rows(_ binding: PagerBinding<Item>) -> [PagerRow<Item>] {
    rows(
      binding.rows, statusRows: binding.rows.showsStatus && !hidesStatusRows(on: binding.table()))
  }
}

/// A pager's binding to a section of a data source: the rows it shows there, and what it
/// applied last.
@MainActor @usableFromInline
final class PagerBinding<Item: Identifiable & Sendable & Equatable>: RowsRefreshing
where Item.ID: Sendable {
  @usableFromInline var rows: PagerRows<Item>
  /// The data source (only its identity: the closures hold it weakly) and the section.
  @usableFromInline weak var dataSource: AnyObject?
  @usableFromInline let section: AnyHashable
  @usableFromInline var refresh: () -> Void = {}
  /// Lets go of the binding's section (its answers and rows): the pager is bound elsewhere.
  @usableFromInline var leave: () -> Void = {}
  /// The table the data source is bound to now.
  @usableFromInline var table: () -> AnyObject? = { nil }
  /// The rows last applied, and the data source's version just after: a change of the pager
  /// that leaves the rows as they are (a load starting with no status row) applies nothing.
  @usableFromInline var applied: (rows: [PagerRow<Item>], version: Int)?

  @usableFromInline init(rows: PagerRows<Item>, dataSource: AnyObject, section: AnyHashable) {
    self.rows = rows
    self.dataSource = dataSource
    self.section = section
  }

  /// The data source's ids for `renamed` (the pager's row ids before and after a draft took
  /// the server's id), read from the rows shown `before` and the rows to show `after`.
  @inlinable
  func rowIDs<Row: Identifiable>(
    _ renamed: [PagerRow<Item>.ID: PagerRow<Item>.ID], before: [PagerRow<Item>],
    after: [PagerRow<Item>], rowCase: RowCase<Row, PagerRow<Item>>
  ) -> [Row.ID: Row.ID] {
    let news = Set(renamed.values)
    var newIDs: [PagerRow<Item>.ID: Row.ID] = [:]
    for row in after where news.contains(row.id) { newIDs[row.id] = rowCase.embed(row).id }
    var ids: [Row.ID: Row.ID] = [:]
    for row in before {
      if let new = renamed[row.id].flatMap({ newIDs[$0] }) { ids[rowCase.embed(row).id] = new }
    }
    return ids
  }

  /// Applies `rows` to `section` of `dataSource`, keeping the other sections and the first
  /// row on screen.
  @inlinable
  func show<SectionID: Hashable, Row>(
    _ rows: [PagerRow<Item>], in dataSource: SectionedDataSource<SectionID, Row>,
    section: SectionID, rowCase: RowCase<Row, PagerRow<Item>>, log: PagerLog?
  ) {
    if let applied, applied.version == dataSource.version, applied.rows == rows { return }
    // Nothing shown yet and nothing to show: the first rows are then the table's first
    // content, shown at once (as a reload) rather than animated in.
    if rows.isEmpty, dataSource.shownSnapshot == nil { return }
    defer { applied = (rows, dataSource.version) }
    do throws(DataSourceError) {
      // The other sections as last applied (an apply that waits for a drop included), so
      // that a page landing meanwhile keeps another binding's or the app's change.
      let snapshot = try dataSource.snapshot(replacing: section, with: rowCase.rows(of: rows))
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
      // The data source refused the rows (an id another section shows, a batch its table
      // rejected): it shows the last rows it could.
      log?.write(.rejected(error))
      #if DEBUG
        print("Catena: a pager's rows were not shown: \(error)")
      #endif
    }
  }
}

/// A binding that shows its rows again when asked.
@MainActor @usableFromInline
protocol RowsRefreshing: AnyObject {
  /// Shows the rows again.
  var refresh: () -> Void { get }
}
