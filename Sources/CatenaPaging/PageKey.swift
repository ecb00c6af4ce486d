public import Foundation

/// Where a page is: what its source needs to load it.
///
/// A list counts pages by ``index(_:)`` or ``offset(_:)`` itself; a ``cursor(_:)`` or a
/// ``link(_:)`` comes from the server with the page before (``Page/next``).
public enum PageKey: Hashable, Sendable, CustomStringConvertible {
  /// The page's number (`?page=3`).
  case index(Int)
  /// How many items come before the page (`?offset=40&limit=20`).
  case offset(Int)
  /// An opaque token the previous page gave (`next_cursor`, `starting_after`).
  case cursor(String)
  /// The URL of the page, from the previous page's `Link: <…>; rel="next"` header.
  case link(URL)

  /// The key as text: the number, the cursor, or the URL.
  public var token: String {
    switch self {
    case .index(let number), .offset(let number): String(number)
    case .cursor(let cursor): cursor
    case .link(let url): url.absoluteString
    }
  }

  /// "page 3", "offset 40", "cursor \"abc\"", "link https://…".
  public var description: String {
    switch self {
    case .index(let number): "page \(number)"
    case .offset(let number): "offset \(number)"
    case .cursor(let cursor): "cursor \"\(cursor)\""
    case .link(let url): "link \(url.absoluteString)"
    }
  }
}

/// How a ``PageSource`` finds the next page.
public enum PageKeying: Hashable, Sendable {
  /// By number: the list asks for the source's first page (``PageSource/firstPage(_:)``),
  /// then the next number.
  case index
  /// By offset: the list asks for offset 0, then the number of items received so far.
  case offset
  /// By what the server gives: the first page has no key, and each page says where the next
  /// is (``Page/next``); the list ends when a page gives none.
  case server
}
