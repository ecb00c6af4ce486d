import CatenaDataSource

/// A section header or footer view of a ``HeadlessTable``: what `UITableViewHeaderFooterView`
/// is to `UITableView`.
///
/// Name a conforming class in a data source's `headerView` or `footerView`; the table creates
/// instances with ``init(reuseIdentifier:)``, reuses them when their section leaves the
/// screen, and calls ``prepareForReuse()`` before a reused view is handed out again.
@MainActor
public protocol HeadlessHeaderFooterView: AnyObject {
  /// Creates a view for `reuseIdentifier`.
  init(reuseIdentifier: String)
  /// The identifier the view was created for.
  var reuseIdentifier: String { get }
  /// Resets the view before it is reused for another section.
  func prepareForReuse()
  /// One line of what the view shows, for the table's text rendering.
  var renderedText: String { get }
}

/// A ready-made header or footer view with a title and an optional detail, like
/// `UITableViewHeaderFooterView`'s text and detail labels.
@MainActor
public final class TextHeaderFooterView: HeadlessHeaderFooterView {
  /// The identifier the view was created for.
  public let reuseIdentifier: String
  /// The main text.
  public var text = ""
  /// The secondary text, shown after the main text.
  public var detailText: String?
  /// How many times the view was prepared for reuse.
  package private(set) var reuseCount = 0

  /// Creates an empty view.
  public init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

  /// Clears the texts.
  public func prepareForReuse() {
    text = ""
    detailText = nil
    reuseCount += 1
  }

  /// `text` and, when present, ` · detailText`.
  public var renderedText: String { detailText.map { "\(text) · \($0)" } ?? text }
}
