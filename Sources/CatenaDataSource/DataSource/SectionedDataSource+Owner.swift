public import CatenaDiff

/// The `owner:` form of every closure of the chain: the data source holds `owner` weakly and
/// passes it in, so a closure that works on the view controller that owns the table neither
/// captures it nor needs `[weak self]`. Once the owner is gone the closure does nothing, and
/// one that answers gives the answer of no closure (no rows, no title, not editable…).
///
/// ```swift
/// dataSource
///   .configureCell(owner: self) { owner, cell, _, article in cell.title = owner.title(of: article) }
///   .didSelect(owner: self) { owner, _, article in owner.show(article) }
/// ```
extension SectionedDataSource {
  /// `configureCell(_:)`, with `owner` passed in.
  @discardableResult
  public func configureCell<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Cell, ItemPath, Item) -> Void
  ) -> Self { configureCell(weakly(owner, otherwise: (), body)) }

  /// `configureCell(_:)`, with `owner` passed in.
  @discardableResult
  public func configureCell<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Cell, ItemPath) -> Void
  ) -> Self { configureCell(weakly(owner, otherwise: (), body)) }

  /// ``sectionsNumber(_:)``, with `owner` passed in (no sections once it is gone).
  @discardableResult
  public func sectionsNumber<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner) -> Int
  ) -> Self { sectionsNumber(weakly(owner, otherwise: 0, body)) }

  /// ``rowsNumber(_:)``, with `owner` passed in (no rows once it is gone).
  @discardableResult
  public func rowsNumber<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Int) -> Int
  ) -> Self { rowsNumber(weakly(owner, otherwise: 0, body)) }

  /// ``item(_:)``, with `owner` passed in.
  @discardableResult
  public func item<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath) -> Item?
  ) -> Self { item(weakly(owner, otherwise: nil, body)) }

  /// ``header(_:)``, with `owner` passed in.
  @discardableResult
  public func header<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Int, SectionID?) -> String?
  ) -> Self { header(weakly(owner, otherwise: nil, body)) }

  /// ``sectionIndexTitle(_:)``, with `owner` passed in.
  @discardableResult
  public func sectionIndexTitle<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Int, SectionID?) -> String?
  ) -> Self { sectionIndexTitle(weakly(owner, otherwise: nil, body)) }

  /// ``footer(_:)``, with `owner` passed in.
  @discardableResult
  public func footer<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, Int, SectionID?) -> String?
  ) -> Self { footer(weakly(owner, otherwise: nil, body)) }

  /// ``rowHeight(_:)``, with `owner` passed in (44 points, the default height, once it is
  /// gone).
  @discardableResult
  public func rowHeight<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item?) -> Double
  ) -> Self { rowHeight(weakly(owner, otherwise: 44, body)) }

  /// `didSelect(_:)`, with `owner` passed in.
  @discardableResult
  public func didSelect<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath) -> Void
  ) -> Self { didSelect(weakly(owner, otherwise: (), body)) }

  /// ``didDeselect(_:)``, with `owner` passed in.
  @discardableResult
  public func didDeselect<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item) -> Void
  ) -> Self { didDeselect(weakly(owner, otherwise: (), body)) }

  /// ``canEdit(_:)``, with `owner` passed in (nothing editable once it is gone).
  @discardableResult
  public func canEdit<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item?) -> Bool
  ) -> Self { canEdit(weakly(owner, otherwise: false, body)) }

  /// `onDelete(_:)`, with `owner` passed in.
  @discardableResult
  public func onDelete<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item) -> Void
  ) -> Self { onDelete(weakly(owner, otherwise: (), body)) }

  /// `onDelete(_:)`, with `owner` passed in.
  @discardableResult
  public func onDelete<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath) -> Void
  ) -> Self { onDelete(weakly(owner, otherwise: (), body)) }

  /// ``onMove(_:)``, with `owner` passed in.
  @discardableResult
  public func onMove<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, ItemPath, Item?) -> Void
  ) -> Self { onMove(weakly(owner, otherwise: (), body)) }

  /// ``swipeActions(_:_:)``, with `owner` passed in (no actions once it is gone).
  @discardableResult
  public func swipeActions<Owner: AnyObject>(
    _ edge: SwipeEdge, owner: Owner, _ body: @escaping (Owner, ItemPath, Item) -> [SwipeAction]
  ) -> Self { swipeActions(edge, weakly(owner, otherwise: [], body)) }

  /// ``prefetch(_:)``, with `owner` passed in.
  @discardableResult
  public func prefetch<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, [ItemPath], [Item]) -> Void
  ) -> Self { prefetch(weakly(owner, otherwise: (), body)) }

  /// ``cancelPrefetching(_:)``, with `owner` passed in.
  @discardableResult
  public func cancelPrefetching<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, [ItemPath], [Item]) -> Void
  ) -> Self { cancelPrefetching(weakly(owner, otherwise: (), body)) }

  /// ``willDisplay(_:)``, with `owner` passed in.
  @discardableResult
  public func willDisplay<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner, ItemPath, Item?) -> Void
  ) -> Self { willDisplay(weakly(owner, otherwise: (), body)) }

  /// ``emptyState(_:)``, with `owner` passed in.
  @discardableResult
  public func emptyState<Owner: AnyObject>(
    owner: Owner, _ body: @escaping (Owner) -> String?
  ) -> Self { emptyState(weakly(owner, otherwise: nil, body)) }

  /// ``cell(_:reuseIdentifier:when:configure:)``, with `owner` passed in to `configure`.
  @discardableResult
  public func cell<Other: AnyObject, Owner: AnyObject>(
    _ type: Other.Type, reuseIdentifier: String, when accepts: @escaping (Item) -> Bool,
    owner: Owner, configure: @escaping (Owner, Other, ItemPath, Item) -> Void
  ) -> Self {
    cell(
      type, reuseIdentifier: reuseIdentifier, when: accepts,
      configure: weakly(owner, otherwise: (), configure))
  }

  /// ``headerView(_:reuseIdentifier:height:when:configure:)``, with `owner` passed in to
  /// `configure`.
  @discardableResult
  public func headerView<View: AnyObject, Owner: AnyObject>(
    _ type: View.Type, reuseIdentifier: String, height: Double? = nil,
    when shows: ((Int, SectionID?) -> Bool)? = nil, owner: Owner,
    configure: @escaping (Owner, View, Int, SectionID?) -> Void
  ) -> Self {
    headerView(
      type, reuseIdentifier: reuseIdentifier, height: height, when: shows,
      configure: weakly(owner, otherwise: (), configure))
  }

  /// ``footerView(_:reuseIdentifier:height:when:configure:)``, with `owner` passed in to
  /// `configure`.
  @discardableResult
  public func footerView<View: AnyObject, Owner: AnyObject>(
    _ type: View.Type, reuseIdentifier: String, height: Double? = nil,
    when shows: ((Int, SectionID?) -> Bool)? = nil, owner: Owner,
    configure: @escaping (Owner, View, Int, SectionID?) -> Void
  ) -> Self {
    footerView(
      type, reuseIdentifier: reuseIdentifier, height: height, when: shows,
      configure: weakly(owner, otherwise: (), configure))
  }
}
