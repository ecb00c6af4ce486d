/// Keys from the least to the most recently used, each step O(1): a doubly linked list kept
/// in a dictionary, so a cache hit marks its key without searching.
struct RecencyOrder<Key: Hashable> {
  private struct Links {
    var older: Key?
    var newer: Key?
  }

  private var links: [Key: Links] = [:]
  /// The least recently used key.
  private(set) var oldest: Key?
  private var newest: Key?

  /// How many keys are kept.
  var count: Int { links.count }

  /// Marks `key` as the most recently used, adding it when new.
  mutating func touch(_ key: Key) {
    guard newest != key else { return }
    remove(key)
    links[key] = Links(older: newest, newer: nil)
    if let newest { links[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }

  /// Forgets `key` (nothing when it is not kept).
  mutating func remove(_ key: Key) {
    guard let link = links.removeValue(forKey: key) else { return }
    if let older = link.older { links[older]?.newer = link.newer } else { oldest = link.newer }
    if let newer = link.newer { links[newer]?.older = link.older } else { newest = link.older }
  }

  /// Forgets every key.
  mutating func removeAll() {
    links = [:]
    oldest = nil
    newest = nil
  }

  /// The keys, least recently used first (O(n), for tests and listings).
  var keys: [Key] {
    var keys: [Key] = []
    var key = oldest
    while let current = key {
      keys.append(current)
      key = links[current]?.newer
    }
    return keys
  }
}
