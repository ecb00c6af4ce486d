package import CatenaDataSource
import CatenaDiff

/// Where a header or footer view is: its kind and section.
struct SectionViewSlot: Hashable, Comparable {
  let kind: SectionViewKind
  let section: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.section, lhs.kind == .header ? 0 : 1) < (rhs.section, rhs.kind == .header ? 0 : 1)
  }
}

extension HeadlessTable {
  /// Registers a header or footer view class for a reuse identifier, as `UITableView` does;
  /// nil, or a class that is not a ``HeadlessHeaderFooterView``, unregisters.
  package func register(
    _ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    viewPool[identifier] = nil
    viewRegistrations[identifier] = viewClass as? any HeadlessHeaderFooterView.Type
  }

  /// A header or footer view: a reused one (after `prepareForReuse()`) or a new one.
  ///
  /// - Throws: `DataSourceError` of kind `unregisteredView` when nothing is registered for
  ///   `identifier`.
  package func dequeueReusableHeaderFooterView(
    withIdentifier identifier: String
  ) throws(DataSourceError) -> any HeadlessHeaderFooterView {
    guard let viewType = viewRegistrations[identifier] else {
      throw DataSourceError(kind: .unregisteredView, id: identifier)
    }
    if let view = viewPool[identifier]?.popLast() {
      view.prepareForReuse()
      record(.dequeueHeaderFooter(identifier: identifier, reused: true))
      return view
    }
    record(.dequeueHeaderFooter(identifier: identifier, reused: false))
    return viewType.init(reuseIdentifier: identifier)
  }

  /// ``dequeueReusableHeaderFooterView(withIdentifier:)``, with the section in the error.
  package func dequeueReusableHeaderFooterView(
    withIdentifier identifier: String, for kind: SectionViewKind, inSection section: Int
  ) throws(DataSourceError) -> any HeadlessHeaderFooterView {
    do {
      return try dequeueReusableHeaderFooterView(withIdentifier: identifier)
    } catch {
      throw DataSourceError(
        kind: error.kind, id: identifier, incoming: ItemPath(item: 0, section: section))
    }
  }

  /// The header view of `section` on screen, if it has one.
  public func headerView(forSection section: Int) -> (any HeadlessHeaderFooterView)? {
    visibleSectionViews[SectionViewSlot(kind: .header, section: section)]
  }

  /// The footer view of `section` on screen, if it has one.
  public func footerView(forSection section: Int) -> (any HeadlessHeaderFooterView)? {
    visibleSectionViews[SectionViewSlot(kind: .footer, section: section)]
  }

  /// How many header and footer views wait in the reuse pool for `identifier`.
  package func pooledHeaderFooterViewCount(forIdentifier identifier: String) -> Int {
    viewPool[identifier]?.count ?? 0
  }

  /// Brings the header and footer views in line with the viewport: every section on screen
  /// (plain-style headers stick, so a section's header shows while any of it does) has its
  /// views; those of sections that left go back to the pool.
  func layOutSectionViews() {
    let top = contentOffset
    let bottom = contentOffset + viewportHeight
    var wanted: Set<SectionViewSlot> = []
    var y = 0.0
    for section in rowCounts.indices where y < bottom {
      let height = sectionHeight(section)
      if y + height > top {
        if headerHeight(section) > 0 {
          wanted.insert(SectionViewSlot(kind: .header, section: section))
        }
        if footerHeight(section) > 0 {
          wanted.insert(SectionViewSlot(kind: .footer, section: section))
        }
      }
      y += height
    }
    retireSectionViews { !wanted.contains($0) }
    guard let dataSource else { return }
    for slot in wanted.sorted() where visibleSectionViews[slot] == nil {
      do {
        if let view = try dataSource.table(self, viewFor: slot.kind, inSection: slot.section) {
          visibleSectionViews[slot] = view
        }
      } catch {
        if layoutError == nil { layoutError = error }
      }
    }
  }

  /// Puts the views of the slots `leaving` selects back in their pools.
  func retireSectionViews(where leaving: (SectionViewSlot) -> Bool) {
    for slot in visibleSectionViews.keys.sorted() where leaving(slot) {
      if let view = visibleSectionViews.removeValue(forKey: slot) {
        viewPool[view.reuseIdentifier, default: []].append(view)
      }
    }
  }

  /// After a batch: views of sections that stay move with them; those of deleted, reloaded
  /// and updated sections go back to the pool (the next layout asks for them again).
  func followSectionViews(_ batch: BatchUpdate, sectionMap: [Int]) {
    let renewed = Set(batch.sectionReloads + batch.sectionUpdates)
    retireSectionViews { slot in
      !sectionMap.indices.contains(slot.section) || sectionMap[slot.section] < 0
        || renewed.contains(slot.section)
    }
    visibleSectionViews = Dictionary(
      uniqueKeysWithValues: visibleSectionViews.map { slot, view in
        (SectionViewSlot(kind: slot.kind, section: sectionMap[slot.section]), view)
      })
  }
}
