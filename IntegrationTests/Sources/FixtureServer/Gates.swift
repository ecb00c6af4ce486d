/// Gates a test opens by name: a response told to wait at gate `X` (`gate=X`) goes on only
/// once the test opens it, so the test orders events instead of timing them.
public actor Gates {
  /// The gates of this process's servers.
  public static let shared = Gates()

  private var open: Set<String> = []
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  /// Opens gate `name`: what waits there goes on, and so does what comes later.
  public func open(_ name: String) {
    open.insert(name)
    for continuation in waiting.removeValue(forKey: name) ?? [] { continuation.resume() }
  }

  /// Waits until gate `name` is open.
  public func pass(_ name: String) async {
    if open.contains(name) { return }
    await withCheckedContinuation { waiting[name, default: []].append($0) }
  }
}
