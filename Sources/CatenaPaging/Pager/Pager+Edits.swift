/// An edit shown before its request has answered, or answered while an earlier one had not.
struct PendingEdit<Item: Identifiable & Sendable> where Item.ID: Sendable {
  let number: Int
  let edit: ItemEdit<Item>
  var committed: Bool
  /// The server's version of the edited item, when its request answered with one.
  var answer: Item?
  /// The loads running when it was kept (their generations): the pages they bring may
  /// predate it, so it stays shown over the pages until they end, then joins the pages.
  var awaiting: Set<Int> = []
}

extension Pager {
  /// Changes a loaded item (or inserts one) at once and animates it, then runs `request`; when
  /// the request fails, the edit is taken back and the list animates to what it shows without
  /// it. Pages that load, drop or refresh meanwhile keep showing the edit until it is settled,
  /// and a kept edit until the loads running when it was kept have ended (their pages may have
  /// been read before it).
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
    guard let request else { return run(edit, nil) }
    return run(edit) { () async throws -> Item? in
      try await request()
      return nil
    }
  }

  /// Changes a loaded item (or inserts one) at once, like the edit whose request answers nothing,
  /// then runs `request`, which answers with the server's version of the item: it takes the
  /// edited item's place in its row, even when its id is another (a draft's temporary id
  /// replaced by the server's): a bound table updates the row in place, without moving it or
  /// animating a delete and an insert. A failure takes the edit back.
  ///
  /// ```swift
  /// let draft = Message(id: .temporary(), text: "On my way")
  /// messages.edit(.insert(draft, at: .end)) { try await api.send(draft) }   // → the sent one
  /// ```
  ///
  /// When a page brought the server's item meanwhile, it keeps its place and takes the
  /// answer, and the edited row goes: no id shows twice. The answer to a delete is not shown.
  ///
  /// - Returns: a task that ends with how the edit ended.
  @discardableResult
  public func edit(
    _ edit: ItemEdit<Item>, request: @escaping @Sendable () async throws -> Item
  ) -> Task<EditResult, Never> {
    run(edit) { () async throws -> Item? in try await request() }
  }

  /// Shows `edit` at once, then runs `request` and keeps the edit (with the server's item,
  /// when it answers one) or takes it back. A kept edit makes what the source's cache keeps
  /// of its pages out of date: that is dropped.
  private func run(
    _ edit: ItemEdit<Item>, _ request: (@Sendable () async throws -> Item?)?
  ) -> Task<EditResult, Never> {
    editNumber &+= 1
    let number = editNumber
    edits.append(
      PendingEdit(
        number: number, edit: edit, committed: request == nil,
        awaiting: request == nil ? runningGenerations : []))
    settle()
    guard let request else { return Task { .applied } }
    return Task { [weak self] in
      do {
        let answer = try await request()
        self?.settle(number, answer: answer)
        return .applied
      } catch {
        self?.settle(number, failure: error)
        return .rolledBack(error)
      }
    }
  }

  /// Keeps edit `number` with the server's version of its item, when it gave one, and drops
  /// what the source's cache keeps of its pages.
  private func settle(_ number: Int, answer: Item?) {
    guard let index = edits.firstIndex(where: { $0.number == number }) else { return }
    edits[index].committed = true
    edits[index].awaiting = runningGenerations
    if let answer, case let edit = edits[index].edit {
      if case .delete = edit {
      } else {
        edits[index].answer = answer
        if answer.id != edit.id { renamed[edit.id] = answer.id }
      }
    }
    source.invalidate?()
    settle()
  }

  /// Takes edit `number` back.
  private func settle(_ number: Int, failure: any Error) {
    guard let index = edits.firstIndex(where: { $0.number == number }) else { return }
    edits.remove(at: index)
    settle()
  }

  /// The generations of the loads running now.
  private var runningGenerations: Set<Int> { Set(running.values.map(\.generation)) }

  /// Folds the kept edits at the head of the queue whose loads have ended into the pages, and
  /// shows the rest over them.
  private func settle() {
    let runs = runningGenerations
    while let first = edits.first, first.committed, first.awaiting.isDisjoint(with: runs) {
      edits.removeFirst()
      var editable = editablePages()
      editable.apply(first)
      for index in pages.indices { pages[index].items = editable.pages[index] }
    }
    recompute()
  }

  /// The pages' items, to edit.
  func editablePages() -> EditablePages<Item> {
    EditablePages(
      pages: pages.map { $0.items },
      holdsStart: !pages.isEmpty && nextRequest(.prepend) == nil,
      holdsEnd: !pages.isEmpty && nextRequest(.append) == nil)
  }

  /// A load ended: the kept edits that waited for it join the pages.
  func settleAfterLoad() {
    let runs = runningGenerations
    if let first = edits.first, first.committed, first.awaiting.isDisjoint(with: runs) { settle() }
  }

  /// Shows the pages with the edits in flight applied.
  func recompute() {
    var editable = editablePages()
    for pending in edits { editable.apply(pending) }
    items = editable.pages.flatMap { $0 }
    loadedPageCount = pages.count
    unreadableCount = pages.reduce(0) { $0 + $1.dropped }
    pendingEditCount = edits.filter { !$0.committed }.count
    if configuration.placeholders, let first = pages.first, let last = pages.last {
      placeholdersBefore = first.offset ?? 0
      let end = (last.offset ?? 0) + last.items.count
      placeholdersAfter = last.total.map { max($0 - end, 0) } ?? 0
    } else {
      placeholdersBefore = 0
      placeholdersAfter = 0
    }
    notify(.items)
    renamed = [:]
  }
}

extension EditablePages where Item: Sendable, Item.ID: Sendable {
  /// Applies `pending`'s edit, and puts the server's item in place when it answered one.
  mutating func apply(_ pending: PendingEdit<Item>) {
    apply(pending.edit)
    if let answer = pending.answer { replace(pending.edit.id, with: answer) }
  }
}
