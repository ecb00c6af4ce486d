public import CatenaDataSource
import CatenaDiff
import CatenaPaging

extension Outline {
  /// Shows the outline's rows in `section` of `dataSource` (created after the others when
  /// missing; the other sections are kept), now and after every change. The data source is
  /// held weakly. An outline shows in one section at a time: binding again replaces the
  /// binding, and the section bound before is emptied and answers no more. A tap on a node that can expand opens
  /// or closes it (before the chain's `didSelect` hears of the tap); a tap on a failed load's
  /// row loads again.
  ///
  /// ```swift
  /// let dataSource = SectionedDataSource<String, OutlineRow<File>>()
  ///   .bind(tableView)
  ///   .configureCell(FileCell.self) { cell, _, row in cell.name = row.item?.name ?? "" }
  /// files.bind(dataSource, section: "files")
  /// ```
  @inlinable @discardableResult
  public func bind<SectionID: Hashable>(
    _ dataSource: SectionedDataSource<SectionID, OutlineRow<Item>>, section: SectionID
  ) -> Self {
    bind(dataSource, section: section, as: .identity)
  }

  /// Shows the outline's rows in `section` of a data source whose rows are of several kinds
  /// (an outline's beside a pager's, see `RowCase`): as ``bind(_:section:)`` does, each of
  /// the outline's rows made the data source's by `rowCase`. The outline answers only for its
  /// section: its disclosure, its reordering (within the section) and its loading rows.
  ///
  /// ```swift
  /// folders.bind(dataSource, section: "files", as: LibraryRow.files)
  /// ```
  @inlinable @discardableResult
  public func bind<SectionID: Hashable, Row>(
    _ dataSource: SectionedDataSource<SectionID, Row>, section: SectionID,
    as rowCase: RowCase<Row, OutlineRow<Item>>
  ) -> Self {
    // Made here, in the app's module, so that the snapshot and its diff are specialised for
    // the app's types: generic, they run several times slower.
    show = { [weak self, weak dataSource] (animated: Bool) throws(DataSourceError) in
      // A section another binder took since is its own: this outline writes there no more.
      guard let self, let dataSource,
        dataSource.sectionRoles[section]?.owner == ObjectIdentifier(self)
      else { return }
      let snapshot = try dataSource.snapshot(
        replacing: section, with: rowCase.rows(of: self.rows))
      try dataSource.apply(snapshot, animated: animated)
    }
    connect(dataSource, section: section, rowCase: rowCase)
    showOrSay(animated: false)
    return self
  }

  /// Connects the rest of a binding: disclosure, reordering, taps.
  @usableFromInline
  func connect<SectionID: Hashable, Row>(
    _ dataSource: SectionedDataSource<SectionID, Row>, section: SectionID,
    rowCase: RowCase<Row, OutlineRow<Item>>
  ) {
    // Binding again replaces the binding: the section bound before answers no more, and is
    // emptied unless it is this one (whose rows the next show replaces).
    if boundDataSource !== dataSource || boundSection != AnyHashable(section) { unbind?() }
    boundDataSource = dataSource
    boundSection = section
    let owner = ObjectIdentifier(self)
    // Status rows are not content; a tap on a failed one loads the children again.
    var roles = SectionRoles<Row>(
      owner: owner,
      isContent: { $0.flatMap(rowCase.extract)?.item != nil },
      answersTap: {
        if case .loadFailed = $0.flatMap(rowCase.extract) { true } else { false }
      })
    roles.outline = { [weak self] row in
      guard let row = rowCase.extract(row) else { return nil }
      guard case .item(let item, let depth, let expands) = row else {
        return RowOutline(depth: row.depth, isExpanded: nil)
      }
      guard expands, let self else { return RowOutline(depth: depth, isExpanded: nil) }
      let id = item.id
      return RowOutline(
        depth: depth, isExpanded: self.expandedIDs.contains(id),
        toggle: { [weak self] in self?.toggle(id) })
    }
    shownRows = { [weak dataSource] in
      (dataSource?.shownSnapshot?.sections.first { $0.model.id == section }?.items ?? [])
        .compactMap(rowCase.extract)
    }
    // Reordering: the rows of nodes move when a rule says where they may go, within the
    // outline's section.
    roles.canMove = { [weak self] row in
      guard let self, rowCase.extract(row)?.item != nil else { return false }
      return self.placementRule != nil
    }
    roles.moveTarget = { [weak self, weak dataSource] source, proposed in
      guard let self, let shown = dataSource?.shownSnapshot?.sectionIDs.firstIndex(of: section),
        source.section == shown, proposed.section == shown
      else { return source }
      let row = self.target(
        from: source.item, proposed: proposed.item, shown: self.shownRows?() ?? [])
      return ItemPath(item: row, section: shown)
    }
    roles.moved = { [weak self] _, destination, row in
      guard let self, let item = rowCase.extract(row)?.item else { return }
      self.moved(item, to: destination.item, shown: self.shownRows?() ?? [])
    }
    // A tap on a failed row loads the children again, and a tap on a node that can expand
    // opens or closes it.
    roles.selected = { [weak self, weak dataSource] path in
      guard let self, let dataSource,
        let row = dataSource.item(at: path).flatMap(rowCase.extract)
      else { return }
      switch row {
      case .loadFailed(_, let parent, _): self.retry(parent)
      case .loading: break
      case .item(let item, _, true):
        // A folder opens or closes; it does not stay selected (as UIKit's outline headers).
        self.toggle(item.id)
        dataSource.deselectRow(at: path)
      case .item: break
      }
    }
    dataSource.sectionRoles[section] = roles
    unbind = { [weak dataSource] in dataSource?.release(section, by: owner) }
  }
}
