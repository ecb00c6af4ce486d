/// An edit shown before its request has answered, or answered while an earlier one had not.
struct PendingEdit<Item: Identifiable & Sendable> where Item.ID: Sendable {
  let number: Int
  let edit: ItemEdit<Item>
  var committed: Bool
}

extension Pager {
  /// Changes a loaded item (or inserts one) at once and animates it, then runs `request`; when
  /// the request fails, the edit is taken back and the list animates to what it shows without
  /// it. Pages that load, drop or refresh meanwhile keep showing the edit until it is settled.
  ///
  /// ```swift
  /// messages.edit(.update(message.with(text: "Fixed typo"))) {
  ///   try await api.update(message.id, text: "Fixed typo")
  /// }
  /// ```
  ///
  /// Edits apply in the order they were made, whatever order their requests answer in; an edit
  /// about an item that is not loaded (or a place that is not) shows nothing, and an insert
  /// never shows an id twice.
  ///
  /// - Parameters:
  ///   - edit: the change, by id.
  ///   - request: what makes the change on the server; nil keeps the edit at once.
  /// - Returns: a task that ends with how the edit ended.
  @discardableResult
  public func edit(
    _ edit: ItemEdit<Item>, request: (@Sendable () async throws -> Void)? = nil
  ) -> Task<EditResult, Never> {
    editNumber &+= 1
    let number = editNumber
    edits.append(PendingEdit(number: number, edit: edit, committed: request == nil))
    settle()
    guard let request else { return Task { .applied } }
    return Task { [weak self] in
      do {
        try await request()
        self?.settle(number, failure: nil)
        return .applied
      } catch {
        self?.settle(number, failure: error)
        return .rolledBack(error)
      }
    }
  }

  /// Keeps edit `number` (no failure) or takes it back.
  private func settle(_ number: Int, failure: (any Error)?) {
    guard let index = edits.firstIndex(where: { $0.number == number }) else { return }
    if failure == nil {
      edits[index].committed = true
    } else {
      edits.remove(at: index)
    }
    settle()
  }

  /// Folds the kept edits at the head of the queue into the pages, and shows the rest.
  private func settle() {
    while let first = edits.first, first.committed {
      edits.removeFirst()
      var editable = editablePages()
      editable.apply(first.edit)
      for index in pages.indices { pages[index].items = editable.pages[index] }
    }
    recompute()
  }

  /// The pages' items, to edit.
  func editablePages() -> EditablePages<Item> {
    EditablePages(
      pages: pages.map(\.items),
      holdsStart: !pages.isEmpty && nextRequest(.prepend) == nil,
      holdsEnd: !pages.isEmpty && nextRequest(.append) == nil)
  }

  /// Shows the pages with the edits in flight applied.
  func recompute() {
    var editable = editablePages()
    for pending in edits { editable.apply(pending.edit) }
    items = editable.pages.flatMap { $0 }
    loadedPageCount = pages.count
    droppedCount = pages.reduce(0) { $0 + $1.dropped }
    pendingEditCount = edits.count
    if configuration.placeholders, let first = pages.first, let last = pages.last {
      placeholdersBefore = first.offset ?? 0
      let end = (last.offset ?? 0) + last.items.count
      placeholdersAfter = last.total.map { max($0 - end, 0) } ?? 0
    } else {
      placeholdersBefore = 0
      placeholdersAfter = 0
    }
    notify(.items)
  }
}
