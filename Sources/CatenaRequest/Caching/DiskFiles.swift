import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file calls of a ``DiskStore``, with `errno` turned into a ``HTTPCache/DiskFailure``:
/// the directory's lock, its scan, and the reads, writes and deletions of entry files.
final class DiskFiles: @unchecked Sendable {
  let directory: URL
  /// The lock file's descriptor while the directory is owned (-1: not).
  private var lockDescriptor: Int32 = -1

  /// The name of the file whose `flock` says who owns the directory.
  static let lockName = "catena-cache.lock"
  /// How long a temporary file is left alone when the directory is opened: another writer
  /// (another process, or an older version without the lock) may be in the middle of it.
  static let temporaryGrace: TimeInterval = 600

  init(directory: URL) {
    self.directory = directory
  }

  deinit { release() }

  // MARK: Owning

  /// Makes the directory and takes its lock (exclusive, without waiting); why not, if either
  /// fails.
  func own() -> Result<Void, HTTPCache.DiskFailure> {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return .failure(
        HTTPCache.DiskFailure(
          path: directory.path, operation: "create the directory",
          reason: (error as NSError).localizedDescription))
    }
    #if canImport(Darwin)
      var values = URLResourceValues()
      values.isExcludedFromBackup = true
      var folder = directory
      try? folder.setResourceValues(values)
    #endif
    let path = directory.appendingPathComponent(Self.lockName).path
    let descriptor = Self.open(path, O_RDWR | O_CREAT, 0o600)
    guard descriptor >= 0 else { return .failure(Self.failure("open the lock file", path)) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let busy = errno == EWOULDBLOCK
      let failure =
        busy
        ? HTTPCache.DiskFailure(
          path: directory.path, operation: "own the directory",
          reason: "directory in use by another HTTPCache, in this process or another")
        : Self.failure("lock", path)
      close(descriptor)
      return .failure(failure)
    }
    lockDescriptor = descriptor
    return .success(())
  }

  /// Lets the directory go (its lock), if owned.
  func release() {
    guard lockDescriptor >= 0 else { return }
    flock(lockDescriptor, LOCK_UN)
    close(lockDescriptor)
    lockDescriptor = -1
  }

  // MARK: Scanning

  /// The whole entries the directory keeps, oldest first by modification: their
  /// descriptions, names and sizes. Temporary files older than ``temporaryGrace`` are
  /// deleted, and so are files named as entries that are not whole ones.
  func scan(now: Date = Date()) -> [(EntryFile.Description, String, Int)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var found: [(entry: (EntryFile.Description, String, Int), modified: Date)] = []
    for file in names {
      let path = directory.appendingPathComponent(file).path
      if file.hasSuffix(".tmp") {
        var status = stat()
        if stat(path, &status) == 0,
          now.timeIntervalSince(Self.modified(status)) > Self.temporaryGrace
        {
          unlink(path)
        }
        continue
      }
      guard file.hasSuffix(".entry") else { continue }
      guard let (description, size, modified) = Self.readDescription(path) else {
        unlink(path)
        continue
      }
      found.append(((description, String(file.dropLast(".entry".count)), size), modified))
    }
    return found.sorted { $0.modified < $1.modified }.map(\.entry)
  }

  /// A file's description, size and modification time; nil when it is not a whole entry.
  private static func readDescription(
    _ path: String
  ) -> (EntryFile.Description, Int, Date)? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var prefix = [UInt8](repeating: 0, count: EntryFile.prefixLength)
    guard read(descriptor, &prefix, at: 0),
      let (length, body) = prefix.withUnsafeBytes({ EntryFile.lengths($0) }),
      size == EntryFile.prefixLength + length + body
    else { return nil }
    var head = prefix + [UInt8](repeating: 0, count: length)
    guard read(descriptor, &head, at: 0),
      let description = head.withUnsafeBytes({ try? EntryFile.description($0) })
    else { return nil }
    return (description, size, modified(status))
  }

  // MARK: Entries

  /// What reading an entry file found.
  enum Read {
    /// A whole entry: its key and response.
    case found(HTTPCache.Key, StoredResponse)
    /// No such file.
    case missing
    /// Torn or damaged.
    case damaged
  }

  /// The entry in file `name`, checked.
  func read(_ name: String) -> Read {
    let descriptor = Self.open(path(of: name), O_RDONLY)
    guard descriptor >= 0 else { return .missing }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) <= Int(Int32.max) else {
      return .damaged
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    guard Self.read(descriptor, &bytes, at: 0),
      let (key, stored) = bytes.withUnsafeBytes({ try? EntryFile.decode($0) })
    else { return .damaged }
    return .found(key, stored)
  }

  /// Writes `bytes` as the file `name`: to a new temporary file, synced (after
  /// `beforeSync`), renamed over the old one, and the directory synced so the rename lasts.
  func write(
    _ bytes: [UInt8], name: String, beforeSync: (@Sendable () -> Void)?
  ) -> Result<Void, HTTPCache.DiskFailure> {
    let temporary = directory.appendingPathComponent(
      "\(name).\(UInt64.random(in: 0...UInt64.max)).tmp"
    ).path
    let outcome = Self.writeSynced(
      bytes, to: temporary, replacing: path(of: name), beforeSync: beforeSync)
    if case .failure = outcome { unlink(temporary) }
    return outcome
  }

  /// Deletes the file `name`; where the directory refuses (read-only), empties it, so that a
  /// later launch finds it torn and never serves it.
  func delete(_ name: String) {
    let path = path(of: name)
    if unlink(path) == 0 || errno == ENOENT { return }
    truncate(path, 0)
  }

  private func path(of name: String) -> String {
    directory.appendingPathComponent("\(name).entry").path
  }

  // MARK: System calls

  private static func failure(_ operation: String, _ file: String) -> HTTPCache.DiskFailure {
    HTTPCache.DiskFailure(
      path: file, operation: operation, reason: String(cString: strerror(errno)))
  }

  private static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags | O_CLOEXEC, mode)
    #else
      Darwin.open(path, flags | O_CLOEXEC, mode)
    #endif
  }

  /// Reads `buffer.count` bytes at `offset`; false when the file has fewer.
  private static func read(_ descriptor: Int32, _ buffer: inout [UInt8], at offset: Int) -> Bool {
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

  private static func modified(_ status: stat) -> Date {
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9)
  }

  private static func writeSynced(
    _ bytes: [UInt8], to temporary: String, replacing path: String,
    beforeSync: (@Sendable () -> Void)?
  ) -> Result<Void, HTTPCache.DiskFailure> {
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return .failure(failure("create a file", temporary)) }
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
      return .failure(error)
    }
    beforeSync?()
    guard fsync(descriptor) == 0 else {
      let error = failure("sync", temporary)
      close(descriptor)
      return .failure(error)
    }
    guard close(descriptor) == 0 else { return .failure(failure("close", temporary)) }
    guard rename(temporary, path) == 0 else { return .failure(failure("rename", path)) }
    let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
    return .success(())
  }
}
