/// A change to the items a ``Pager`` has loaded, by id: shown at once, and kept, or rolled back
/// when the request that makes it on the server fails.
///
/// ```swift
/// messages.edit(.update(edited)) { try await api.save(edited) }
/// messages.edit(.insert(draft, at: .end)) { try await api.send(draft) }
/// messages.edit(.delete(message.id)) { try await api.delete(message.id) }
/// ```
public enum ItemEdit<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// Inserts a new item at `position`; an item whose id is already loaded is not inserted
  /// twice.
  case insert(Item, at: EditPosition<Item.ID>)
  /// Replaces the loaded item with the same id.
  case update(Item)
  /// Removes the loaded item with this id.
  case delete(Item.ID)
  /// Moves the loaded item with this id to `position`.
  case move(Item.ID, to: EditPosition<Item.ID>)

  /// The id of the item the edit is about.
  var id: Item.ID {
    switch self {
    case .insert(let item, _), .update(let item): item.id
    case .delete(let id), .move(let id, _): id
    }
  }
}

/// Where an inserted or moved item goes. The start and the end are the list's own: an item
/// placed there shows only while the first (or last) page is loaded, as the server will show
/// it; next to an item, it shows while that item is loaded.
public enum EditPosition<ID: Hashable & Sendable>: Hashable, Sendable {
  /// Before every item of the list.
  case start
  /// After every item of the list.
  case end
  /// Just before the item with this id.
  case before(ID)
  /// Just after the item with this id.
  case after(ID)
}

/// How an edit ended.
public enum EditResult: Sendable {
  /// The request succeeded (or there was none): the edit is part of the loaded pages.
  case applied
  /// The request failed: the edit was taken back, and the list shows what it would without it.
  case rolledBack(any Error)

  /// Whether the edit was kept.
  public var isApplied: Bool {
    if case .applied = self { true } else { false }
  }
}
