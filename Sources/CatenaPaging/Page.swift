import CatenaRequest

/// One page of a paged list, as its source returned it.
///
/// ```swift
/// Page(items: houses, pageSize: 20, total: 137)
/// ```
public struct Page<Item: Sendable>: Sendable {
  /// The items, in order.
  public var items: [Item]
  /// The page size the server says it used, when it says (`Data.PageSize`); it wins over the
  /// list's own page size when deciding whether more pages follow.
  public var pageSize: Int?
  /// The number of items in the whole list, when the server says.
  public var total: Int?
  /// Whether the server says more pages follow.
  public var hasMore: Bool?
  /// How many entries of the response could not be read as an `Item` and were left out (the
  /// original articles' transform block's failures).
  public var unreadable: Int
  /// Where the next page is, when the server says (a cursor, a `Link` header's URL): what a
  /// ``PageKeying/server`` source's pager asks for next; nil there ends the list. Pagers that
  /// count pages themselves ignore it.
  public var next: PageKey?
  /// Where the page before this one is, when the server says (a `before` cursor, a `Link`
  /// header's `rel="prev"` URL): what a two-way ``Pager`` keyed by the server asks for when the
  /// user scrolls back; nil there means the list starts here. Lists that count pages themselves
  /// ignore it.
  public var previous: PageKey?
  /// How old the page is when a cache kept it from an earlier answer (as
  /// `Answer.keptAge`); nil for the server's page. A ``Pager`` shows a kept page past the
  /// window only when it is at least as new as the pages shown, and says which rows are kept
  /// (``Pager/keptAge(of:)``).
  public var keptAge: Duration?

  /// A page of `items` with what the server said about the list.
  public init(
    items: [Item], pageSize: Int? = nil, total: Int? = nil, hasMore: Bool? = nil,
    unreadable: Int = 0, next: PageKey? = nil, previous: PageKey? = nil, keptAge: Duration? = nil
  ) {
    self.items = items
    self.pageSize = pageSize
    self.total = total
    self.hasMore = hasMore
    self.unreadable = unreadable
    self.next = next
    self.previous = previous
    self.keptAge = keptAge
  }

  /// The number of entries the server sent, converted or not.
  var receivedCount: Int { items.count + unreadable }
}

extension Page {
  /// Whether more pages follow this page, `received` entries having come in so far (this
  /// page's included) with pages of `pageSize`, for a source keyed as `keying`.
  ///
  /// The page says it when it can: an empty page ends the list; a ``hasMore`` flag wins; else
  /// a ``total`` ends it once every entry arrived; else a page shorter than the page size (the
  /// server's ``pageSize`` when it sent one) ends it. A page keyed by the server is followed
  /// only when it gives a ``next`` key, and a short one does not end it (a cursor API may send
  /// short pages mid-list).
  func hasMore(received: Int, pageSize: Int, keying: PageKeying) -> Bool {
    guard receivedCount > 0 else { return false }
    if keying == .server, next == nil { return false }
    if let hasMore { return hasMore }
    if let total { return received < total }
    return keying == .server || receivedCount >= (self.pageSize ?? pageSize)
  }
}

/// Why a page could not be loaded: which load, where, and the error its source threw.
public struct PageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The load that failed: the refresh (the first page, or the page a refresh asked for), or
  /// the pages before or after the window.
  public var direction: LoadDirection
  /// Where the failed page is (nil for the first page of a list keyed by the server).
  public var key: PageKey?
  /// What went wrong, in words to show (a server's own message when it sent one).
  public var message: String
  /// The error the source threw (a `RequestError` for the request adapter).
  public var underlyingError: any Error

  /// A failure of the `direction` load of the page at `key`, caused by `error`.
  package init(_ direction: LoadDirection, key: PageKey? = nil, error: any Error) {
    self.direction = direction
    self.key = key
    self.underlyingError = error
    message = Self.message(for: error)
  }

  /// What `error` says, in words to show: a server's own message when it sent one.
  package static func message(for error: any Error) -> String {
    if let error = error as? RequestError {
      error.serverMessage ?? error.message
    } else {
      String(describing: error)
    }
  }

  /// Equal when the same load of the same page failed with the same message.
  public static func == (lhs: PageLoadError, rhs: PageLoadError) -> Bool {
    lhs.direction == rhs.direction && lhs.key == rhs.key && lhs.message == rhs.message
  }

  /// "the first page could not be loaded: …", "page 3 could not be loaded: …".
  public var description: String {
    let what =
      switch (direction, key) {
      case (.refresh, nil): "the first page"
      case (_, let key?): "\(key)"
      case (_, nil): "the \(direction == .prepend ? "previous" : "next") page"
      }
    return "\(what) could not be loaded: \(message)"
  }
}
