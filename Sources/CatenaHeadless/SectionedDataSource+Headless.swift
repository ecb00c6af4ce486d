public import CatenaDataSource

extension SectionedDataSource {
  /// Binds the data source to `table`: it registers the chain's cells and views there and
  /// drives it, and the table asks it what to show. The table keeps the data source it is
  /// bound to for as long as it lives (a local is enough), and the data source holds the table
  /// weakly. A `UITableView` or `UICollectionView` binds the same way (CatenaUIKit).
  ///
  /// ```swift
  /// SectionedDataSource<String, Article>()
  ///   .bind(table)
  ///   .configureCell(TextCell.self) { cell, _, article in cell.text = article.title }
  /// ```
  @discardableResult
  public func bind(_ table: HeadlessTable) -> Self { bind(driving: table) }
}
