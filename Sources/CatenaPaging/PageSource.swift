package import CatenaRequest

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
  package let keying: PageKeying
  /// Loads the page at `key` (nil for the first page of a ``PageKeying/server`` source) of
  /// `size` items.
  ///
  /// For a source whose loads answer twice (``init(keying:answers:)``), the last answer: the
  /// server's page, not the one kept.
  package let fetch: @Sendable (_ key: PageKey?, _ size: Int) async throws -> Page<Item>
  /// The answers of a load, for a source that may answer more than once; nil for one answer.
  let answers: Answers?
  /// Drops what a cache keeps of the source's pages (after an edit the server kept); nil
  /// when nothing is kept.
  var invalidate: (@Sendable () -> Void)?
  /// The page kept for a load, read at once (nil when none can be), and the answers that
  /// follow it (the server's, when it differs): how a request source opens a list in the
  /// same turn. Nil for other sources.
  var kept: Kept?
  /// Where the pager learns that the network went away and came back: the reachability of
  /// the client a request source sends through; nil for other sources (never offline).
  package var reachability: (@Sendable () -> (any Reachability)?)?
  /// The number of the first page of a source that counts pages (``firstPage(_:)``).
  package private(set) var firstPageNumber = 1

  /// A kept page read at once, and the answers after it.
  struct Kept: Sendable {
    /// The page kept for a load, read now, and the answers that follow it (made when the
    /// load runs): the server's page, compared with that very page (not with what the cache
    /// keeps by then).
    let page:
      @Sendable (_ key: PageKey?, _ size: Int) -> (
        page: Page<Item>, after: @Sendable () -> AsyncThrowingStream<Page<Item>, any Error>
      )?
  }

  /// The answers of one load: a page kept from before at once, then the server's.
  typealias Answers =
    @Sendable (_ key: PageKey?, _ size: Int) -> AsyncThrowingStream<
      Page<Item>, any Error
    >

  /// A source keyed as `keying` says, loading with `fetch` (what ``init(_:)``, ``offset(_:)``
  /// and ``cursor(_:)`` make).
  package init(
    keying: PageKeying,
    fetch: @escaping @Sendable (_ key: PageKey?, _ size: Int) async throws -> Page<Item>
  ) {
    self.keying = keying
    self.fetch = fetch
    self.answers = nil
    self.invalidate = nil
    self.kept = nil
    self.reachability = nil
  }

  /// A source whose load may answer more than once: the page a cache keeps, at once, then the
  /// server's page when it arrives (and only when it differs). A ``Pager`` shows the first
  /// answer as soon as it comes and replaces it with each later one in one change, keeping the
  /// row the user reads where it is; the load runs (and its direction shows loading) until the
  /// stream ends. A stream that fails after an answer keeps that answer shown and fails the
  /// load. A page marked ``Page/keptAge`` is a cache's: the stream ending on it says the
  /// server confirmed it; one older than the pages shown is not shown past them until then.
  ///
  /// The request sources (``request(_:on:by:_:transform:)`` and its cursor form) answer this
  /// way when their client has an `HTTPCache`, through `RequestConvertible.answers(on:)`:
  ///
  /// ```swift
  /// let articles = PageSource<Article>(keying: .index) { key, size in
  ///   AsyncThrowingStream { continuation in
  ///     Task {
  ///       if let kept = await store.articles(at: key) { continuation.yield(Page(items: kept)) }
  ///       do {
  ///         continuation.yield(Page(items: try await api.articles(at: key, size: size)))
  ///         continuation.finish()
  ///       } catch {
  ///         continuation.finish(throwing: error)
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  public init(
    keying: PageKeying,
    answers:
      @escaping @Sendable (_ key: PageKey?, _ size: Int) -> AsyncThrowingStream<
        Page<Item>, any Error
      >
  ) {
    self.keying = keying
    self.answers = answers
    self.invalidate = nil
    self.kept = nil
    self.reachability = nil
    self.fetch = { key, size in
      var last: Page<Item>?
      for try await page in answers(key, size) { last = page }
      guard var last else { throw CancellationError() }
      last.keptAge = nil  // the answers ended on it: the server's, or one it confirmed
      return last
    }
  }

  /// A source of numbered pages: `load` gets the page number (1 for the first page, or what
  /// ``firstPage(_:)`` says) and the page size.
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

  /// The same source, numbering its pages from `number` (0 or 1, as the server counts; 1
  /// unless set). A source keyed by offset or by the server has no page numbers.
  ///
  /// ```swift
  /// let feed = PageSource<Article> { page, size in
  ///   Page(items: try await api.articles(page: page, size: size))
  /// }.firstPage(0)  // pages 0, 1, 2, …
  /// ```
  public func firstPage(_ number: Int) -> PageSource {
    var source = self
    source.firstPageNumber = number
    return source
  }

  /// The same pages with each item converted by `transform`; items it returns nil for are left
  /// out and counted in ``Page/unreadable`` (the original `ListDomainService` transform block).
  ///
  /// ```swift
  /// rawSource.compactMap { json in House(json: json) }
  /// ```
  public func compactMap<Other: Sendable>(
    _ transform: @escaping @Sendable (Item) -> Other?
  ) -> PageSource<Other> {
    let convert: @Sendable (Page<Item>) -> Page<Other> = { raw in
      let converted = raw.items.compactMap(transform)
      return Page<Other>(
        items: converted, pageSize: raw.pageSize, total: raw.total, hasMore: raw.hasMore,
        unreadable: raw.unreadable + raw.items.count - converted.count, next: raw.next,
        previous: raw.previous)
    }
    var converted: PageSource<Other>
    if let answers {
      converted = PageSource<Other>(keying: keying) { key, size in
        answers(key, size).mapped(convert)
      }
    } else {
      let fetch = self.fetch
      converted = PageSource<Other>(keying: keying) { key, size in
        convert(try await fetch(key, size))
      }
    }
    converted.invalidate = invalidate
    converted.reachability = reachability
    converted.firstPageNumber = firstPageNumber
    converted.kept = kept.map { kept in
      PageSource<Other>.Kept { key, size in
        kept.page(key, size).map { kept in
          (convert(kept.page), { kept.after().mapped(convert) })
        }
      }
    }
    return converted
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// The same elements converted by `transform`, ending as this stream ends; cancelling the
  /// loop over it cancels the loop over this one.
  func mapped<Other: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Other
  ) -> AsyncThrowingStream<Other, any Error> where Element: Sendable {
    AsyncThrowingStream<Other, any Error> { continuation in
      let task = Task {
        do {
          for try await element in self { continuation.yield(try transform(element)) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
