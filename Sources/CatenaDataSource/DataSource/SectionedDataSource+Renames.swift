import CatenaDiff

extension SectionedDataSource {
  /// Tells the next apply that the shown items with the ids on the left come back with the
  /// ids on the right (a draft's temporary id replaced by the server's): their rows stay
  /// where they are and update in place, instead of a delete and an insert.
  @usableFromInline package func renameOnNextApply(_ renamed: [Item.ID: Item.ID]) {
    renames.merge(renamed) { _, new in new }
  }

  /// Gives the shown rows the new ids of the renames `target` has (the table shows the same
  /// rows, so nothing is asked of it), and returns them with the cell kind each showed, to
  /// update once `target` is shown. Renames `target` does not have are forgotten.
  func adoptRenames(for target: Content) -> [(id: Item.ID, kindBefore: String?)] {
    defer { renames = [:] }
    guard !renames.isEmpty, let shown = shownSnapshot, binding?.isInWindow() == true else {
      return []
    }
    var sections = shown.sections
    var adopted: [(id: Item.ID, kindBefore: String?)] = []
    for (old, new) in renames {
      guard let path = shown.path(of: old), shown.path(of: new) == nil,
        let item = target.item(withID: new)
      else { continue }
      adopted.append((new, kindIdentifier(for: sections[path.section].items[path.item])))
      sections[path.section].items[path.item] = item
    }
    guard !adopted.isEmpty else { return [] }
    let rewritten = Snapshot(rebuilding: sections)
    snapshot = rewritten
    displayed = rewritten.sections
    version &+= 1
    return adopted
  }

  /// Updates the rows of `adopted` in place, now that `target` is shown: a reconfigure, or a
  /// reload where the item now needs another kind of cell.
  func refresh(_ adopted: [(id: Item.ID, kindBefore: String?)], in target: Content)
    throws(DataSourceError)
  {
    guard !adopted.isEmpty, let binding, binding.isInWindow() else { return }
    var batch = BatchUpdate()
    for (id, before) in adopted {
      guard let path = target.path(of: id), let item = target.item(withID: id) else { continue }
      if kindIdentifier(for: item) == before {
        batch.itemReconfigures.append(path)
      } else {
        batch.itemReloads.append(path)
      }
    }
    guard !batch.itemReconfigures.isEmpty || !batch.itemReloads.isEmpty else { return }
    _ = try binding.perform(batch, target.sections.map { $0.items.count }) {}
  }
}
