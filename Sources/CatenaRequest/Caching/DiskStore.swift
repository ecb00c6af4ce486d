import Foundation

/// The disk half of an ``HTTPCache``: a file per response in one directory, bounded in bytes,
/// the least recently used going first.
///
/// Memory decides; the files follow. The index (which files there are, their keys, sizes and
/// recency) lives in memory under a lock that is never held across a file operation. Every
/// write, sync, deletion and the scan of the directory run in order on one background queue,
/// so a caller (the main actor opening a list) waits for none of them: a read is one read of
/// one entry file, and a response not yet written is read from memory (``pending``).
///
/// Each file is written whole to a temporary file beside it, synced, and renamed over the old
/// one, so a reader (or a launch after a crash) sees the old entry or the new one, never half
/// of one; each carries a checksum, checked before it is served. A torn or damaged file is
/// deleted.
///
/// The directory has one owner: the first store on it takes an exclusive `flock` on its lock
/// file, and any other (another instance, another process) runs in memory only, saying why
/// (``HTTPCache/DiskFailure``, "directory in use"). When a write fails (a full or read-only
/// disk), the store stops writing and says why once, and every file it no longer replaces is
/// deleted, so nothing older than what the server said is served again.
final class DiskStore: @unchecked Sendable {
  let directory: URL
  let limit: Int

  /// A file kept: the response's variant, its tags, its size, and a serial number that
  /// changes whenever the file's content is to change.
  struct Entry {
    var name: String
    var key: HTTPCache.Key
    var varied: [String: String?]
    var tags: Set<String>
    var size: Int
    var serial: UInt64
    /// Its response's ``StoredResponse/sendOrder`` (0: read from the directory).
    var sendOrder: UInt64 = 0
  }

  /// A response to be written, kept in memory until its file is renamed into place.
  private struct Pending {
    var stored: StoredResponse
    var key: HTTPCache.Key
    var serial: UInt64
  }

  /// What the index says of a lookup (see ``find(_:_:)``).
  enum Found {
    /// Nothing is kept.
    case none
    /// Not written yet: this response.
    case inMemory(StoredResponse)
    /// In this file, as the index knew it when asked (read it, then ``check(_:_:_:)``).
    case file(Ticket)
  }

  /// A file to read, and what the index knew of it then.
  struct Ticket {
    var name: String
    /// The entry's serial (nil: a file the scan has not reached yet, named for a response
    /// that varies on nothing).
    var serial: UInt64?
    /// The count of removals by rule before the scan, when asked (see ``dooms``).
    var dooms: Int
  }

  private let lock = NSLock()
  private let queue = DispatchQueue(label: "catena.http-cache.disk")
  private let files: DiskFiles

  // Under `lock`:
  /// Whether the scan of the directory has been merged into the index.
  private var ready = false
  /// Whether the store may use the directory (it holds the lock, and it was made).
  private var owned = false
  /// Whether it is to take the directory over from another cache of this process: its
  /// writes and removals are recorded (as before a scan) and done once it owns it; nothing is
  /// read meanwhile.
  private var claiming = false
  /// Why it does not use the directory while another cache of this process holds it.
  private var inUse: HTTPCache.DiskFailure?
  /// Whether its cache was released, or another store will take over in its place (a store
  /// waiting to take over then never will).
  private var retired = false
  /// Whether its queue waits for a takeover (see ``takeOver()``).
  private var suspended = false
  /// The files kept, by file name.
  private var entries: [String: Entry] = [:]
  /// The file names kept per key (one per variant).
  private var names: [HTTPCache.Key: [String]] = [:]
  private var order = RecencyOrder<String>()
  private var byteCount = 0
  private var pending: [String: Pending] = [:]
  private var serial: UInt64 = 0
  /// Before the scan is merged: the names written or removed since (the scan's copy of them is
  /// not current), and the removals by rule (each applies to what the scan finds).
  private var touched: Set<String> = []
  private var dooms: [(Entry) -> Bool] = []
  /// Waiting for the scan to be merged (see ``whenReady(_:)``).
  private var waiters: [@Sendable () -> Void] = []
  /// Why writing stopped; nil while it goes on.
  private var failure: HTTPCache.DiskFailure?
  private var failureSaid = false
  /// The writes asked for, and the files written and read, so far (for tests).
  private var asked = 0
  private var written = 0
  private var reads = 0

  /// Where a test holds the store's queue.
  let gates: HTTPCache.DiskGates

  /// A store on `directory`: the directory is made and locked now (a few system calls), and
  /// read on the store's queue.
  init(directory: URL, limit: Int, gates: HTTPCache.DiskGates = HTTPCache.DiskGates()) {
    self.directory = directory
    self.limit = limit
    self.gates = gates
    self.files = DiskFiles(directory: directory)
    switch DiskOwners.shared.arrive(self) {
    case .now:
      own()
      queue.async { self.scan() }
    case .after(let leaving):
      // A cache of this process released a moment ago still writes what it was asked to: the
      // directory is taken once it is done.
      claiming = true
      queue.async {
        leaving.finishWork()
        self.own()
        self.scan()
      }
    case .whenReleased:
      // Another cache of this process holds the directory (a client made again before the
      // old one was let go): this one takes it when that one is released, and keeps
      // responses in memory until then.
      claiming = true
      inUse = HTTPCache.DiskFailure(
        path: directory.path, operation: "own the directory",
        reason: "directory in use by another HTTPCache of this process (until it is released)")
      suspended = true
      queue.suspend()
      queue.async {
        if !self.lock.withLock({ self.retired }) { self.own() }
        self.scan()
      }
    }
  }

  /// The cache that held the directory was released: this one takes it (see
  /// ``DiskOwners``).
  func takeOver() { resume() }

  /// Another cache made later on the directory will take it over instead: this one keeps
  /// responses in memory only, for good.
  func standDown() {
    lock.withLock { retired = true }
    resume()
  }

  /// Lets the queue go, once (a suspended queue resumed twice is a crash).
  private func resume() {
    let waiting = lock.withLock { () -> Bool in
      defer { suspended = false }
      return suspended
    }
    if waiting { queue.resume() }
  }

  /// Takes the directory (see ``DiskFiles/own()``).
  private func own() {
    let owning = files.own()
    lock.withLock {
      claiming = false
      inUse = nil
      switch owning {
      case .failure(let failure):
        self.failure = failure
        failureSaid = false
        owned = false
      case .success: owned = true
      }
    }
  }

  /// The bytes the kept files take (those not written yet counted at their memory size).
  var bytes: Int { lock.withLock { byteCount } }

  /// Why the store stopped writing (or never used the directory); nil while it writes.
  var stopped: HTTPCache.DiskFailure? { lock.withLock { failure ?? inUse } }

  /// The writes asked for, and the files written and read, since the store was made.
  var writesAsked: Int { lock.withLock { asked } }
  var filesWritten: Int { lock.withLock { written } }
  var filesRead: Int { lock.withLock { reads } }

  /// The failure that stopped writing, the first time it is asked for after it happened (it
  /// is said once); nil otherwise.
  func failureToSay() -> HTTPCache.DiskFailure? {
    lock.withLock {
      guard let failure = failure ?? inUse, !failureSaid else { return nil }
      failureSaid = true
      return failure
    }
  }

  /// Waits until every file operation asked for so far has run (not on the store's queue).
  func finishWork() { queue.sync {} }

  /// Calls `body` on the store's queue once every file operation asked for so far has run.
  func afterWork(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }

  /// Gives the directory up: waits for what is asked so far, then releases the lock; the
  /// store is memory-less from then on (a relaunched app's directory for the next owner).
  func close() {
    lock.withLock { retired = true }
    resume()
    queue.sync {
      lock.withLock { owned = false }
      files.release()
    }
    DiskOwners.shared.leave(self)
  }

  /// Gives the directory up without waiting (its cache is released): what is asked so far is
  /// still written, then the lock is released; a store made on the directory meanwhile in
  /// this process takes it then. (The release is queued before the registry hears of it, so
  /// a store that waits for this one finds it queued.)
  func retire() {
    lock.withLock { retired = true }
    queue.async {
      self.lock.withLock { self.owned = false }
      self.files.release()
      DiskOwners.shared.leave(self)
    }
    DiskOwners.shared.retire(self)
    resume()
  }

  // MARK: Opening

  /// Reads what the directory keeps, on the store's queue: temporary files older than ten
  /// minutes (a stopped write's) are deleted, and so are files that are not whole entries;
  /// the rest join the index, unless written or removed since the store was made.
  private func scan() {
    guard lock.withLock({ owned }) else {
      for waiter in lock.withLock({ () -> [@Sendable () -> Void] in
        // Not the owner (after all): nothing of the directory is known or kept.
        entries = [:]
        names = [:]
        order.removeAll()
        pending = [:]
        byteCount = 0
        ready = true
        defer { waiters = [] }
        return waiters
      }) { waiter() }
      return
    }
    gates.beforeScan?()
    let found = files.scan()
    var doomed: [String] = []
    let waiting = lock.withLock { () -> [@Sendable () -> Void] in
      // What was written since the store was made is newer than anything found.
      let writtenSince = order.keys
      for (description, name, size) in found {
        guard !touched.contains(name) else { continue }
        serial += 1
        let entry = Entry(
          name: name, key: description.key, varied: description.varied,
          tags: description.tags, size: size, serial: serial)
        if dooms.contains(where: { $0(entry) }) {
          doomed.append(name)
        } else {
          add(entry)
        }
      }
      for name in writtenSince { order.touch(name) }
      touched = []
      dooms = []
      ready = true
      doomed += evicted()
      defer { waiters = [] }
      return waiters
    }
    for name in doomed { files.delete(name) }
    for waiter in waiting { waiter() }
  }

  /// Whether the store holds the directory, or is about to take it over.
  var ownsOrClaims: Bool { lock.withLock { owned || claiming } }

  /// Whether the directory's scan is merged into the index, or there is nothing to read
  /// (another cache of this process holds the directory).
  var isReady: Bool { lock.withLock { ready || inUse != nil } }

  /// Calls `body` once the directory's scan is merged into the index: at once if it is, or
  /// if there is nothing to read (another cache of this process holds the directory).
  func whenReady(_ body: @escaping @Sendable () -> Void) {
    let now = lock.withLock { () -> Bool in
      let now = ready || inUse != nil
      if !now { waiters.append(body) }
      return now
    }
    if now { body() }
  }

  // MARK: Reading

  /// Whether a file is kept (or to be written) for the variant of `key` that `matches`; one
  /// the scan has not reached yet counts if its name is the unvaried one.
  func contains(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) -> Bool {
    lock.withLock {
      guard owned || claiming else { return false }
      // Before the scan, one may be kept: counted as kept (an error replaces nothing).
      return entry(key, matches) != nil || !ready
    }
  }

  /// The send order of the response kept for the variant of `key` that `matches` (0: none,
  /// or one read from the directory).
  func sendOrder(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) -> UInt64 {
    lock.withLock { entry(key, matches)?.sendOrder ?? 0 }
  }

  /// The file kept for the variant of `key` that `matches` (under the lock).
  private func entry(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) -> Entry? {
    names[key]?.lazy.compactMap { self.entries[$0] }.first { matches($0.varied) }
  }

  /// Where the response kept for `key` that answers a request (`matches`) is: in memory until
  /// written, or in a file. Before the scan is merged, only the file a response that varies
  /// on nothing would have is looked at.
  func find(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) -> Found {
    lock.withLock {
      guard owned else { return .none }
      if let entry = entry(key, matches) {
        if let waiting = pending[entry.name] { return .inMemory(waiting.stored) }
        return .file(Ticket(name: entry.name, serial: entry.serial, dooms: 0))
      }
      guard !ready, matches([:]) else { return .none }
      let name = Self.name(key, [:])
      guard !touched.contains(name) else { return .none }
      return .file(Ticket(name: name, serial: nil, dooms: dooms.count))
    }
  }

  /// The response in `ticket`'s file, checked (its checksum, and that it is kept under
  /// `key`); nil when it is missing or damaged (then it is deleted, if still current). No
  /// lock is held.
  func read(_ ticket: Ticket, key: HTTPCache.Key) -> StoredResponse? {
    lock.withLock { reads += 1 }
    switch files.read(ticket.name) {
    case .found(let found, let stored) where found == key:
      return stored
    case .missing:
      return nil
    case .found, .damaged:
      lock.withLock {
        guard checked(ticket, key, nil) == .current else { return }
        if ticket.serial != nil { forget(ticket.name) } else { touched.insert(ticket.name) }
        deleteLater([ticket.name])
      }
      return nil
    }
  }

  /// What a read of a ticket's file is worth now (see ``check(_:_:_:)``).
  enum Check {
    /// Still what the index says: it may be served, and kept in memory.
    case current
    /// Changed while it was read (a write, a removal, the scan merged): look it up again.
    case changed
    /// Removed by a rule made before the scan was merged: not served.
    case doomed
  }

  /// Whether `ticket`'s file is still what the index says (no write, removal or scan since
  /// changed it), and, given what was `read` from it under `key`, that no removal made before
  /// the scan dooms it; a current one is marked just used. Called under the cache's lock, so
  /// that what a read finds joins memory only while it is current.
  func check(_ ticket: Ticket, _ key: HTTPCache.Key, _ read: StoredResponse?) -> Check {
    lock.withLock { checked(ticket, key, read) }
  }

  private func checked(_ ticket: Ticket, _ key: HTTPCache.Key, _ read: StoredResponse?) -> Check {
    guard owned else { return .doomed }
    guard let serial = ticket.serial else {
      // Read before the scan was merged: current while the scan is not merged yet, nothing
      // touched the file, and no removal by rule so far dooms it.
      guard !ready, !touched.contains(ticket.name), dooms.count == ticket.dooms else {
        return .changed
      }
      guard let read else { return .current }
      let entry = Entry(
        name: ticket.name, key: key, varied: read.varied, tags: read.tags, size: 0, serial: 0)
      return dooms.contains { $0(entry) } ? .doomed : .current
    }
    guard entries[ticket.name]?.serial == serial, pending[ticket.name] == nil else {
      return .changed
    }
    if read != nil { order.touch(ticket.name) }
    return .current
  }

  // MARK: Writing

  /// Keeps `stored` under `key`, replacing the variants that answer the same request
  /// (`replaces`): the index at once, the file on the queue. Once writing stopped, nothing
  /// is written and what it would replace is deleted.
  func write(
    _ stored: StoredResponse, key: HTTPCache.Key,
    replacing replaces: ([String: String?]) -> Bool
  ) {
    let name = Self.name(key, stored.varied)
    let doomed = lock.withLock { () -> [String] in
      guard owned || claiming else { return [] }
      var doomed = removed(key, replaces)
      if !ready { touched.insert(name) }
      // Writing stopped, or waits for another cache to let the directory go: nothing is
      // written (memory keeps it), and the file it replaces goes (once the directory is this
      // store's).
      guard failure == nil, inUse == nil else {
        // What is kept for this request is older than what the server said: never served
        // again, in this launch or the next.
        if !doomed.contains(name) { doomed.append(name) }
        forget(name)
        return doomed
      }
      serial += 1
      asked += 1
      doomed.removeAll { $0 == name }
      forget(name)
      add(
        Entry(
          name: name, key: key, varied: stored.varied, tags: stored.tags, size: stored.cost,
          serial: serial, sendOrder: stored.sendOrder))
      pending[name] = Pending(stored: stored, key: key, serial: serial)
      let flushing = serial
      queue.async { self.flush(name, flushing) }
      return doomed + evicted()
    }
    deleteLater(doomed)
  }

  /// Writes the file of `name` if serial `serial` is still the one to write (on the queue).
  private func flush(_ name: String, _ serial: UInt64) {
    let next = lock.withLock { () -> Pending?? in
      guard owned, let waiting = pending[name], waiting.serial == serial else { return nil }
      guard failure == nil else {
        // Writing stopped since it was asked for: the file it would replace goes too.
        forget(name)
        return .some(nil)
      }
      return waiting
    }
    guard let next else { return }
    guard let waiting = next else {
      files.delete(name)
      return
    }
    let bytes = EntryFile.encode(waiting.stored, key: waiting.key)
    let outcome = files.write(bytes, name: name, beforeSync: gates.beforeSync)
    if case .failure = outcome {
      // The old file is deleted before the index lets go of the pending response, so no
      // reader finds the old one in between.
      files.delete(name)
    }
    let doomed = lock.withLock { () -> [String] in
      switch outcome {
      case .success:
        written += 1
        guard pending[name]?.serial == serial else { return [] }
        pending[name] = nil
        if var entry = entries[name] {
          byteCount += bytes.count - entry.size
          entry.size = bytes.count
          entries[name] = entry
        }
        return evicted()
      case .failure(let error):
        if failure == nil { failure = error }
        // Every response waiting to be written goes too: its file is older than it.
        let waiting = Array(pending.keys)
        for name in waiting { forget(name) }
        return waiting
      }
    }
    for name in doomed { files.delete(name) }
  }

  // MARK: Removing

  /// Deletes the files for which `doomed` holds (given their key and tags): at once (an
  /// invalidation at sign-out is on disk when it returns, whatever happens to the process
  /// next), and again on the queue after any write in progress (which could put one back).
  func remove(where doomed: @escaping (HTTPCache.Key, Set<String>) -> Bool) {
    let (names, now) = lock.withLock { () -> ([String], Bool) in
      guard owned || claiming else { return ([], false) }
      if !ready { dooms.append { doomed($0.key, $0.tags) } }
      let names = entries.values.filter { doomed($0.key, $0.tags) }.map(\.name)
      for name in names { forget(name) }
      return (names, owned)
    }
    if now { for name in names { files.delete(name) } }
    deleteLater(names)
  }

  /// Deletes the file of the variant of `key` that `matches` (as above: at once, and again
  /// after any write in progress).
  func remove(_ key: HTTPCache.Key, _ matches: @escaping ([String: String?]) -> Bool) {
    let (names, now) = lock.withLock { () -> ([String], Bool) in
      guard owned || claiming else { return ([], false) }
      if !ready { dooms.append { $0.key == key && matches($0.varied) } }
      return (removed(key, matches), owned)
    }
    if now { for name in names { files.delete(name) } }
    deleteLater(names)
  }

  /// Deletes `names` on the queue, after what is asked so far, if the store owns the
  /// directory by then.
  private func deleteLater(_ names: [String]) {
    guard !names.isEmpty else { return }
    queue.async {
      guard self.lock.withLock({ self.owned }) else { return }
      for name in names { self.files.delete(name) }
    }
  }

  // MARK: The index (under the lock)

  /// Forgets the variants of `key` that `matches`; their names, to delete.
  private func removed(_ key: HTTPCache.Key, _ matches: ([String: String?]) -> Bool) -> [String] {
    let names = (names[key] ?? []).filter { entries[$0].map { matches($0.varied) } ?? false }
    for name in names {
      forget(name)
      if !ready { touched.insert(name) }
    }
    return names
  }

  private func add(_ entry: Entry) {
    entries[entry.name] = entry
    names[entry.key, default: []].append(entry.name)
    order.touch(entry.name)
    byteCount += entry.size
  }

  private func forget(_ name: String) {
    pending[name] = nil
    guard let entry = entries.removeValue(forKey: name) else { return }
    names[entry.key]?.removeAll { $0 == name }
    if names[entry.key]?.isEmpty == true { names[entry.key] = nil }
    order.remove(name)
    byteCount -= entry.size
  }

  /// Forgets the least recently used files past the bound; their names, to delete.
  private func evicted() -> [String] {
    var doomed: [String] = []
    while byteCount > limit, let oldest = order.oldest {
      forget(oldest)
      doomed.append(oldest)
    }
    return doomed
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
