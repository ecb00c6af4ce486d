public import CatenaDiff

extension SectionedDataSource {
  /// Binds the data source to `table`, any table Catena drives: what every `bind` does.
  @discardableResult
  package func bind<Table: TableDriving>(driving table: Table) -> Self {
    guard !isInvalidated else { return self }
    binding?.disconnect()
    driver = table
    // After every reload and batch, the table shows the empty-state text when it has no row.
    let showEmptyState = { [weak self, weak table] in
      guard let self, let table else { return }
      let isEmpty = (0..<self.numberOfSections()).allSatisfy {
        self.numberOfRows(inSection: $0) == 0
      }
      table.showEmptyState(isEmpty ? self.emptyStateText : nil)
    }
    binding = Binding(
      dequeue: { [weak table] identifier, path in
        guard let table else { throw DataSourceError(kind: .unregisteredCell, id: identifier) }
        return try table.dequeueReusableCell(withIdentifier: identifier, for: path)
      },
      register: { [weak table] cellClass, identifier in
        table?.register(cellClass, forCellReuseIdentifier: identifier)
      },
      dequeueView: { [weak table] identifier, kind, section in
        guard let table else { throw DataSourceError(kind: .unregisteredView, id: identifier) }
        return try table.dequeueReusableHeaderFooterView(
          withIdentifier: identifier, for: kind, inSection: section)
      },
      registerView: { [weak table] viewClass, identifier in
        table?.register(viewClass, forHeaderFooterViewReuseIdentifier: identifier)
      },
      reloadData: { [weak table] in
        table?.reloadData()
        showEmptyState()
      },
      perform: { [weak table] (batch, countsAfter, commit) throws(DataSourceError) in
        guard let table else {
          commit()
          return []
        }
        defer { showEmptyState() }
        return try table.performBatchUpdates(batch, countsAfter: countsAfter, commit: commit)
      },
      isInWindow: { [weak table] in table?.isInWindow ?? false },
      selected: { [weak table] in table?.selectedItemPaths ?? [] },
      visible: { [weak table] in table?.visibleItemPaths ?? [] },
      select: { [weak table] path in table?.selectRow(at: path, animated: false) },
      deselect: { [weak table] path in table?.deselectRow(at: path, animated: true) },
      cell: { [weak table] path in table?.cellForRow(at: path) },
      disconnect: { [weak self, weak table] in
        table?.connect(nil)
        if let table, table.retainedDataSource === self { table.retainedDataSource = nil }
      },
      reconnect: { [weak self, weak table] in
        guard let self else { return }
        table?.connect(self.answers)
      },
      withoutAnimation: { [weak table] changes in
        if let table { table.performWithoutAnimation(changes) } else { changes() }
      },
      anchors: { [weak table] in table?.scrollAnchors ?? [] },
      restore: { [weak table] anchor in table?.scroll(to: anchor) },
      fractions: { [weak table] settle in table?.visibleFractions(settle: settle) ?? [:] },
      scrollToRow: { [weak table] path, position, animated in
        table?.scroll(toRowAt: path, at: position, animated: animated) ?? false
      },
      showOutline: { [weak table] outline, cell in
        if let cell = cell as? Table.Cell { table?.show(outline, in: cell) }
      },
      showEmptyState: showEmptyState,
      isHoldingRows: { [weak table] settling in table?.isHoldingRows(settling: settling) ?? false })
    for kind in cellKinds + (defaultKind.map { [$0] } ?? []) {
      table.register(kind.cellClass, forCellReuseIdentifier: kind.identifier)
    }
    for spec in sectionViews.values {
      table.register(spec.viewClass, forHeaderFooterViewReuseIdentifier: spec.identifier)
    }
    table.connect(answers)
    table.retainedDataSource = self  // the table keeps what it shows
    lookAgain()
    return self
  }

  /// The table now answers to another data source (or to none): this one stops driving it,
  /// so its later applies do not touch rows that are no longer its own. Its snapshot and
  /// closures stay; binding it again connects it again.
  func tableDidDisconnect() {
    binding = nil
  }

  /// Performs `batch` as one batch update, with `commit` changing the model inside it; for the
  /// count-closure style. The table validates the batch against the counts it reads before and
  /// after `commit`.
  ///
  /// Its `commit` cannot wait, so it is refused (``DataSourceError/Kind/reentrantUpdate``) when
  /// called from a closure the table calls while an apply, reload or batch update is being
  /// performed, from ``willDisplay(_:)`` or ``prefetch(_:)`` (UIKit's layout pass), or while
  /// the user holds a row (a live reorder, when UIKit takes no batch); call it afterwards. Reconfigured rows are passed as given: list a row whose cell kind changes as a
  /// reload (UIKit refuses a reconfigure that dequeues another kind of cell).
  ///
  /// ```swift
  /// try dataSource.performUpdates(BatchUpdate(itemInserts: [ItemPath(item: 0, section: 0)])) {
  ///   articles.insert(article, at: 0)
  /// }
  /// ```
  ///
  /// - Returns: What the table's check noticed but let through, as UIKit would (an operation
  ///   UIKit drops, a move listed twice); empty when the table is not in a window.
  @discardableResult
  public func performUpdates(
    _ batch: BatchUpdate, commit: () -> Void
  ) throws(DataSourceError) -> [BatchUpdateWarning] {
    guard !isInvalidated, let binding else {
      commit()
      return []
    }
    guard !isPerforming, layoutCallbackDepth == 0, !isReorderLive else {
      throw DataSourceError(kind: .reentrantUpdate, id: "performUpdates")
    }
    isPerforming = true
    var failure: DataSourceError?
    var warnings: [BatchUpdateWarning] = []
    do {
      warnings = try binding.perform(batch, nil, commit)
    } catch {
      failure = error
    }
    didUpdate()
    isPerforming = false
    do {
      try performPending()
    } catch {
      failure = failure ?? error
    }
    if let failure { throw failure }
    return warnings
  }
}
