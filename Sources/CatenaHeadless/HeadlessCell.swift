import CatenaDataSource

/// A cell of a ``HeadlessTable``: what `UITableViewCell` is to `UITableView`.
///
/// Name a conforming class in a data source's `configureCell`; the table creates instances with
/// ``init(reuseIdentifier:)``, reuses them off screen, and calls ``prepareForReuse()`` before a
/// reused cell is handed out again (never before a reconfigure, which keeps the same instance).
///
/// ```swift
/// final class ArticleCell: HeadlessCell {
///   let reuseIdentifier: String
///   var isSelected = false
///   var isHighlighted = false
///   var title = ""
///   init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
///   func prepareForReuse() { title = "" }
///   var renderedText: String { title }
/// }
/// ```
@MainActor
public protocol HeadlessCell: AnyObject {
  /// Creates a cell for `reuseIdentifier`.
  init(reuseIdentifier: String)
  /// The identifier the cell was created for.
  var reuseIdentifier: String { get }
  /// Whether the cell shows as selected.
  var isSelected: Bool { get set }
  /// Whether the cell shows as highlighted (touch down).
  var isHighlighted: Bool { get set }
  /// Resets the cell before it is reused for another row.
  func prepareForReuse()
  /// One line of what the cell shows, for the table's text rendering.
  var renderedText: String { get }
}

/// A ready-made cell with a title and a detail text, like `UITableViewCell`'s default style.
@MainActor
public final class TextCell: HeadlessCell {
  /// The identifier the cell was created for.
  public let reuseIdentifier: String
  /// Whether the cell shows as selected.
  public var isSelected = false
  /// Whether the cell shows as highlighted.
  public var isHighlighted = false
  /// The main text.
  public var text = ""
  /// The secondary text, shown after the main text.
  public var detailText: String?
  /// How many times the cell was prepared for reuse.
  package private(set) var reuseCount = 0

  /// Creates an empty cell.
  public init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Clears the texts and the selection.
  public func prepareForReuse() {
    text = ""
    detailText = nil
    isSelected = false
    isHighlighted = false
    reuseCount += 1
  }

  /// `text` and, when present, ` — detailText`.
  public var renderedText: String { detailText.map { "\(text) — \($0)" } ?? text }
}

extension TextCell: ContentTextShowing {}
