public import CatenaDataSource
public import CatenaDiff

/// Something a ``HeadlessTable`` did, in the order it did it: what tests assert on.
public enum TableEvent: Hashable, Sendable, CustomStringConvertible {
  /// A cell was taken from the reuse pool (`reused`) or created for a row.
  case dequeue(identifier: String, path: ItemPath, reused: Bool)
  /// A header or footer view was taken from the reuse pool (`reused`) or created.
  case dequeueHeaderFooter(identifier: String, reused: Bool)
  /// A reused cell was reset with `prepareForReuse()`.
  case prepareForReuse(identifier: String)
  /// The data source configured a cell for a row (on display, reload or reconfigure).
  case configure(path: ItemPath)
  /// A row's cell came on screen.
  case willDisplay(path: ItemPath)
  /// A row's cell went off screen or away.
  case endDisplay(path: ItemPath)
  /// A row was selected (by the user or in code).
  case select(path: ItemPath)
  /// A row was deselected.
  case deselect(path: ItemPath)
  /// A row was highlighted (touch down) or unhighlighted.
  case highlight(path: ItemPath, on: Bool)
  /// The whole table was reloaded.
  case reloadData
  /// A batch update passed validation and was applied.
  case batch(BatchUpdate)
  /// A batch update was rejected; the message is UIKit's.
  case rejectedBatch(String)
  /// The user deleted a row (swipe to delete).
  case commitDelete(path: ItemPath)
  /// The user moved a row (reorder).
  case commitMove(from: ItemPath, to: ItemPath)
  /// The table scrolled to a content offset.
  case scroll(offset: Double)
  /// The data source was asked to prefetch rows the table expects to show soon.
  case prefetch([ItemPath])
  /// The data source was told rows it prefetched are no longer expected soon.
  case cancelPrefetch([ItemPath])
  /// The user tapped a swipe action of a row.
  case swipeAction(edge: SwipeEdge, path: ItemPath, title: String)
  /// A swipe action's handler called its completion (the first time only).
  case swipeActionCompleted(title: String, performed: Bool)

  /// A short line for logs and test failures.
  public var description: String {
    switch self {
    case .dequeue(let identifier, let path, let reused):
      "dequeue \(identifier) (\(path))\(reused ? " reused" : " new")"
    case .dequeueHeaderFooter(let identifier, let reused):
      "dequeue header/footer \(identifier)\(reused ? " reused" : " new")"
    case .prepareForReuse(let identifier): "prepareForReuse \(identifier)"
    case .configure(let path): "configure (\(path))"
    case .willDisplay(let path): "willDisplay (\(path))"
    case .endDisplay(let path): "endDisplay (\(path))"
    case .select(let path): "select (\(path))"
    case .deselect(let path): "deselect (\(path))"
    case .highlight(let path, let on): "highlight (\(path)) \(on ? "on" : "off")"
    case .reloadData: "reloadData"
    case .batch(let update): "batch \(update)"
    case .rejectedBatch(let message): "rejected batch: \(message)"
    case .commitDelete(let path): "commitDelete (\(path))"
    case .commitMove(let from, let to): "commitMove (\(from)) -> (\(to))"
    case .scroll(let offset): "scroll \(offset)"
    case .prefetch(let paths): "prefetch \(paths.map { $0.description }.joined(separator: ", "))"
    case .cancelPrefetch(let paths):
      "cancelPrefetch \(paths.map { $0.description }.joined(separator: ", "))"
    case .swipeAction(let edge, let path, let title): "swipe \(edge) (\(path)) \(title)"
    case .swipeActionCompleted(let title, let performed):
      "swipe \(title) \(performed ? "performed" : "not performed")"
    }
  }
}
