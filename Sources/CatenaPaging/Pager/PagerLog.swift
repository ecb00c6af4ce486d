public import CatenaDataSource

/// Where a ``Pager`` writes what it does: each load (direction, key, cause, outcome, time),
/// each change a bound data source applied (counts by kind, stages, time), and each change it
/// refused.
///
/// ```swift
/// pager.log = .print                               // to standard output
/// pager.log = PagerLog { entry in logger.debug("\(entry)") }
/// ```
public struct PagerLog: Sendable {
  /// Receives each entry.
  @usableFromInline let write: @Sendable (PagerLogEntry) -> Void

  /// A log that hands each entry to `write`.
  public init(_ write: @escaping @Sendable (PagerLogEntry) -> Void) {
    self.write = write
  }

  /// Prints each entry.
  public static let print = PagerLog { entry in Swift.print(entry) }
}

/// One line of a ``PagerLog``.
public enum PagerLogEntry: Sendable, CustomStringConvertible {
  /// A load started.
  case started(LoadDirection, PageKey?, LoadCause)
  /// A load ended: how, and after how long.
  case ended(LoadDirection, PageKey?, LoadOutcome, elapsed: Duration)
  /// A bound data source applied a change: rows inserted, deleted, moved and updated, in how
  /// many stages, in how long.
  case applied(
    inserted: Int, deleted: Int, moved: Int, updated: Int, stages: Int, elapsed: Duration)
  /// A bound data source refused a change (an id another of its sections shows, or a batch
  /// its table rejected): it shows the last rows it could.
  case rejected(DataSourceError)

  /// One line: "append ended · cursor \"c3\" · 30 items, 0 duplicates · 4.1 ms".
  public var description: String {
    func key(_ key: PageKey?) -> String { key.map { "\($0)" } ?? "first page" }
    func time(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
      return "\((milliseconds * 10).rounded() / 10) ms"
    }
    switch self {
    case .started(let direction, let page, let cause):
      return "\(direction) started · \(key(page)) · cause \(cause)"
    case .ended(let direction, let page, let outcome, let elapsed):
      return "\(direction) ended · \(key(page)) · \(outcome) · \(time(elapsed))"
    case .applied(let inserted, let deleted, let moved, let updated, let stages, let elapsed):
      return "applied +\(inserted) -\(deleted) ↕\(moved) ~\(updated) in \(stages) stage"
        + "\(stages == 1 ? "" : "s") · \(time(elapsed))"
    case .rejected(let error):
      return "rejected: \(error)"
    }
  }
}

/// How a load ended, for the log.
public enum LoadOutcome: Sendable, Equatable, CustomStringConvertible {
  /// The page arrived: its items kept, the duplicates left out, the pages dropped to stay
  /// within the window.
  case loaded(items: Int, duplicates: Int, pagesDropped: Int)
  /// It failed, with this message.
  case failed(String)
  /// It was cancelled (by a refresh, ``Pager/cancel()``, or its edge being dropped).
  case cancelled

  /// "30 items, 0 duplicates, 1 page dropped", "failed: …", "cancelled".
  public var description: String {
    switch self {
    case .loaded(let items, let duplicates, let pagesDropped):
      "\(items) items, \(duplicates) duplicates"
        + (pagesDropped > 0 ? ", \(pagesDropped) page\(pagesDropped == 1 ? "" : "s") dropped" : "")
    case .failed(let message): "failed: \(message)"
    case .cancelled: "cancelled"
    }
  }
}
