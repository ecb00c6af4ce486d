public import CatenaDataSource

/// How a ``Pager`` loads and keeps pages: page sizes, how early it loads, how many pages it
/// keeps, what it does with an item loaded twice. What a page means (its keys, the first
/// page's number, whether more follow) is the ``PageSource``'s.
///
/// ```swift
/// let timeline = Pager(PagerConfiguration(pageSize: 30, maxLoadedPages: 5), source: messageSource)
/// ```
public struct PagerConfiguration: Sendable {
  /// How many items a page asks for.
  @usableFromInline package var pageSize: Int
  /// How many items the first load asks for: a multiple of ``pageSize`` fills the screen at
  /// once. Sources that count pages load that many pages one after another; sources keyed by
  /// offset or by the server ask for them in one request.
  @usableFromInline package var initialLoadSize: Int
  /// How close (in rows) to an edge of the loaded items a row on screen, or one the table
  /// prefetches, must be to load the pages past that edge.
  @usableFromInline package var prefetchDistance: Int
  /// The most pages kept in memory; past it, the pages farthest from the one just loaded are
  /// dropped and loaded again when the user comes back. Nil keeps every page.
  @usableFromInline package var maxLoadedPages: Int?
  /// Whether the items before and after the window count as placeholders
  /// (``Pager/placeholdersBefore``, ``Pager/placeholdersAfter``) when the server gives totals,
  /// so the scroll bar and the content height stay stable as pages come and go.
  @usableFromInline package var placeholders: Bool
  /// What to do with an item whose id is already loaded: `DuplicatePolicy.keepFirst` keeps
  /// the loaded one, `DuplicatePolicy.keepLast` takes the new one, `DuplicatePolicy.fail`
  /// fails the load. Either way the load reports how many it dropped, once.
  @usableFromInline package var duplicates: DuplicatePolicy
  /// How long after its pages last loaded from the first (a refresh, or a refetch) the list
  /// counts as fresh (not `CachePolicy.staleTime(_:)`, which says how long one
  /// HTTP response kept counts as fresh). Once older, the list loads its pages again, each in place, when it
  /// appears again (``Pager/appeared()``), when the app returns to the foreground while it is
  /// shown, and when the network comes back (``LoadStates/isOffline``); never two at once. Nil
  /// (the default): only the app's code and the user reload it.
  @usableFromInline package var refetchAfter: Duration?

  /// A configuration, given once: what it says is read by the pager only.
  ///
  /// - Parameters:
  ///   - pageSize: how many items a page asks for.
  ///   - initialLoadSize: how many items the first load asks for (the page size unless
  ///     given): a multiple of the page size fills the screen at once. Sources that count
  ///     pages load that many pages one after another; sources keyed by offset or by the
  ///     server ask for them in one request.
  ///   - prefetchDistance: how close (in rows) to an edge of the loaded items a row on
  ///     screen, or one the table prefetches, must be to load the pages past that edge (half
  ///     a page unless given).
  ///   - maxLoadedPages: the most pages kept in memory (at least 2); past it, the pages
  ///     farthest from the one just loaded are dropped and loaded again when the user comes
  ///     back. Nil keeps every page.
  ///   - placeholders: whether the items before and after the window count as placeholders
  ///     (``Pager/placeholdersBefore``, ``Pager/placeholdersAfter``) when the server gives
  ///     totals, so the scroll bar and the content height stay stable as pages come and go.
  ///   - duplicates: what to do with an item whose id is already loaded: `.keepFirst` keeps
  ///     the loaded one, `.keepLast` takes the new one, `.fail` fails the load. Either way the
  ///     load reports how many it dropped, once.
  ///   - refetchAfter: how long after its pages last loaded from the first (a refresh, or a
  ///     refetch) the list counts as fresh (not `CachePolicy.staleTime(_:)`, which says how
  ///     long one HTTP response kept counts as fresh). Once older, the list loads its pages
  ///     again, each in place, when it appears again (``Pager/appeared()``), when the app
  ///     returns to the foreground while it is shown, and when the network comes back
  ///     (``LoadStates/isOffline``); never two at once. Nil (the default): only the app's code
  ///     and the user reload it.
  public init(
    pageSize: Int = 20, initialLoadSize: Int? = nil,
    prefetchDistance: Int? = nil, maxLoadedPages: Int? = nil, placeholders: Bool = false,
    duplicates: DuplicatePolicy = .keepFirst, refetchAfter: Duration? = nil
  ) {
    self.pageSize = max(pageSize, 1)
    self.initialLoadSize = max(initialLoadSize ?? pageSize, self.pageSize)
    self.prefetchDistance = max(prefetchDistance ?? self.pageSize / 2, 1)
    self.maxLoadedPages = maxLoadedPages.map { max($0, 2) }
    self.placeholders = placeholders
    self.duplicates = duplicates
    self.refetchAfter = refetchAfter
  }
}
