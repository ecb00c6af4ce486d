import CatenaDiff

extension TableHosting {
  /// Creates a ``SectionedDataSource`` bound to this table, lets `configure` set it up, and
  /// keeps it alive for as long as the table lives (the original `configureHelper` idea).
  ///
  /// ```swift
  /// let dataSource = table.configureDataSource(
  ///   sections: String.self, items: Article.self, cell: ArticleCell.self,
  ///   reuseIdentifier: "article"
  /// ) { dataSource in
  ///   dataSource.configureCell { cell, path, article in cell.title = article.title }
  /// }
  /// ```
  @discardableResult
  public func configureDataSource<SectionID: Hashable, Item: Identifiable & Equatable, Cell>(
    sections: SectionID.Type, items: Item.Type, cell: Cell.Type, reuseIdentifier: String,
    _ configure: (SectionedDataSource<SectionID, Item, Cell>) -> Void = { _ in }
  ) -> SectionedDataSource<SectionID, Item, Cell> {
    let dataSource = SectionedDataSource<SectionID, Item, Cell>()
      .bind(self, cell: cell, reuseIdentifier: reuseIdentifier)
    configure(dataSource)
    retainedDataSource = dataSource
    return dataSource
  }
}
