import Foundation

/// The directories this process's disk stores use, so that a cache made on a directory whose
/// previous cache was just released (a client made again at runtime) takes it over once the
/// old one has written what it was asked to, instead of finding it in use. Across processes,
/// the lock file's `flock` decides alone.
final class DiskOwners: @unchecked Sendable {
  static let shared = DiskOwners()

  private let lock = NSLock()
  /// Per directory path: the store that holds it, and whether its cache was released.
  private var stores: [String: (store: DiskStore, retiring: Bool)] = [:]

  /// `store` opens its directory: the store of this process that is giving it up, if one is
  /// (the new one waits for it); nil otherwise (the new one tries the lock now).
  func arrive(_ store: DiskStore) -> DiskStore? {
    lock.withLock {
      let path = store.directory.standardizedFileURL.path
      if let held = stores[path] {
        guard held.retiring else { return nil }
        stores[path] = (store, false)
        return held.store
      }
      stores[path] = (store, false)
      return nil
    }
  }

  /// `store`'s cache was released: a store made on its directory waits for it.
  func retire(_ store: DiskStore) {
    lock.withLock {
      let path = store.directory.standardizedFileURL.path
      if stores[path]?.store === store { stores[path]?.retiring = true }
    }
  }

  /// `store` has let its directory go.
  func leave(_ store: DiskStore) {
    lock.withLock {
      let path = store.directory.standardizedFileURL.path
      if stores[path]?.store === store { stores[path] = nil }
    }
  }
}
