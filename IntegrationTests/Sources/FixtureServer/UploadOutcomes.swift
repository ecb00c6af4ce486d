/// How the bodies of uploads tagged `key=K` ended on the server, so that a test can check
/// that a cancelled upload never reached the server as a complete (truncated) body.
public actor UploadOutcomes {
  /// How an upload's body ended.
  public enum Outcome: Equatable, Sendable {
    /// The body ended as complete, with this many bytes.
    case complete(Int)
    /// The connection failed before the body was complete.
    case aborted
  }

  /// The outcomes of the uploads of this process's servers.
  public static let shared = UploadOutcomes()

  private var outcomes: [String: Outcome] = [:]
  private var waiting: [String: [CheckedContinuation<Outcome, Never>]] = [:]

  func record(_ outcome: Outcome, for key: String) {
    outcomes[key] = outcome
    for continuation in waiting.removeValue(forKey: key) ?? [] {
      continuation.resume(returning: outcome)
    }
  }

  /// How the upload tagged `key` ended, waiting until it has.
  public func outcome(of key: String) async -> Outcome {
    if let outcome = outcomes[key] { return outcome }
    return await withCheckedContinuation { waiting[key, default: []].append($0) }
  }
}
