/// Where a ``PagedList`` gets its pages: an `async` function of the page index and size.
///
/// ```swift
/// let source = PageSource<House> { page, size in
///   Page(items: try await api.houses(page: page, size: size))
/// }
/// ```
///
/// ``request(list:pageSize:on:strategy:_:transform:)`` adapts a Catena request, and
/// `FixturePages` (in `CatenaTesting`) serves generated items before an API exists.
public struct PageSource<Item: Sendable>: Sendable {
  /// Loads page `page` of `size` items.
  public let load: @Sendable (_ page: Int, _ size: Int) async throws -> Page<Item>

  /// A source that calls `load`.
  public init(_ load: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> Page<Item>) {
    self.load = load
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
    let load = self.load
    return PageSource<Other> { page, size in
      let raw = try await load(page, size)
      let converted = raw.items.compactMap(transform)
      return Page(
        items: converted, pageSize: raw.pageSize, total: raw.total, hasMore: raw.hasMore,
        dropped: raw.dropped + raw.items.count - converted.count)
    }
  }

  /// The same pages with each item converted by `transform`.
  public func map<Other: Sendable>(
    _ transform: @escaping @Sendable (Item) -> Other
  ) -> PageSource<Other> {
    compactMap(transform)
  }
}
