import Foundation

/// What the copies of one client share about how it is used: whether a page source was made
/// from it, and which settings changed since. A source keeps the client it was given (a
/// `Client` is a value), so such a change reaches requests sent with the changed client only;
/// debug builds say so, once per setting.
final class ClientUse: @unchecked Sendable {
  // NB: `lock` guards `sources` and `changed`.
  private let lock = NSLock()
  private var sources = false
  private var changed: [String] = []

  /// A page source was made from the client.
  func madePageSource() { lock.withLock { sources = true } }

  /// `setting` of the client changed.
  func changed(_ setting: String) {
    let first = lock.withLock { () -> Bool in
      guard sources, !changed.contains(setting) else { return false }
      changed.append(setting)
      return true
    }
    guard first else { return }
    #if DEBUG
      print(
        "Catena: the client's \(setting) changed after a page source was made from it; "
          + "the source keeps the client it was given. Configure the client first "
          + "(Client(…, \(setting): …)), then make the page sources.")
    #endif
  }

  /// The settings changed after a page source was made, in order.
  var changedAfterPageSources: [String] { lock.withLock { changed } }
}
