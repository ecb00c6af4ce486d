/// How far an upload or a download has come: Catena's own value, built from the transport's
/// byte counts (never from Foundation's `Progress`, which misbehaves on Linux).
public struct TransferProgress: Hashable, Sendable, CustomStringConvertible {
  /// Which way the bytes go.
  public enum Direction: Hashable, Sendable {
    /// The request body going out.
    case upload
    /// The response body coming in.
    case download
  }

  /// Which way the bytes go.
  public var direction: Direction
  /// Bytes transferred so far.
  public var completed: Int64
  /// Bytes expected in all, when known.
  public var total: Int64?

  /// Creates a progress value.
  public init(_ direction: Direction, completed: Int64, total: Int64?) {
    self.direction = direction
    self.completed = completed
    self.total = total
  }

  /// `completed / total`, clamped to 0…1, or nil when the total is unknown (or not a size). A
  /// transfer of nothing (an empty body) is whole: 1. The transfer is done when it is 1.
  public var fraction: Double? {
    guard let total, total >= 0 else { return nil }
    guard total > 0 else { return 1 }
    return min(max(Double(completed) / Double(total), 0), 1)
  }

  /// `upload 512/1024`.
  public var description: String {
    "\(direction == .upload ? "upload" : "download") \(completed)/\(total.map(String.init) ?? "?")"
  }
}

/// Receives progress while a request transfers its body.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void
