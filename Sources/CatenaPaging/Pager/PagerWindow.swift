/// What a page is loaded from: its key and how many items it asks for.
struct PageRequest: Hashable, Sendable, CustomStringConvertible {
  /// Where the page is (nil: the first page of a list keyed by the server).
  var key: PageKey?
  /// How many items it asks for.
  var size: Int

  var description: String { key.map { "\($0)" } ?? "the first page" }
}

/// A page in a ``Pager``'s window: its items as loaded (edits that succeeded included), and
/// what the pages on either side are loaded from.
struct LoadedPage<Item> {
  /// What the page was loaded from (what loads it again once dropped).
  var request: PageRequest
  /// Its items, in order.
  var items: [Item]
  /// The page before it, if the list goes on that way.
  var previous: PageRequest?
  /// The page after it, if the list goes on that way.
  var next: PageRequest?
  /// How many items of the list come before it, when that is known (index and offset keys).
  var offset: Int?
  /// The number of items in the whole list, when the server said.
  var total: Int?
  /// How many entries the source could not convert.
  var dropped = 0
  /// When the page was the server's: when it arrived, or for a page a cache kept, then less
  /// its age (nil for pages that did not come from the source).
  var asOf: ContinuousClock.Instant?
  /// Whether it is a page a cache kept that the server has not answered for yet.
  var isKept = false
}

/// The loaded items as pages of items, with the edits of ``ItemEdit`` applied to them by id.
struct EditablePages<Item: Identifiable> {
  var pages: [[Item]]
  /// Whether the first page is the list's start (so `.start` is shown).
  var holdsStart: Bool
  /// Whether the last page is the list's end (so `.end` is shown).
  var holdsEnd: Bool

  /// Where the item with `id` is.
  func locate(_ id: Item.ID) -> (page: Int, index: Int)? {
    for (page, items) in pages.enumerated() {
      if let index = items.firstIndex(where: { $0.id == id }) { return (page, index) }
    }
    return nil
  }

  /// Where an item placed at `position` goes, if that place is loaded.
  func place(_ position: EditPosition<Item.ID>) -> (page: Int, index: Int)? {
    switch position {
    case .start: return holdsStart && !pages.isEmpty ? (0, 0) : nil
    case .end:
      return holdsEnd && !pages.isEmpty ? (pages.count - 1, pages[pages.count - 1].count) : nil
    case .before(let id): return locate(id)
    case .after(let id): return locate(id).map { ($0.page, $0.index + 1) }
    }
  }

  /// Puts `answer` (the server's version of an edited item) in place of the item with `id`:
  /// in its row, even when the server gave it another id (a temporary id replaced). When an
  /// item with the answer's id is loaded already (a page brought it meanwhile), that one takes
  /// the answer and the edited row goes, so no id shows twice.
  mutating func replace(_ id: Item.ID, with answer: Item) {
    guard let found = locate(id) else { return }
    if answer.id != id, let other = locate(answer.id) {
      pages[other.page][other.index] = answer
      pages[found.page].remove(at: found.index)
    } else {
      pages[found.page][found.index] = answer
    }
  }

  /// Applies `edit`; an edit about an item that is not loaded (or whose place is not) changes
  /// nothing, and an insert never repeats an id.
  mutating func apply(_ edit: ItemEdit<Item>) where Item: Sendable, Item.ID: Sendable {
    switch edit {
    case .insert(let item, let position):
      guard locate(item.id) == nil, let place = place(position) else { return }
      pages[place.page].insert(item, at: place.index)
    case .update(let item):
      guard let found = locate(item.id) else { return }
      pages[found.page][found.index] = item
    case .delete(let id):
      guard let found = locate(id) else { return }
      pages[found.page].remove(at: found.index)
    case .move(let id, let position):
      guard let found = locate(id) else { return }
      if position == .before(id) || position == .after(id) { return }  // next to itself
      let item = pages[found.page].remove(at: found.index)
      if let place = place(position) { pages[place.page].insert(item, at: place.index) }
    }
  }
}
