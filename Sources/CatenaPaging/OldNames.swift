public import CatenaDataSource
public import CatenaRequest

// The names paging had before it had one engine. Each is unavailable, so code that uses one
// does not compile, and the compiler offers the new name or says what replaced it
// (CHANGELOG.md has the whole table).

/// Renamed: ``Pager`` is the one paging engine.
@available(*, unavailable, renamed: "Pager")
public typealias PagedList<Item: Identifiable & Sendable> = Pager<Item> where Item.ID: Sendable

/// Renamed: ``PagerBinding`` is the one binding.
@available(*, unavailable, renamed: "PagerBinding")
public typealias PagingBinding<Item: Identifiable & Sendable & Equatable> = PagerBinding<Item>
where Item.ID: Sendable

/// Renamed: a pager's ``LoadStates`` say where each direction is.
@available(*, unavailable, renamed: "LoadStates")
public typealias PagingState = LoadStates

/// Renamed: ``LoadState`` says how a direction's last load ended.
@available(*, unavailable, renamed: "LoadState")
public typealias LoadStatus = LoadState

/// Renamed: ``PageKeying`` says how pages are counted.
@available(*, unavailable, renamed: "PageKeying")
public typealias PageCounting = PageKeying

/// Replaced: observe ``Pager/loadStates`` (it is `Observable`), or await a load's
/// ``PagerLoad/ended()``.
@available(*, unavailable, message: "observe Pager.loadStates, or await refresh().ended()")
public enum PagingEvent {}

/// Replaced: a page's total or flag decides; give their paths to ``PageFormat``.
@available(*, unavailable, message: "give the paths to PageFormat(list:total:) or (list:hasMore:)")
public enum HasMoreStrategy {}

/// Replaced: a bound pager holds an end after `cancel()` or a page that added nothing.
@available(*, unavailable, message: "a Pager holds an end itself; loadNext() lifts the hold")
public enum AutoLoadPause {}

/// Renamed: `TextCell` shows a status row itself.
@available(*, unavailable, renamed: "TextCell")
public typealias PagerStatusTextCell = TextCell

extension Pager {
  /// Renamed.
  @available(*, unavailable, renamed: "loadNext()")
  public func loadNextPage() -> Task<Void, Never>? { fatalError("unavailable") }

  /// Replaced: await the load's ``PagerLoad/ended()``.
  @available(*, unavailable, message: "await loadNext().ended()")
  public func loadingNextPage() async -> LoadState { fatalError("unavailable") }

  /// Renamed.
  @available(*, unavailable, renamed: "loadStates")
  public var state: LoadStates { fatalError("unavailable") }

  /// Replaced by ``loadStates``: more pages follow while `loadStates.append != .end`.
  @available(*, unavailable, message: "more follow while loadStates.append != .end")
  public var hasMore: Bool { fatalError("unavailable") }

  /// Replaced: observe ``loadStates``.
  @available(*, unavailable, message: "observe loadStates (Observable), or await a load's ended()")
  public func events() -> Never { fatalError("unavailable") }

  /// Replaced: await a load's ``PagerLoad/ended()``, or observe ``loadStates``.
  @available(
    *, unavailable, message: "await refresh().ended()/loadNext().ended(), or observe loadStates"
  )
  public func loadCompletion(_ body: Any) -> Self { fatalError("unavailable") }

  /// Replaced: convert pages in the source (``PageSource/compactMap(_:)``), or observe ``items``.
  @available(*, unavailable, message: "convert in PageSource.compactMap, or observe items")
  public func beforeFirstPage(_ body: Any) -> Self { fatalError("unavailable") }

  /// Replaced: convert pages in the source (``PageSource/compactMap(_:)``), or observe ``items``.
  @available(*, unavailable, message: "convert in PageSource.compactMap, or observe items")
  public func beforeNextPage(_ body: Any) -> Self { fatalError("unavailable") }
}

extension PagerBinding {
  /// Replaced: section titles come from the data source's `header` chain.
  @available(*, unavailable, message: "give section titles with the data source's header { }")
  public func header(_ text: String?) -> Self { fatalError("unavailable") }

  /// Replaced: section titles come from the data source's `footer` chain.
  @available(*, unavailable, message: "give section footers with the data source's footer { }")
  public func footer(_ text: String?) -> Self { fatalError("unavailable") }

  /// Moved to the data source's chain.
  @available(*, unavailable, renamed: "SectionedDataSource.statusCell(_:reuseIdentifier:)")
  public func statusCell<StatusCell, SectionID: Hashable>(
    _ type: StatusCell.Type, reuseIdentifier: String = "",
    in dataSource: SectionedDataSource<SectionID, PagerRow<Item>>
  ) -> Self { fatalError("unavailable") }
}

extension PageSource {
  /// Replaced: say where the list is with a ``PageFormat`` (`.dataList()` for `Data.List`).
  @available(*, unavailable, message: "pass a PageFormat: .request(.dataList(), …)")
  public static func request<R: RequestConvertible>(
    list: JSONPath = "", pageSize: JSONPath? = nil, on client: Client = .default,
    strategy: Never? = nil, by counting: PageKeying = .index,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> { fatalError("unavailable") }
}

extension Pager {
  /// Renamed: `bind` means "drives", with no label.
  @available(*, unavailable, renamed: "bind(_:section:)")
  public func bind<SectionID: Hashable>(
    to dataSource: SectionedDataSource<SectionID, PagerRow<Item>>, section: SectionID
  ) -> PagerBinding<Item> { fatalError("unavailable") }
}
