/// An item's impression: it came into view, or left it
/// (``SectionedDataSource/impressions(after:visibleFraction:clock:_:)``).
public enum Impression<ID: Hashable>: Hashable {
  /// The item has shown (at least the fraction asked for of its cell) for the time asked for.
  case appeared(ID)
  /// An item that appeared no longer shows enough of its cell.
  case disappeared(ID)

  /// The item's id.
  public var id: ID {
    switch self {
    case .appeared(let id), .disappeared(let id): id
    }
  }
}

extension Impression: Sendable where ID: Sendable {}
