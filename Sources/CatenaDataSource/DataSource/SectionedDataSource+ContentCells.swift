package import CatenaDiff

/// The class a kind of cell names when the table picks the cell: the table registers its own
/// cell class for content in its place (a `UITableViewCell`, a `UICollectionViewListCell`, a
/// `TextCell` headless). Never instantiated.
package final class TableContentCell {}

/// A cell that shows a content configuration's texts, on a table without content
/// configurations (the headless table's `TextCell`).
@MainActor
package protocol ContentTextShowing: AnyObject {
  /// The configuration's main text.
  var text: String { get set }
  /// The configuration's secondary text.
  var detailText: String? { get set }
}

extension SectionedDataSource {
  /// The reuse identifier of the cells the table picks (content configurations).
  package static var contentCellIdentifier: String { "catena.content" }

  /// Adds a kind of cell whose class the table picks (``TableContentCell``): CatenaUIKit's
  /// content-configuration cells, the same chain word for tables and collection lists.
  @discardableResult
  package func configureContentCell(
    when accepts: ((Item) -> Bool)?, _ configure: @escaping (Any, ItemPath, Item) -> Void
  ) -> Self {
    addKind(TableContentCell.self, Self.contentCellIdentifier, accepts) { cell, path, item in
      if let item { configure(cell, path, item) }
    }
  }
}
