public import CatenaDiff

// Old names, kept unavailable so the compiler names the new one (CHANGELOG.md, Migration).
extension SectionedDataSource {
  /// Renamed: a section's title is `headerTitle`.
  @available(*, unavailable, renamed: "headerTitle(_:)")
  public func header(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
    fatalError("unavailable")
  }

  /// Renamed: a section's title is `footerTitle`.
  @available(*, unavailable, renamed: "footerTitle(_:)")
  public func footer(_ body: @escaping (Int, SectionID?) -> String?) -> Self {
    fatalError("unavailable")
  }

  /// Renamed: events are `did…`.
  @available(*, unavailable, renamed: "didDelete(_:)")
  public func onDelete(_ body: @escaping (ItemPath, Item) -> Void) -> Self {
    fatalError("unavailable")
  }

  /// Renamed: events are `did…`.
  @available(*, unavailable, renamed: "didMove(_:)")
  public func onMove(_ body: @escaping (ItemPath, ItemPath, Item?) -> Void) -> Self {
    fatalError("unavailable")
  }

  /// Replaced: bind the table, then give each cell kind with `configureCell(_:reuseIdentifier:)`.
  @available(
    *, unavailable,
    message:
      "use bind(table).configureCell(Cell.self, reuseIdentifier: \"…\") { cell, path, item in … }"
  )
  public func bind<Table: TableHosting>(
    _ table: Table, cell: AnyClass, reuseIdentifier: String
  ) -> Self { fatalError("unavailable") }

  /// Renamed: every cell kind is a `configureCell`.
  @available(*, unavailable, renamed: "configureCell(_:reuseIdentifier:when:_:behaviors:)")
  public func cell<Other: AnyObject>(
    _ type: Other.Type, reuseIdentifier: String, when accepts: @escaping (Item) -> Bool,
    configure: @escaping (Other, ItemPath, Item) -> Void
  ) -> Self { fatalError("unavailable") }
}
