public import CatenaDiff

extension SectionedDataSource {
  /// The last applied snapshot (``latestSnapshot``: an apply waiting for a drop included)
  /// with `section`'s rows replaced by `rows`; the section comes after the others when it is
  /// missing. What a binding (a pager's, an outline's) applies, so that a change of its rows
  /// keeps another binding's and the app's.
  @inlinable
  package func snapshot(replacing section: SectionID, with rows: [Item]) throws(DataSourceError)
    -> Snapshot<SectionID, Item>
  {
    var snapshot = Snapshot<SectionID, Item>()
    for shown in latestSnapshot?.sections ?? [] {
      try snapshot.appendSection(shown.model.id)
      if shown.model.id != section { try snapshot.appendItems(shown.items) }
    }
    if !snapshot.sectionIDs.contains(section) { try snapshot.appendSection(section) }
    try snapshot.appendItems(rows, toSection: section)
    return snapshot
  }
}

extension SectionedDataSource {
  /// Lets go of `section` for the binder `owner` (a pager or an outline bound elsewhere): its
  /// answers go, and its rows (left, they would read as the app's), with the reading position
  /// kept. Nothing while another binder holds the section since, when the app took the
  /// section out, or when nothing was applied yet. A change the data source refuses is said
  /// in debug builds.
  @usableFromInline package func release(_ section: SectionID, by owner: ObjectIdentifier) {
    guard sectionRoles[section]?.owner == owner else { return }
    sectionRoles[section] = nil
    guard let latest = latestSnapshot, latest.sectionIDs.contains(section),
      (try? latest.items(inSection: section).isEmpty) == false
    else { return }
    do throws(DataSourceError) {
      try applyKeepingPosition(snapshot(replacing: section, with: []))
    } catch {
      #if DEBUG
        print("Catena: the rows of section \(section), left by its binding, stay: \(error)")
      #endif
    }
  }
}

extension RowCase {
  /// The data source's rows for `parts`: the parts themselves, with no copy, for the plain
  /// binds' identity case; each made a row by `embed` otherwise (also for a case of the app's
  /// whose rows are of the parts' type).
  @inlinable
  package func rows(of parts: [Part]) -> [Row] {
    if isIdentity, let rows = parts as? [Row] { return rows }
    return parts.map(embed)
  }
}
