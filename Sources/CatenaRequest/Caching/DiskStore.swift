import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The disk half of an ``HTTPCache``: a file per response in one directory, bounded in bytes,
/// the least recently used going first. It is not thread-safe; the cache holds a lock around
/// it.
///
/// Each file is written whole to a temporary file beside it, synced, and renamed over the old
/// one, so a reader (or a launch after a crash) sees the old entry or the new one, never half
/// of one; each carries a checksum, checked before it is served. A torn or damaged file is
/// deleted. When the directory cannot be made or written (read-only, full), the store stops
/// writing and says why once (``HTTPCache/DiskFailure``); requests go on with the memory
/// cache.
final class DiskStore {
  let directory: URL
  let limit: Int

  /// A file kept: the response's variant, its tags and its size.
  private struct Entry {
    var name: String
    var key: HTTPCache.Key
    var varied: [String: String?]
    var tags: Set<String>
    var size: Int
  }

  private var opened = false
  /// The files kept, by file name.
  private var entries: [String: Entry] = [:]
  /// The file names kept per key (one per variant).
  private var names: [HTTPCache.Key: [String]] = [:]
  private var order = RecencyOrder<String>()
  private(set) var bytes = 0
  /// Why writing stopped; nil while it goes on.
  private(set) var failure: HTTPCache.DiskFailure?
  private var failureSaid = false

  init(directory: URL, limit: Int) {
    self.directory = directory
    self.limit = limit
  }

  // MARK: Opening

  /// Makes the directory and reads what it keeps (once): temporary files a stopped write left
  /// are deleted, and so are files that are not whole entries.
  private func open() {
    guard !opened else { return }
    opened = true
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      failure = HTTPCache.DiskFailure(
        path: directory.path, operation: "create the directory",
        reason: (error as NSError).localizedDescription)
      return
    }
    #if canImport(Darwin)
      var values = URLResourceValues()
      values.isExcludedFromBackup = true
      var folder = directory
      try? folder.setResourceValues(values)
    #endif
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var found: [(entry: Entry, modified: Date)] = []
    for file in files {
      let path = directory.appendingPathComponent(file).path
      if file.hasSuffix(".tmp") {
        unlink(path)
        continue
      }
      guard file.hasSuffix(".entry") else { continue }
      guard let (description, size, modified) = Self.readDescription(path) else {
        unlink(path)
        continue
      }
      let name = String(file.dropLast(".entry".count))
      found.append(
        (
          Entry(
            name: name, key: description.key, varied: description.varied,
            tags: description.tags, size: size),
          modified
        ))
    }
    for (entry, _) in found.sorted(by: { $0.modified < $1.modified }) { add(entry) }
    evict()
  }

  /// A file's description, size and modification time; nil when it is not a whole entry.
  private static func readDescription(
    _ path: String
  ) -> (EntryFile.Description, Int, Date)? {
    let descriptor = Glue.open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var prefix = [UInt8](repeating: 0, count: EntryFile.prefixLength)
    guard Glue.read(descriptor, &prefix, at: 0),
      let (length, body) = prefix.withUnsafeBytes({ EntryFile.lengths($0) }),
      size == EntryFile.prefixLength + length + body
    else { return nil }
    var head = prefix + [UInt8](repeating: 0, count: length)
    guard Glue.read(descriptor, &head, at: 0),
      let description = head.withUnsafeBytes({ try? EntryFile.description($0) })
    else { return nil }
    return (description, size, Glue.modified(status))
  }

  // MARK: Reading and writing

  /// The response kept for `key` that answers `request` (`matches`), checked; a file that
  /// fails its check is deleted and nothing is served.
  func read(
    _ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool
  ) -> StoredResponse? {
    open()
    guard let name = names[key]?.first(where: { entries[$0].map { matches($0.varied) } ?? false })
    else { return nil }
    let path = path(of: name)
    let descriptor = Glue.open(path, O_RDONLY)
    guard descriptor >= 0 else {
      forget(name)
      return nil
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) <= Int(Int32.max) else {
      forget(name)
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    guard Glue.read(descriptor, &bytes, at: 0),
      let (found, stored) = bytes.withUnsafeBytes({ try? EntryFile.decode($0) }),
      found == key
    else {
      unlink(path)
      forget(name)
      return nil
    }
    order.touch(name)
    return stored
  }

  /// The failure that stopped writing, the first time it is asked for after it happened (it
  /// is said once); nil otherwise.
  func failureToSay() -> HTTPCache.DiskFailure? {
    guard let failure, !failureSaid else { return nil }
    failureSaid = true
    return failure
  }

  /// Keeps `stored` under `key`, replacing the variants that answer the same request
  /// (`replaces`), unless writing stopped.
  func write(
    _ stored: StoredResponse, key: HTTPCache.Key,
    replacing replaces: ([String: String?]) -> Bool
  ) {
    open()
    guard failure == nil else { return }
    let name = Self.name(key, stored.varied)
    let bytes = EntryFile.encode(stored, key: key)
    let temporary = directory.appendingPathComponent(
      "\(name).\(UInt64.random(in: 0...UInt64.max)).tmp"
    ).path
    if let failure = Glue.writeSynced(bytes, to: temporary, replacing: path(of: name)) {
      unlink(temporary)
      self.failure = failure
      // What is kept for this request is older than what the server said: not served again.
      remove(key, replaces)
      return
    }
    // The rename replaced the file of the same name; other variants it replaces go.
    forget(name)
    remove(key, replaces)
    add(
      Entry(name: name, key: key, varied: stored.varied, tags: stored.tags, size: bytes.count))
    evict()
  }

  /// Deletes the files for which `doomed` holds (given their key and tags).
  func remove(where doomed: (HTTPCache.Key, Set<String>) -> Bool) {
    open()
    for (name, entry) in entries where doomed(entry.key, entry.tags) {
      unlink(path(of: name))
      forget(name)
    }
  }

  /// Deletes the file of the variant of `key` that `matches`.
  func remove(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) {
    open()
    for name in names[key] ?? [] where entries[name].map({ matches($0.varied) }) ?? false {
      unlink(path(of: name))
      forget(name)
    }
  }

  // MARK: The index

  private func add(_ entry: Entry) {
    entries[entry.name] = entry
    names[entry.key, default: []].append(entry.name)
    order.touch(entry.name)
    bytes += entry.size
  }

  private func forget(_ name: String) {
    guard let entry = entries.removeValue(forKey: name) else { return }
    names[entry.key]?.removeAll { $0 == name }
    if names[entry.key]?.isEmpty == true { names[entry.key] = nil }
    order.remove(name)
    bytes -= entry.size
  }

  private func evict() {
    while bytes > limit, let oldest = order.oldest {
      unlink(path(of: oldest))
      forget(oldest)
    }
  }

  private func path(of name: String) -> String {
    directory.appendingPathComponent("\(name).entry").path
  }

  /// The file name of a variant of `key`: a checksum of the key and the varied values.
  static func name(_ key: HTTPCache.Key, _ varied: [String: String?]) -> String {
    var text = "\(key.partition.map { "1" + $0 } ?? "0")\u{0}\(key.url.absoluteString)"
    for (name, value) in varied.sorted(by: { $0.key < $1.key }) {
      text += "\u{0}\(name)=\(value.map { "1" + $0 } ?? "0")"
    }
    let high = Checksum.of(text, seed: 1)
    let low = Checksum.of(text, seed: 2)
    return String(high, radix: 16) + "-" + String(low, radix: 16)
  }
}

/// The file calls the store makes, with `errno` turned into a ``HTTPCache/DiskFailure``.
private enum Glue {
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags | O_CLOEXEC, mode)
    #else
      Darwin.open(path, flags | O_CLOEXEC, mode)
    #endif
  }

  /// Reads `buffer.count` bytes at `offset`; false when the file has fewer.
  static func read(_ descriptor: Int32, _ buffer: inout [UInt8], at offset: Int) -> Bool {
    buffer.withUnsafeMutableBytes { buffer in
      guard let start = buffer.baseAddress else { return true }
      var done = 0
      while done < buffer.count {
        let count = pread(descriptor, start + done, buffer.count - done, off_t(offset + done))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }

  static func modified(_ status: stat) -> Date {
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9)
  }

  /// Writes `bytes` to the new file `temporary`, syncs it, and renames it to `path` (then
  /// syncs the directory, so the rename lasts); the failure, if any step failed.
  static func writeSynced(
    _ bytes: [UInt8], to temporary: String, replacing path: String
  ) -> HTTPCache.DiskFailure? {
    func failure(_ operation: String, _ file: String) -> HTTPCache.DiskFailure {
      HTTPCache.DiskFailure(
        path: file, operation: operation, reason: String(cString: strerror(errno)))
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return failure("create a file", temporary) }
    let written = bytes.withUnsafeBytes { buffer -> Bool in
      guard let start = buffer.baseAddress else { return true }
      var done = 0
      while done < buffer.count {
        #if canImport(Glibc)
          let count = Glibc.write(descriptor, start + done, buffer.count - done)
        #else
          let count = Darwin.write(descriptor, start + done, buffer.count - done)
        #endif
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
    guard written else {
      let error = failure("write", temporary)
      close(descriptor)
      return error
    }
    guard fsync(descriptor) == 0 else {
      let error = failure("sync", temporary)
      close(descriptor)
      return error
    }
    guard close(descriptor) == 0 else { return failure("close", temporary) }
    guard rename(temporary, path) == 0 else { return failure("rename", path) }
    let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
    return nil
  }
}
