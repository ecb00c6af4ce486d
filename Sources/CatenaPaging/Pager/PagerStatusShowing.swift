public import CatenaDataSource

/// A cell that shows a ``PagerStatus`` itself (see `SectionedDataSource.statusCell(_:reuseIdentifier:)`).
@MainActor
public protocol PagerStatusShowing: AnyObject {
  /// Shows `status`: a spinner for a load, the message and a retry hint for a failure.
  func show(_ status: PagerStatus)

  /// Tells an assistive technology `text` (VoiceOver: an announcement), wherever the user is
  /// in the list: a page that failed loaded on retry ("Loaded"). Does nothing by default.
  static func announce(_ text: String)
}

extension PagerStatusShowing {
  /// Does nothing.
  public static func announce(_ text: String) {}
}

extension SectionedDataSource {
  /// Shows status rows (a pager's, an outline's) in cells of `type` (registered for `reuseIdentifier`), which
  /// show a ``PagerStatus`` themselves; the data source's other cells show the other rows.
  ///
  /// ```swift
  /// dataSource.statusCell(PagerStatusCell.self)   // CatenaUIKit's spinner-and-retry cell
  /// ```
  @discardableResult
  public func statusCell<StatusCell: PagerStatusShowing>(
    _ type: StatusCell.Type, reuseIdentifier: String = "catena.pager.status"
  ) -> Self where Item: StatusRow {
    announce = { StatusCell.announce($0) }
    return configureCell(type, reuseIdentifier: reuseIdentifier, when: { $0.status != nil }) {
      cell, _, row in
      if let status = row.status { cell.show(status) }
    }
  }
}

/// A row that may show a ``PagerStatus`` (a pager's rows, an outline's): what
/// `statusCell(_:reuseIdentifier:)` shows in status cells.
public protocol StatusRow {
  /// The status the row shows; nil for a row of content.
  var status: PagerStatus? { get }
}

extension PagerRow: StatusRow {}
