/// How a ``Pager``'s items become rows: which items show, the separator rows between them,
/// and whether status rows show. One value, for a bound data source
/// (``Pager/bind(_:section:rows:)``) and for a SwiftUI list (``Pager/rows(_:)``) alike.
///
/// ```swift
/// let byDay = PagerRows<Message>(separator: { before, message in
///   before?.day == message.day ? nil : message.day
/// })
/// messages.bind(dataSource, section: "chat", rows: byDay)  // UIKit
/// let rows = messages.rows(byDay)  // SwiftUI: ForEach(rows) { row in … }
/// ```
public struct PagerRows<Item: Identifiable & Sendable> where Item.ID: Sendable {
  @usableFromInline let filter: ((Item) -> Bool)?
  @usableFromInline let separator: ((_ before: Item?, _ item: Item) -> String?)?
  @usableFromInline let showsStatus: Bool

  /// Rows for the items `filter` accepts (all by default; the pager keeps them all), with a
  /// separator row before an item when `separator` gives a text (called with the item shown
  /// before it, nil for the first, and the item), and status rows for the first load, loads
  /// either way, failures and the end unless `showsStatus` is false (show
  /// ``Pager/loadStates`` your own way then).
  public init(
    filter: ((Item) -> Bool)? = nil,
    separator: ((_ before: Item?, _ item: Item) -> String?)? = nil,
    showsStatus: Bool = true
  ) {
    self.filter = filter
    self.separator = separator
    self.showsStatus = showsStatus
  }
}

/// A table whose bound sections of a pager show no status rows while `owner` (the paging
/// controls that show the statuses there instead) lives.
@usableFromInline package struct HiddenStatusRows {
  @usableFromInline package weak var owner: AnyObject?
  @usableFromInline package weak var table: AnyObject?

  /// Hides the status rows on `table` while `owner` lives.
  package init(on table: AnyObject, while owner: AnyObject) {
    self.table = table
    self.owner = owner
  }
}
