import Foundation

/// The directories this process's disk stores use. A cache made on a directory that another
/// cache of this process holds takes it over when that one is released (a client made again
/// at runtime, before or after the old one is let go), once the old one has written what it
/// was asked to, instead of finding it in use for the rest of the launch. Across processes,
/// the lock file's `flock` decides alone.
final class DiskOwners: @unchecked Sendable {
  static let shared = DiskOwners()

  /// How a store made on a directory comes to own it.
  enum Arrival {
    /// Nobody of this process holds it: the store tries its lock now.
    case now
    /// A released store still writes: the store takes it once that one has let it go.
    case after(DiskStore)
    /// A store in use holds it: this one takes it when that one is released.
    case whenReleased
  }

  private struct Record {
    /// The store that holds the directory, or is about to.
    var owner: DiskStore
    var retiring = false
    /// The store waiting to take it over when the owner is released (the latest made).
    var successor: DiskStore?
  }

  private let lock = NSLock()
  private var records: [String: Record] = [:]

  private static func path(_ store: DiskStore) -> String {
    store.directory.resolvingSymlinksInPath().standardizedFileURL.path
  }

  /// `store` opens its directory.
  func arrive(_ store: DiskStore) -> Arrival {
    lock.withLock {
      let path = Self.path(store)
      // A store that never owned the directory (another process held it) hands nothing over.
      guard var record = records[path], record.owner.ownsOrClaims else {
        records[path] = Record(owner: store)
        return .now
      }
      if record.retiring {
        let leaving = record.owner
        record = Record(owner: store, retiring: false, successor: record.successor)
        records[path] = record
        return .after(leaving)
      }
      let previous = record.successor
      record.successor = store
      records[path] = record
      previous?.standDown()
      return .whenReleased
    }
  }

  /// `store`'s cache was released (its release of the lock is queued already).
  func retire(_ store: DiskStore) {
    lock.withLock {
      let path = Self.path(store)
      guard var record = records[path] else { return }
      if record.owner === store {
        record.retiring = true
      } else if record.successor === store {
        record.successor = nil
      }
      records[path] = record
    }
  }

  /// `store` has let its directory go: a successor waiting for it takes it now.
  func leave(_ store: DiskStore) {
    let next = lock.withLock { () -> DiskStore? in
      let path = Self.path(store)
      guard var record = records[path] else { return nil }
      if record.successor === store { record.successor = nil }
      guard record.owner === store else {
        records[path] = record
        return nil
      }
      guard let successor = record.successor else {
        records[path] = nil
        return nil
      }
      records[path] = Record(owner: successor)
      return successor
    }
    next?.takeOver()
  }
}
