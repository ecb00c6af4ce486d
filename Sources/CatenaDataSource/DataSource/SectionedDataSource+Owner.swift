public import CatenaDiff

extension SectionedDataSource {
  /// The chain again, with `owner` passed into every closure: the data source holds `owner`
  /// weakly, so a closure that works on the view controller that owns the table neither
  /// captures it nor needs `[weak self]`. Once the owner is gone a closure does nothing, and
  /// one that answers gives the answer of no closure (no rows, no title, not editable…).
  ///
  /// ```swift
  /// dataSource.owned(by: self)
  ///   .configureCell(ArticleCell.self, reuseIdentifier: "article") { owner, cell, _, article in
  ///     cell.title = owner.title(of: article)
  ///   }
  ///   .didSelect { owner, _, article in owner.show(article) }
  /// ```
  public func owned<Owner: AnyObject>(by owner: Owner) -> Owned<Owner> {
    Owned(source: self, owner: owner)
  }

  /// A data source's chain with an owner passed into each closure; made by
  /// ``SectionedDataSource/owned(by:)``. Each step sets the data source's closure of the
  /// same name and returns the chain for the next.
  @MainActor
  public struct Owned<Owner: AnyObject> {
    /// The data source the chain sets up.
    public let dataSource: SectionedDataSource
    private weak var owner: Owner?

    init(source: SectionedDataSource, owner: Owner) {
      dataSource = source
      self.owner = owner
    }

    /// `body` with the owner passed in while it lives; `otherwise` once it is gone.
    private func passing<each Argument, Result>(
      _ otherwise: Result, _ body: @escaping (Owner, repeat each Argument) -> Result
    ) -> (repeat each Argument) -> Result {
      guard let owner else { return { (_: repeat each Argument) in otherwise } }
      return weakly(owner, otherwise: otherwise, body)
    }

    /// ``SectionedDataSource/configureCell(_:reuseIdentifier:when:_:)``, with the owner.
    @discardableResult
    public func configureCell<Cell: AnyObject>(
      _ type: Cell.Type, reuseIdentifier: String, when accepts: ((Item) -> Bool)? = nil,
      _ configure: @escaping (Owner, Cell, ItemPath, Item) -> Void
    ) -> Self {
      dataSource.configureCell(
        type, reuseIdentifier: reuseIdentifier, when: accepts, passing((), configure))
      return self
    }

    /// ``SectionedDataSource/configureCell(_:reuseIdentifier:_:)``, with the owner.
    @discardableResult
    public func configureCell<Cell: AnyObject>(
      _ type: Cell.Type, reuseIdentifier: String,
      _ configure: @escaping (Owner, Cell, ItemPath) -> Void
    ) -> Self {
      dataSource.configureCell(type, reuseIdentifier: reuseIdentifier, passing((), configure))
      return self
    }

    /// ``SectionedDataSource/sectionsNumber(_:)``, with the owner (no sections once it is gone).
    @discardableResult
    public func sectionsNumber(_ body: @escaping (Owner) -> Int) -> Self {
      dataSource.sectionsNumber(passing(0, body))
      return self
    }

    /// ``SectionedDataSource/rowsNumber(_:)``, with the owner (no rows once it is gone).
    @discardableResult
    public func rowsNumber(_ body: @escaping (Owner, Int) -> Int) -> Self {
      dataSource.rowsNumber(passing(0, body))
      return self
    }

    /// ``SectionedDataSource/item(_:)``, with the owner.
    @discardableResult
    public func item(_ body: @escaping (Owner, ItemPath) -> Item?) -> Self {
      dataSource.item(passing(nil, body))
      return self
    }

    /// ``SectionedDataSource/headerTitle(_:)``, with the owner.
    @discardableResult
    public func headerTitle(_ body: @escaping (Owner, Int, SectionID?) -> String?) -> Self {
      dataSource.headerTitle(passing(nil, body))
      return self
    }

    /// ``SectionedDataSource/footerTitle(_:)``, with the owner.
    @discardableResult
    public func footerTitle(_ body: @escaping (Owner, Int, SectionID?) -> String?) -> Self {
      dataSource.footerTitle(passing(nil, body))
      return self
    }

    /// ``SectionedDataSource/sectionIndexTitle(_:)``, with the owner.
    @discardableResult
    public func sectionIndexTitle(_ body: @escaping (Owner, Int, SectionID?) -> String?) -> Self {
      dataSource.sectionIndexTitle(passing(nil, body))
      return self
    }

    /// ``SectionedDataSource/headerView(_:reuseIdentifier:height:when:configure:)``, with the
    /// owner passed to `configure`.
    @discardableResult
    public func headerView<View: AnyObject>(
      _ type: View.Type, reuseIdentifier: String, height: Double? = nil,
      when shows: ((Int, SectionID?) -> Bool)? = nil,
      configure: @escaping (Owner, View, Int, SectionID?) -> Void
    ) -> Self {
      dataSource.headerView(
        type, reuseIdentifier: reuseIdentifier, height: height, when: shows,
        configure: passing((), configure))
      return self
    }

    /// ``SectionedDataSource/footerView(_:reuseIdentifier:height:when:configure:)``, with the
    /// owner passed to `configure`.
    @discardableResult
    public func footerView<View: AnyObject>(
      _ type: View.Type, reuseIdentifier: String, height: Double? = nil,
      when shows: ((Int, SectionID?) -> Bool)? = nil,
      configure: @escaping (Owner, View, Int, SectionID?) -> Void
    ) -> Self {
      dataSource.footerView(
        type, reuseIdentifier: reuseIdentifier, height: height, when: shows,
        configure: passing((), configure))
      return self
    }

    /// ``SectionedDataSource/rowHeight(_:)``, with the owner (44 points once it is gone).
    @discardableResult
    public func rowHeight(_ body: @escaping (Owner, ItemPath, Item?) -> Double) -> Self {
      dataSource.rowHeight(passing(44, body))
      return self
    }

    /// `SectionedDataSource.didSelect(_:)`, with the owner.
    @discardableResult
    public func didSelect(_ body: @escaping (Owner, ItemPath, Item) -> Void) -> Self {
      dataSource.didSelect(passing((), body))
      return self
    }

    /// ``SectionedDataSource/didDeselect(_:)``, with the owner.
    @discardableResult
    public func didDeselect(_ body: @escaping (Owner, ItemPath, Item) -> Void) -> Self {
      dataSource.didDeselect(passing((), body))
      return self
    }

    /// ``SectionedDataSource/canEdit(_:)``, with the owner (nothing editable once it is gone).
    @discardableResult
    public func canEdit(_ body: @escaping (Owner, ItemPath, Item?) -> Bool) -> Self {
      dataSource.canEdit(passing(false, body))
      return self
    }

    /// `SectionedDataSource.didDelete(_:)`, with the owner.
    @discardableResult
    public func didDelete(_ body: @escaping (Owner, ItemPath, Item) -> Void) -> Self {
      dataSource.didDelete(passing((), body))
      return self
    }

    /// ``SectionedDataSource/didMove(_:)``, with the owner.
    @discardableResult
    public func didMove(_ body: @escaping (Owner, ItemPath, ItemPath, Item?) -> Void) -> Self {
      dataSource.didMove(passing((), body))
      return self
    }

    /// ``SectionedDataSource/swipeActions(_:_:)``, with the owner (no actions once it is gone).
    @discardableResult
    public func swipeActions(
      _ edge: SwipeEdge, _ body: @escaping (Owner, ItemPath, Item) -> [SwipeAction]
    ) -> Self {
      dataSource.swipeActions(edge, passing([], body))
      return self
    }

    /// ``SectionedDataSource/prefetch(_:)``, with the owner.
    @discardableResult
    public func prefetch(_ body: @escaping (Owner, [ItemPath], [Item]) -> Void) -> Self {
      dataSource.prefetch(passing((), body))
      return self
    }

    /// ``SectionedDataSource/cancelPrefetching(_:)``, with the owner.
    @discardableResult
    public func cancelPrefetching(_ body: @escaping (Owner, [ItemPath], [Item]) -> Void) -> Self {
      dataSource.cancelPrefetching(passing((), body))
      return self
    }

    /// ``SectionedDataSource/willDisplay(_:)``, with the owner.
    @discardableResult
    public func willDisplay(_ body: @escaping (Owner, ItemPath, Item?) -> Void) -> Self {
      dataSource.willDisplay(passing((), body))
      return self
    }

    /// ``SectionedDataSource/emptyState(_:)``, with the owner.
    @discardableResult
    public func emptyState(_ body: @escaping (Owner) -> String?) -> Self {
      dataSource.emptyState(passing(nil, body))
      return self
    }
  }
}
