public import CatenaRequest

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
  /// How many items of the response could not be converted into `Item` and were left out.
  public var dropped: Int
  /// Where the next page is, when the server says (a cursor, a `Link` header's URL): what a
  /// ``PageKeying/server`` source's list asks for next; nil there ends the list. Lists that
  /// count pages themselves ignore it.
  public var next: PageKey?
  /// Where the page before this one is, when the server says (a `before` cursor, a `Link`
  /// header's `rel="prev"` URL): what a two-way ``Pager`` keyed by the server asks for when the
  /// user scrolls back; nil there means the list starts here. Lists that count pages themselves
  /// ignore it.
  public var previous: PageKey?

  /// A page of `items` with what the server said about the list.
  public init(
    items: [Item], pageSize: Int? = nil, total: Int? = nil, hasMore: Bool? = nil,
    dropped: Int = 0, next: PageKey? = nil, previous: PageKey? = nil
  ) {
    self.items = items
    self.pageSize = pageSize
    self.total = total
    self.hasMore = hasMore
    self.dropped = dropped
    self.next = next
    self.previous = previous
  }

  /// The number of entries the server sent, converted or not.
  public var receivedCount: Int { items.count + dropped }
}

/// How a ``PagedList`` decides that more pages follow a page.
public enum HasMoreStrategy: Hashable, Sendable {
  /// More follow unless the page came back shorter than the page size (the server's
  /// `pageSize` when it sent one). The default; it costs one empty request at the end when the
  /// list is an exact multiple of the page size.
  case shorterThanPageSize
  /// More follow while fewer items than the total were received. The request adapter reads
  /// the total at `path`; a closure source sets ``Page/total``. Without a total, falls back to
  /// ``shorterThanPageSize``.
  case totalCount(at: JSONPath)
  /// More follow when the flag says so. The request adapter reads a boolean at `path`; a
  /// closure source sets ``Page/hasMore``. Without a flag, falls back to
  /// ``shorterThanPageSize``.
  case flag(at: JSONPath)

  /// Whether more pages follow `page`, `received` entries having come in so far (this page's
  /// included) with pages of `pageSize`. A page keyed by the server is followed when it gives
  /// a next key, is not empty, and no total or flag it sent says the list is over; a short page
  /// does not end it (a cursor API may send short pages mid-list).
  func hasMore<Item>(
    after page: Page<Item>, received: Int, pageSize: Int, keying: PageKeying
  ) -> Bool {
    if keying == .server {
      guard page.next != nil, page.receivedCount > 0, page.hasMore != false else { return false }
      return page.total.map { received < $0 } ?? true
    }
    let short = page.receivedCount < (page.pageSize ?? pageSize) || page.receivedCount == 0
    switch self {
    case .shorterThanPageSize:
      return !short
    case .totalCount:
      guard let total = page.total else { return !short }
      return received < total && page.receivedCount > 0
    case .flag:
      return (page.hasMore ?? !short) && page.receivedCount > 0
    }
  }
}

/// Why a page could not be loaded: which page, and the error its source threw.
public struct PageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The number of the page that failed: its index, or for lists keyed by offset or by the
  /// server, its place counted from the list's first page.
  public var page: Int
  /// Where the failed page is (nil for the first page of a list keyed by the server).
  public var key: PageKey?
  /// Whether it was the first page (a refresh) rather than a next page.
  public var isFirstPage: Bool
  /// What went wrong, in words to show (a server's own message when it sent one).
  public var message: String
  /// The error the source threw (a `RequestError` for the request adapter).
  public var underlyingError: any Error

  /// A failure of `page`, at `key`, caused by `error`.
  public init(page: Int, key: PageKey? = nil, isFirstPage: Bool, error: any Error) {
    self.page = page
    self.key = key
    self.isFirstPage = isFirstPage
    self.underlyingError = error
    if let error = error as? RequestError {
      message = error.serverMessage ?? error.message
    } else {
      message = String(describing: error)
    }
  }

  /// Equal when the same page failed with the same message.
  public static func == (lhs: PageLoadError, rhs: PageLoadError) -> Bool {
    lhs.page == rhs.page && lhs.key == rhs.key && lhs.isFirstPage == rhs.isFirstPage
      && lhs.message == rhs.message
  }

  /// "page 3 could not be loaded: …".
  public var description: String {
    "\(isFirstPage ? "the first page" : "page \(page)") could not be loaded: \(message)"
  }
}
