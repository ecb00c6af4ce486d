/// Where a ``Pager`` gets its pages: an `async` function of where the page is and how
/// many items it should hold.
///
/// ```swift
/// let source = PageSource<House> { page, size in
///   Page(items: try await api.houses(page: page, size: size))
/// }
/// let byOffset = PageSource<House>.offset { offset, limit in
///   Page(items: try await api.houses(offset: offset, limit: limit))
/// }
/// let byCursor = PageSource<House>.cursor { cursor, size in
///   let answer = try await api.houses(after: cursor, limit: size)
///   return Page(items: answer.houses, next: answer.nextCursor.map(PageKey.cursor))
/// }
/// ```
///
/// ``request(_:on:by:_:transform:)`` and its cursor and `Link`-header forms adapt a Catena
/// request, and `FixturePages` (in `CatenaTesting`) serves generated items
/// before an API exists.
public struct PageSource<Item: Sendable>: Sendable {
  /// How the pager finds the next page.
  public let keying: PageKeying
  /// Loads the page at `key` (nil for the first page of a ``PageKeying/server`` source) of
  /// `size` items.
  public let fetch: @Sendable (_ key: PageKey?, _ size: Int) async throws -> Page<Item>

  /// A source keyed as `keying` says, loading with `fetch`.
  public init(
    keying: PageKeying,
    fetch: @escaping @Sendable (_ key: PageKey?, _ size: Int) async throws -> Page<Item>
  ) {
    self.keying = keying
    self.fetch = fetch
  }

  /// A source of numbered pages: `load` gets the page number (counted from the pager's
  /// ``PagerConfiguration/firstPage``) and the page size.
  public init(_ load: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> Page<Item>) {
    self.init(keying: .index) { key, size in
      guard case .index(let page) = key else { return Page(items: []) }
      return try await load(page, size)
    }
  }

  /// A source paged by offset: `load` gets how many items come before the page (0, then the
  /// number received so far) and the page size.
  public static func offset(
    _ load: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> Page<Item>
  ) -> PageSource {
    PageSource(keying: .offset) { key, size in
      guard case .offset(let offset) = key else { return Page(items: []) }
      return try await load(offset, size)
    }
  }

  /// A source paged by the server's cursor: `load` gets nil for the first page, then the
  /// ``Page/next`` key of the page before as text (``PageKey/token``); the list ends when a
  /// page gives no next key.
  public static func cursor(
    _ load: @escaping @Sendable (_ cursor: String?, _ size: Int) async throws -> Page<Item>
  ) -> PageSource {
    PageSource(keying: .server) { key, size in try await load(key?.token, size) }
  }

  /// The same pages with each item converted by `transform`; items it returns nil for are left
  /// out and counted in ``Page/dropped`` (the original `ListDomainService` transform block).
  ///
  /// ```swift
  /// rawSource.compactMap { json in House(json: json) }
  /// ```
  public func compactMap<Other: Sendable>(
    _ transform: @escaping @Sendable (Item) -> Other?
  ) -> PageSource<Other> {
    let fetch = self.fetch
    return PageSource<Other>(keying: keying) { key, size in
      let raw = try await fetch(key, size)
      let converted = raw.items.compactMap(transform)
      var page = Page(
        items: converted, pageSize: raw.pageSize, total: raw.total, hasMore: raw.hasMore,
        dropped: raw.dropped + raw.items.count - converted.count)
      page.next = raw.next
      page.previous = raw.previous
      return page
    }
  }
}
