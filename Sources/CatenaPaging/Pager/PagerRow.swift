import CatenaDataSource
public import Foundation

/// A row of a list bound to a ``Pager``: one of its items, or a row the binding adds around
/// them (a separator, a placeholder, a status row).
///
/// ```swift
/// .configureCell(TextCell.self) { cell, _, row in
///   switch row {
///   case .item(let message): cell.text = message.text
///   default: cell.text = row.text          // separators, statuses: ready-made text
///   }
/// }
/// ```
public enum PagerRow<Item: Identifiable & Sendable>: Identifiable, Sendable
where Item.ID: Sendable {
  /// One of the pager's items.
  case item(Item)
  /// A separator a ``PagerRows`` value put before an item (a date header in a timeline).
  case separator(String, before: Item.ID)
  /// An item of the list that is not in memory (see `PagerConfiguration(placeholders:)`): its
  /// place in the whole list.
  case placeholder(Int)
  /// Where loading stands: the first load, an error to retry, the end of the list.
  case status(PagerStatus)

  /// A row's identity: an item's id, or what the row stands for.
  ///
  /// Its equality and hash are written out (no tuple of two generic values), so comparing ids
  /// in code not specialised for the item type needs no type metadata at run time.
  public enum ID: Hashable, Sendable {
    /// An item.
    case item(Item.ID)
    /// The separator before an item.
    case separator(before: Item.ID)
    /// The placeholder at a place in the list.
    case placeholder(Int)
    /// The status row in a slot (a loading row that fails stays the same row, updated).
    case status(PagerStatus.Slot)

    /// Whether both are the same row.
    @inlinable
    public static func == (lhs: ID, rhs: ID) -> Bool {
      switch lhs {
      case .item(let id):
        if case .item(let other) = rhs { return id == other }
      case .separator(let id):
        if case .separator(let other) = rhs { return id == other }
      case .placeholder(let index):
        if case .placeholder(let other) = rhs { return index == other }
      case .status(let slot):
        if case .status(let other) = rhs { return slot == other }
      }
      return false
    }

    /// Hashes the kind of row and what it stands for.
    @inlinable
    public func hash(into hasher: inout Hasher) {
      switch self {
      case .item(let id):
        hasher.combine(0)
        hasher.combine(id)
      case .separator(let id):
        hasher.combine(1)
        hasher.combine(id)
      case .placeholder(let index):
        hasher.combine(4)
        hasher.combine(index)
      case .status(let slot):
        hasher.combine(5)
        hasher.combine(slot)
      }
    }
  }

  /// The row's identity.
  @inlinable
  public var id: ID {
    switch self {
    case .item(let item): .item(item.id)
    case .separator(_, let before): .separator(before: before)
    case .placeholder(let index): .placeholder(index)
    case .status(let status): .status(status.slot)
    }
  }

  /// The item, for an item row.
  public var item: Item? {
    if case .item(let item) = self { item } else { nil }
  }

  /// The status, for a status row.
  public var status: PagerStatus? {
    if case .status(let status) = self { status } else { nil }
  }

  /// What a plain cell shows for a row that is not an item ("Loading…", a separator's text);
  /// empty for items.
  public var text: String {
    switch self {
    case .item: ""
    case .separator(let text, _): text
    case .placeholder: "…"
    case .status(let status): status.description
    }
  }
}

extension PagerRow: Equatable where Item: Equatable {
  /// Whether both rows show the same thing (written out like ``ID``'s equality).
  @inlinable
  public static func == (lhs: PagerRow, rhs: PagerRow) -> Bool {
    switch lhs {
    case .item(let item):
      if case .item(let other) = rhs { return item == other }
    case .separator(let text, let id):
      if case .separator(let otherText, let other) = rhs { return text == otherText && id == other }
    case .placeholder(let index):
      if case .placeholder(let other) = rhs { return index == other }
    case .status(let status):
      if case .status(let other) = rhs { return status == other }
    }
    return false
  }
}

/// What a status row of a list bound to a ``Pager`` shows: the content of the row, derived
/// from the pager's ``LoadStates`` (which say where loading stands; this says what to show).
/// An empty list shows no status row: the data source's `emptyState` text shows instead.
public enum PagerStatus: Hashable, Sendable, CustomStringConvertible {
  /// The first load runs and nothing shows yet.
  case firstLoad
  /// The first load failed and nothing shows: a tap retries.
  case firstLoadFailed(String)
  /// Pages load before (``LoadDirection/prepend``) or after (``LoadDirection/append``) the
  /// rows.
  case loading(LoadDirection)
  /// A load failed while rows show (a refresh, or a page either way): a tap retries.
  case failed(LoadDirection, String)
  /// The list ends here.
  case end
  /// The network is unreachable: the rows kept show, and what waits loads when it is back.
  case offline

  /// Which of a list's three status slots a status row fills (the list shows at most one row
  /// in each).
  public enum Slot: Hashable, Sendable {
    /// Instead of the rows (nothing else shows).
    case whole
    /// Above the rows.
    case top
    /// Below the rows.
    case bottom
  }

  /// The slot the row fills.
  public var slot: Slot {
    switch self {
    case .firstLoad, .firstLoadFailed: .whole
    case .loading(let direction), .failed(let direction, _): direction == .append ? .bottom : .top
    case .end: .bottom
    case .offline: .top
    }
  }

  /// Whether a tap on the row retries.
  public var isRetryable: Bool {
    switch self {
    case .firstLoadFailed, .failed: true
    default: false
    }
  }

  /// What the row says in the app's language: "Loading…", "Couldn't load: offline. Tap to
  /// retry.", "End of list" (see ``text(locale:)``).
  public var description: String { text() }

  /// What the row says in `locale`'s language, from `CatenaStrings`: "加载中…" in Chinese.
  public func text(locale: Locale = .current) -> String {
    switch self {
    case .firstLoad, .loading: CatenaStrings.string(.loading, locale: locale)
    case .firstLoadFailed(let message), .failed(_, let message):
      CatenaStrings.string(.loadFailed, message.droppingFinalPeriod, locale: locale)
    case .end: CatenaStrings.string(.endOfList, locale: locale)
    case .offline: CatenaStrings.string(.offline, locale: locale)
    }
  }
}
