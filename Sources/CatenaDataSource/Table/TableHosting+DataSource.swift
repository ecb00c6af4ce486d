import CatenaDiff

extension TableHosting {
  /// Creates a ``SectionedDataSource`` bound to this table, lets `configure` set it up, and
  /// keeps it alive for as long as the table lives (the original `configureHelper` idea).
  ///
  /// ```swift
  /// let dataSource = table.configureDataSource(sections: String.self, items: Article.self) {
  ///   $0.configureCell(ArticleCell.self, reuseIdentifier: "article") { cell, _, article in
  ///     cell.title = article.title
  ///   }
  /// }
  /// ```
  @discardableResult
  public func configureDataSource<SectionID: Hashable, Item: Identifiable & Equatable>(
    sections: SectionID.Type, items: Item.Type,
    _ configure: (SectionedDataSource<SectionID, Item>) -> Void = { _ in }
  ) -> SectionedDataSource<SectionID, Item> {
    let dataSource = SectionedDataSource<SectionID, Item>().bind(self)
    configure(dataSource)
    retainedDataSource = dataSource
    return dataSource
  }
}
