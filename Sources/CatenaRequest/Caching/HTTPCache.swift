public import Foundation

/// A private HTTP cache of Catena's own (RFC 9111 as a private cache), in memory and bounded
/// in bytes, the least recently used responses going first. Set it on a client, and GET
/// responses that may be stored are kept and used while fresh; a stale one is revalidated
/// with its `ETag` or `Last-Modified`, and a `304 Not Modified` updates the stored headers and
/// moves no body.
///
/// ```swift
/// let api = Client(
///   baseURL: base, transport: URLSessionTransport(), cache: HTTPCache(memoryLimit: 16 << 20))
/// let feed = try await Get("feed").value(on: api)  // from the cache while fresh
/// ```
///
/// The app keeps the cache it gives its client to flush it, invalidate what it keeps or read
/// its size (a client's settings are not read back).
///
/// What is kept: GET responses of a status that is heuristically cacheable (200, 203, 204,
/// 300, 301, 308, 404, 405, 410, 414, 501) that say how long they are fresh (`max-age`,
/// `Expires`) or how to revalidate them (`ETag`, `Last-Modified`, which also gives a heuristic
/// lifetime: a tenth of its age, at most a week), or of another final status with a lifetime
/// it states (a `302` or a `500` with `max-age`, as browsers keep them; never a `206`), and
/// no `no-store` (the request's or the response's); never one with `Vary: *`, nor one larger
/// than its `entryLimit`, and never its `Set-Cookie`, proxy or hop-by-hop fields. `no-cache`
/// keeps a response but revalidates it before every use. `Vary` keeps a variant per value of
/// the request headers it names. A request of an unsafe method that succeeds removes what is
/// kept for its URL and its `Location`; a response to a request sent before a write (an
/// unsafe request, an invalidation) is never kept.
///
/// The cache decides on each request as it is sent: after the client's interceptors, its
/// credential and the cookies its transport adds (``Transport/requestAsSent(_:)``). A client
/// with ``Authentication`` keeps its responses in the partition its credential provider names
/// with the credential (``CredentialProvider/authorized(_:)``, such as the signed-in user's
/// id): a token refresh keeps them, ``invalidate(partition:)`` drops them at sign-out, and
/// without a partition nothing authenticated is kept. A request that carries a credential on
/// the wire (a header ``HTTPRequest/isSensitive(_:)`` names, a cookie, a credential in its
/// query or URL) without a partition is neither kept nor answered from the cache.
///
/// With a `directory`, responses are kept on disk too, and a launch later finds them; each
/// file is written whole, synced and renamed, and checked before it is served.
public final class HTTPCache: @unchecked Sendable {
  /// The most bytes (bodies and headers) the cache keeps.
  package let memoryLimit: Int
  /// The most bytes one response may take to be kept: no more than `memoryLimit`, or with
  /// a `directory` no more than the larger of it and `diskLimit` (a response larger than
  /// the memory's bound is kept on disk only).
  package let entryLimit: Int
  /// Where responses are kept on disk too (nil: memory only).
  package let directory: URL?
  /// The most bytes the files in `directory` take.
  package let diskLimit: Int
  /// The current time (a test's clock, or the wall clock).
  let now: @Sendable () -> Date

  /// Guards the memory; the disk's index lock is taken inside it, never the other way.
  private let lock = NSLock()
  private let disk: DiskStore?
  /// Where a response is kept: its partition (nil: unauthenticated) and its URL.
  struct Key: Hashable {
    var partition: String?
    var url: URL
  }

  /// The variants kept per key.
  private var entries: [Key: [StoredResponse]] = [:]
  /// The keys kept, least recently used first.
  private var order = RecencyOrder<Key>()
  private var bytes = 0
  /// The responses being revalidated in the background (one at a time each).
  private var revalidating: Set<Revalidation> = []
  /// The count of requests sent through the cache (see ``nextSendOrder()``).
  private var sends: UInt64 = 0
  /// Counts the writes that fence what is in flight: every invalidation, and each unsafe
  /// request a client sends (when it is sent and when it ends). A response to a request sent
  /// at an older count is given to its asker but never kept.
  private var writes: UInt64 = 0
  /// The rules a test switched off (see ``CacheRule``).
  private var switchedOff: Set<CacheRule> = []

  /// The rules switched off on this cache: only tests set them, to see their tests fail.
  package var rulesOff: Set<CacheRule> {
    get { lock.withLock { switchedOff } }
    set { lock.withLock { switchedOff = newValue } }
  }

  /// Whether `rule` holds (it is not switched off).
  func holds(_ rule: CacheRule) -> Bool { lock.withLock { !switchedOff.contains(rule) } }

  /// A cache of at most `memoryLimit` bytes in memory, and `diskLimit` bytes in `directory`
  /// when one is given, keeping responses of at most `entryLimit` bytes; `now` tells the time
  /// (the wall clock by default).
  ///
  /// ```swift
  /// let cache = HTTPCache(directory: HTTPCache.cachesDirectory(named: "api"))
  /// let api = Client(baseURL: base, transport: URLSessionTransport(), cache: cache)
  /// ```
  ///
  /// The directory is made and locked when the cache is made, and what it keeps is read in
  /// the background; every write, sync and deletion runs there too, so no request (and no
  /// list opening on the main actor) waits for one. A response found there is checked before
  /// it is served and kept in memory too.
  ///
  /// A directory has one owner: the first cache on it. Another instance on the same directory,
  /// in this process or another (an app extension in an app group), keeps responses in memory
  /// only, and says so (``diskFailure``: "directory in use"); share one `HTTPCache` between
  /// clients instead. When the directory cannot be made or written, the disk is left alone
  /// from then on, and what it keeps that a newer response replaced is deleted
  /// (``diskFailure`` says why, and the client's monitors are told once with
  /// ``RequestEvent/Kind/cacheDiskFailed(_:)``).
  ///
  /// - Parameters:
  ///   - memoryLimit: the most bytes (bodies and headers) the cache keeps in memory.
  ///   - entryLimit: the most bytes one response may take to be kept: no more than
  ///     `memoryLimit`, or with a `directory` no more than the larger of it and `diskLimit` (a
  ///     response larger than the memory's bound is kept on disk only).
  ///   - directory: where responses are kept on disk too (nil: memory only); see
  ///     ``cachesDirectory(named:)``.
  ///   - diskLimit: the most bytes the files in `directory` take.
  ///   - now: the current time: the wall clock, or a test's.
  public convenience init(
    memoryLimit: Int = 32 << 20, entryLimit: Int = 4 << 20, directory: URL? = nil,
    diskLimit: Int = 256 << 20, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      memoryLimit: memoryLimit, entryLimit: entryLimit, directory: directory,
      diskLimit: diskLimit, now: now, gates: nil)
  }

  /// A cache as above whose disk runs `gates` on its background queue (a test holds the
  /// scan, or a writer in its sync).
  package convenience init(
    memoryLimit: Int = 32 << 20, entryLimit: Int = 4 << 20, directory: URL,
    diskLimit: Int = 256 << 20, now: @escaping @Sendable () -> Date = { Date() },
    gates: DiskGates
  ) {
    self.init(
      memoryLimit: memoryLimit, entryLimit: entryLimit, directory: directory,
      diskLimit: diskLimit, now: now, gates: Optional(gates))
  }

  private init(
    memoryLimit: Int, entryLimit: Int, directory: URL?, diskLimit: Int,
    now: @escaping @Sendable () -> Date, gates: DiskGates?
  ) {
    self.memoryLimit = memoryLimit
    self.entryLimit = min(entryLimit, directory == nil ? memoryLimit : max(memoryLimit, diskLimit))
    self.directory = directory
    self.diskLimit = diskLimit
    self.disk = directory.map {
      DiskStore(directory: $0, limit: diskLimit, gates: gates ?? DiskGates())
    }
    self.now = now
  }

  // The directory is let go once what was asked is written (a cache made on it meanwhile in
  // this process takes it then).
  deinit { disk?.retire() }

  /// Where a test holds a cache's disk queue: before it scans the directory, before it syncs
  /// each file it writes.
  package struct DiskGates: Sendable {
    package var beforeScan: (@Sendable () -> Void)?
    package var beforeSync: (@Sendable () -> Void)?

    package init(
      beforeScan: (@Sendable () -> Void)? = nil, beforeSync: (@Sendable () -> Void)? = nil
    ) {
      self.beforeScan = beforeScan
      self.beforeSync = beforeSync
    }
  }

  /// A directory named `name` in the platform's Caches directory (`~/Library/Caches` in the
  /// app's container on Apple platforms, `$XDG_CACHE_HOME` or `~/.cache` on Linux), for
  /// ``init(memoryLimit:entryLimit:directory:diskLimit:now:)``. The system may empty it when
  /// space runs low; it is not backed up.
  public static func cachesDirectory(named name: String) -> URL {
    let caches =
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return caches.appendingPathComponent(name, isDirectory: true)
  }

  /// The bytes kept in memory now.
  public var byteCount: Int { lock.withLock { bytes } }

  /// The bytes kept on disk now (0 without a directory); a response not written yet counts
  /// at its size in memory.
  public var diskByteCount: Int { disk?.bytes ?? 0 }

  /// Why the cache stopped writing to its directory, or never used it (nil while it writes,
  /// or without one).
  public var diskFailure: DiskFailure? { disk?.stopped }

  /// Forgets every response, in memory and on disk.
  public func removeAll() {
    lock.withLock {
      writes &+= 1
      entries = [:]
      order.removeAll()
      bytes = 0
      disk?.remove { _, _ in true }
    }
  }

  /// The failure that stopped the disk, the first time it is asked for (to tell the monitors
  /// once).
  func diskFailureToSay() -> DiskFailure? { disk?.failureToSay() }

  /// Returns once what the directory keeps is known (at once after the first moments of the
  /// cache): a request's lookup waits for it, without holding a thread; a list's first read
  /// on the main actor does not (it reads the one file a response that varies on nothing
  /// would have).
  func diskReady() async {
    guard let disk, !disk.isReady else { return }
    await withCheckedContinuation { continuation in disk.whenReady { continuation.resume() } }
  }

  /// Returns once every response kept so far is written to the directory (and what was
  /// dropped deleted): before an app extension's work ends, or when the app is about to be
  /// suspended. Writes run in the background whether or not anyone waits; without a
  /// directory this returns at once.
  ///
  /// ```swift
  /// await cache.flush()
  /// ```
  public func flush() async {
    guard let disk else { return }
    await withCheckedContinuation { continuation in disk.afterWork { continuation.resume() } }
  }

  /// Gives the directory up, as a process that ends does: what is asked so far is written,
  /// the lock released, and the cache keeps responses in memory only from then on (for
  /// tests that launch an app again on the same directory).
  package func closeDirectory() { disk?.close() }

  /// The writes asked of the disk, and the files it has written and read, since the cache
  /// was made.
  package var diskWritesAsked: Int { disk?.writesAsked ?? 0 }
  package var diskFilesWritten: Int { disk?.filesWritten ?? 0 }
  package var diskFilesRead: Int { disk?.filesRead ?? 0 }

  /// The response kept for `request` whose varied headers match, marked as just used: from
  /// memory, else from disk (then kept in memory too). A disk read is one read of one file,
  /// waiting for no write: what a writer has not finished is read from memory.
  func lookup(_ request: HTTPRequest, partition: String?) -> StoredResponse? {
    guard request.method == .get else { return nil }
    let matches = { (varied: [String: String?]) in Self.matches(varied, request) }
    return lookup(Key(partition: partition, url: request.url), matches)
  }

  /// The responses kept for `request`'s URL in `partition` for other variants than the one
  /// it matches (at most `limit`), that a request whose own variant is not kept asks the
  /// server about (RFC 9111 §4.3.1): those with a strong `ETag` (the same bytes, §8.8.1),
  /// varying from `request` on no credential header (another token's or cookie's response is
  /// never offered). Read without being kept in memory.
  func variants(
    otherThan request: HTTPRequest, partition: String?, limit: Int = 4
  ) -> [StoredResponse] {
    guard request.method == .get else { return [] }
    let key = Key(partition: partition, url: request.url)
    var seen: [[String: String?]] = []
    var found: [StoredResponse] = []
    while found.count < limit, seen.count < 2 * limit {
      let other = { (varied: [String: String?]) in
        !Self.matches(varied, request) && !seen.contains(varied)
      }
      guard let next = lookup(key, other, keeping: false) else { break }
      seen.append(next.varied)
      let sameCredentials = next.varied.allSatisfy { name, value in
        !request.isSensitive(name) || Self.variedValue(name, of: request) == value
      }
      if sameCredentials, next.response.headers["ETag"]?.hasPrefix("\"") == true {
        found.append(next)
      }
    }
    return found
  }

  /// The response kept under `key` whose varied headers `matches`, from memory, else from
  /// disk (then kept in memory too, when `keeping`).
  private func lookup(
    _ key: Key, _ matches: ([String: String?]) -> Bool, keeping: Bool = true
  ) -> StoredResponse? {
    // A file that changed while it was read is looked up again (twice at most).
    for _ in 0..<3 {
      let found = lock.withLock { () -> DiskStore.Found in
        if let variants = entries[key], let match = variants.first(where: { matches($0.varied) }) {
          if keeping { order.touch(key) }
          return .inMemory(match)
        }
        return disk?.find(key, matches) ?? .none
      }
      switch found {
      case .none: return nil
      case .inMemory(let stored): return stored
      case .file(let ticket):
        guard let disk, let read = disk.read(ticket, key: key) else { return nil }
        let check = lock.withLock { () -> DiskStore.Check in
          let check = disk.check(ticket, key, read)
          if check == .current, keeping, read.cost <= memoryLimit {
            keepInMemory(read, key, replacing: { $0 == read.varied })
          }
          return check
        }
        switch check {
        case .current: return read
        case .doomed: return nil
        case .changed: continue
        }
      }
    }
    return nil
  }

  /// The background revalidations running now (a test waits for them to end).
  package var revalidationsRunning: Int { lock.withLock { revalidating.count } }

  /// A count of writes no cache reaches: a response sent at it is fenced whatever comes.
  static let neverCurrent = UInt64.max

  /// The count of fencing writes now (see ``fence()``).
  var writeCount: UInt64 { lock.withLock { writes } }

  /// A write happened (an unsafe request sent, or answered): responses to requests sent
  /// before it are not kept.
  func fence() { lock.withLock { writes &+= 1 } }

  /// Keeps `response` to `request` (as sent) when it may be kept, replacing the variant it
  /// matches, then drops the least recently used responses past the bound; why it was not
  /// kept otherwise. `sentAtWrite` is the ``writeCount`` when the request was sent: after a
  /// write since, nothing is kept, so what it replaced stays dropped.
  @discardableResult
  func store(
    _ response: HTTPResponse, for request: HTTPRequest, sentAt: Date, receivedAt: Date,
    _ keep: Keeping = Keeping(), sentAtWrite: UInt64? = nil
  ) -> NotStoredReason? {
    let key = Key(partition: keep.partition, url: request.url)
    let stored: StoredResponse
    switch Self.storable(
      response, for: request, sentAt: sentAt, receivedAt: receivedAt, staleTime: keep.staleTime)
    {
    case .kept(var made) where made.cost <= entryLimit:
      made.tags = keep.tags
      made.sendOrder = keep.sendOrder
      stored = made
    case .kept:
      remove(key, matching: request, sentAtWrite: sentAtWrite, sendOrder: keep.sendOrder)
      return .tooLarge
    case .refused(let reason):
      // A response that may not be kept replaces nothing older that would then be served;
      // a server error or a transient refusal (`408`, `425`, `429`) says nothing of it.
      if request.method == .get, response.status != 304, response.status < 500,
        !CacheExchange.transient.contains(response.status), request.headers["Range"] == nil
      {
        remove(key, matching: request, sentAtWrite: sentAtWrite, sendOrder: keep.sendOrder)
      }
      return reason
    }
    let matches = { (varied: [String: String?]) in Self.matches(varied, request) }
    return lock.withLock { () -> NotStoredReason? in
      var stored = stored
      if let sentAtWrite, sentAtWrite != writes, !switchedOff.contains(.writeFences) {
        return .fencedByWrite
      }
      let kept = entries[key]?.first(where: { matches($0.varied) })
      // A server error or a transient refusal never replaces a response kept (whatever the
      // policy that asked): it says the server would not answer now.
      if response.status >= 500 || CacheExchange.transient.contains(response.status),
        kept != nil || disk?.contains(key, matches) == true
      {
        return .statusNotStorable
      }
      if let kept, kept.responseTime >= sentAt, kept.response == stored.response,
        stored.varied == kept.varied
      {
        // The same answer again (the askers of one shared transfer, each settling): kept
        // once, written once; filed under every asker's tags.
        guard !stored.tags.isSubset(of: kept.tags) else { return nil }
        let tags = stored.tags
        stored = kept
        stored.tags.formUnion(tags)
      } else if keptSendOrder(key, matches) > stored.sendOrder {
        // Sent before the request whose response is kept: it is the older answer.
        return .superseded
      }
      if stored.cost <= memoryLimit {
        keepInMemory(stored, key, replacing: matches)
      } else {
        forget(key, matching: matches)  // larger than memory: on disk only
      }
      // A credential in the URL (`access_token`, a user or password) is never written to a
      // file: such a response is kept in memory only.
      if request.url.carriesCredential {
        disk?.remove(key, matches)
      } else {
        disk?.write(stored, key: key, replacing: matches)
      }
      return nil
    }
  }

  /// Keeps `stored` in memory under `key`, replacing the variant that answers the same
  /// request (`replaces`), then drops the least recently used responses past the bound
  /// (under the lock).
  private func keepInMemory(
    _ stored: StoredResponse, _ key: Key, replacing replaces: ([String: String?]) -> Bool
  ) {
    var variants = entries[key] ?? []
    if let index = variants.firstIndex(where: { replaces($0.varied) }) {
      bytes -= variants[index].cost
      variants.remove(at: index)
    }
    variants.append(stored)
    bytes += stored.cost
    entries[key] = variants
    order.touch(key)
    while bytes > memoryLimit, let oldest = order.oldest {
      for variant in entries.removeValue(forKey: oldest) ?? [] { bytes -= variant.cost }
      order.remove(oldest)
    }
  }

  /// `stored` updated by a `304 Not Modified` (its headers, §4.3.4) and kept again; its body
  /// stays. Nil when the `304` validates another response than `stored` (its `ETag`, or
  /// without one its `Last-Modified`, differs): `stored` is then dropped, and the request
  /// must be sent again without validators.
  func refresh(
    _ stored: StoredResponse, with notModified: HTTPResponse, for request: HTTPRequest,
    sentAt: Date, receivedAt: Date, _ keep: Keeping, sentAtWrite: UInt64? = nil
  ) -> (response: HTTPResponse, notStored: NotStoredReason?)? {
    guard Self.validates(notModified, stored.response) || !holds(.validated304) else {
      let key = Key(partition: keep.partition, url: request.url)
      remove(key, matching: request, sentAtWrite: nil)
      return nil
    }
    var response = stored.response
    for (name, value) in Self.keptHeaders(of: notModified)
    where !["content-length", "content-encoding"].contains(name.lowercased()) {
      try? response.headers.set(name, value)
    }
    var keep = keep
    keep.tags.formUnion(stored.tags)
    let notStored = store(
      response, for: request, sentAt: sentAt, receivedAt: receivedAt, keep,
      sentAtWrite: sentAtWrite)
    return (response, notStored)
  }

  /// Whether `notModified` says `stored` is still good (§4.3.4): the same `ETag` when it has
  /// one (a weak one names the tags it matches weakly), else the same `Last-Modified` when it has one; a `304` with neither confirms the
  /// response whose validators were sent.
  static func validates(_ notModified: HTTPResponse, _ stored: HTTPResponse) -> Bool {
    if let tag = notModified.headers["ETag"] {
      return stored.headers["ETag"].map { StoredResponse.names(tag, $0) } ?? false
    }
    if let modified = notModified.headers["Last-Modified"] {
      return stored.headers["Last-Modified"] == modified
    }
    return true
  }

  /// A response revalidated in the background: its partition, URL and variant.
  struct Revalidation: Hashable {
    var key: Key
    var varied: [String: String?]
  }

  /// Whether a background revalidation of `slot` may start (none runs); it runs until
  /// ``endRevalidation(_:)``.
  func beginRevalidation(_ slot: Revalidation) -> Bool {
    lock.withLock { revalidating.insert(slot).inserted }
  }

  /// A background revalidation of `slot` ended.
  func endRevalidation(_ slot: Revalidation) {
    _ = lock.withLock { revalidating.remove(slot) }
  }

  /// The next number in the order requests are sent through the cache: a response never
  /// replaces one whose request was sent after its own (a late background revalidation).
  func nextSendOrder() -> UInt64 {
    lock.withLock {
      sends += 1
      return sends
    }
  }

  /// The send order of what is kept for the variant of `key` that `matches` (0: none), in
  /// memory or on disk (under the lock).
  private func keptSendOrder(_ key: Key, _ matches: ([String: String?]) -> Bool) -> UInt64 {
    // Both: a copy read back from disk into memory does not carry its order.
    let inMemory = entries[key]?.first(where: { matches($0.varied) })?.sendOrder ?? 0
    return max(inMemory, disk?.sendOrder(key, matches) ?? 0)
  }

  /// Forgets every response kept for `prefix` or a URL below it, on a boundary of its path
  /// (`…/feed` drops `…/feed`, `…/feed?page=2` and `…/feed/7`, not `…/feedback`). URLs are
  /// compared normalised: the scheme and host in any case, the default port written or not,
  /// percent-encodings of unreserved characters or not.
  ///
  /// ```swift
  /// cache.invalidate(urlPrefix: URL(string: "https://api.example.com/feed")!)
  /// ```
  public func invalidate(urlPrefix prefix: URL) {
    let start = prefix.normalisedForCache
    drop { key, _ in key.url.isCovered(byPrefix: start) }
  }

  /// Forgets every response filed under `tag` (``RequestConvertible/cacheTag(_:)``): after a
  /// mutation, every page of a feed at once.
  public func invalidate(tag: String) {
    drop { _, tags in tags.contains(tag) }
  }

  /// Forgets the responses for which `doomed` holds (given their key and tags), in memory
  /// and on disk.
  private func drop(_ doomed: @escaping (Key, Set<String>) -> Bool) {
    lock.withLock {
      writes &+= 1
      for (key, variants) in entries {
        let kept = variants.filter { !doomed(key, $0.tags) }
        guard kept.count != variants.count else { continue }
        for variant in variants where doomed(key, variant.tags) { bytes -= variant.cost }
        if kept.isEmpty {
          entries[key] = nil
          order.remove(key)
        } else {
          entries[key] = kept
        }
      }
      disk?.remove(where: doomed)
    }
  }

  /// Forgets every response kept in `partition` (the one the credential provider names with
  /// its credential, ``CredentialProvider/authorized(_:)``): at sign-out, what the user was
  /// shown.
  ///
  /// ```swift
  /// cache.invalidate(partition: user.id)
  /// ```
  public func invalidate(partition: String) {
    drop { key, _ in key.partition == partition }
  }

  /// Forgets what is kept for `url` in every partition (after an unsafe method changed it,
  /// §4.4).
  func invalidate(_ url: URL) {
    let (target, last) = (url.normalisedForCache, url.lastPathComponent)
    drop { key, _ in key.url.lastPathComponent == last && key.url.normalisedForCache == target }
  }

  /// Forgets the response kept for `request` in `partition` (a `HEAD` said it changed), unless
  /// a write came after `sentAtWrite`.
  func forget(_ request: HTTPRequest, partition: String?, sentAtWrite: UInt64?) {
    remove(Key(partition: partition, url: request.url), matching: request, sentAtWrite: sentAtWrite)
  }

  /// Forgets the variant of `key` that answers `request`, unless a write came after
  /// `sentAtWrite` (it dropped what it had to, and a response sent before it decides nothing).
  private func remove(
    _ key: Key, matching request: HTTPRequest, sentAtWrite: UInt64?, sendOrder: UInt64 = .max
  ) {
    let matches = { (varied: [String: String?]) in Self.matches(varied, request) }
    lock.withLock {
      if let sentAtWrite, sentAtWrite != writes, !switchedOff.contains(.writeFences) { return }
      if keptSendOrder(key, matches) > sendOrder { return }
      forget(key, matching: matches)
      disk?.remove(key, matches)
    }
  }

  /// Forgets the variant of `key` in memory that `matches` (under the lock).
  private func forget(_ key: Key, matching matches: ([String: String?]) -> Bool) {
    guard var variants = entries[key],
      let index = variants.firstIndex(where: { matches($0.varied) })
    else { return }
    bytes -= variants.remove(at: index).cost
    if variants.isEmpty {
      entries[key] = nil
      order.remove(key)
    } else {
      entries[key] = variants
    }
  }

  /// Whether a response varied on `varied` answers `request`: the request headers it varies
  /// on have the values they had.
  private static func matches(_ varied: [String: String?], _ request: HTTPRequest) -> Bool {
    varied.allSatisfy { name, value in variedValue(name, of: request) == value }
  }

  /// The value of `request`'s header `name` as a response varying on it keeps it: a
  /// credential header's (``HTTPRequest/isSensitive(_:)``: `Authorization`, `Cookie`, …) as
  /// its SHA-256 digest, so no token or session id is written to the cache's files.
  static func variedValue(_ name: String, of request: HTTPRequest) -> String? {
    guard let value = request.headers[name] else { return nil }
    return request.isSensitive(name) ? "sha256:" + SHA256.hex(value) : value
  }

  /// `response` as it would be kept (without the fields a cache must not store), or why it
  /// may not be (§3).
  static func storable(
    _ response: HTTPResponse, for request: HTTPRequest, sentAt: Date, receivedAt: Date,
    staleTime: Bool = false
  ) -> Storing {
    guard request.method == .get, response.status >= 200, response.status != 206,
      response.status != 304
    else { return .refused(.statusNotStorable) }
    guard !CacheControl(request.headers["Cache-Control"]).noStore,
      !CacheControl(response.headers["Cache-Control"]).noStore
    else { return .refused(.noStore) }
    var varied: [String: String?] = [:]
    for name in (response.headers["Vary"] ?? "").split(separator: ",") {
      let name = name.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "*" { return .refused(.variesOnEverything) }
      if !name.isEmpty { varied[name] = variedValue(name, of: request) }
    }
    var kept = response
    kept.headers = keptHeaders(of: response)
    let stored = StoredResponse(
      response: kept, requestTime: sentAt, responseTime: receivedAt, varied: varied)
    // A status that is not heuristically cacheable (nor `public`) is kept only with a
    // lifetime it states (§3: a `302` or a `500` with `max-age`, as browsers keep them); the
    // others with one, or validators (§4.2.2).
    guard stored.heuristicallyCacheable else {
      return stored.explicitLifetime == nil ? .refused(.statusNotStorable) : .kept(stored)
    }
    let validates = response.headers["ETag"] != nil || response.headers["Last-Modified"] != nil
    guard stored.freshnessLifetime != nil || validates || staleTime else {
      return .refused(.noFreshnessOrValidator)
    }
    return .kept(stored)
  }

  /// The statuses a cache may keep without a lifetime stated, and give a heuristic one
  /// (RFC 9110 §15.1), but `206` (a part, never kept).
  static let heuristicallyCacheable: Set<Int> = [
    200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501,
  ]

  /// What ``storable(_:for:sentAt:receivedAt:staleTime:)`` decides.
  enum Storing {
    /// Kept as this.
    case kept(StoredResponse)
    /// Not kept, for this reason.
    case refused(NotStoredReason)
  }

  /// The fields of `response` a cache keeps: not the cookies it sets, the proxy's
  /// authentication, nor the hop-by-hop fields (those `Connection` names too), §3.1; nor those
  /// a qualified `no-cache="…"` names (§5.2.2.4).
  static func keptHeaders(of response: HTTPResponse) -> HTTPHeaders {
    var headers = response.headers
    let named = (response.headers["Connection"] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let unreused = CacheControl(response.headers["Cache-Control"]).noCacheFields
    for name in unkeptHeaders + named + unreused { headers.remove(name) }
    return headers
  }

  /// The fields never kept: cookies set, proxy authentication, hop-by-hop fields.
  static let unkeptHeaders = [
    "Set-Cookie", "Set-Cookie2", "Proxy-Authenticate", "Proxy-Authentication-Info",
    "Proxy-Authorization", "Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer",
    "Transfer-Encoding", "Upgrade",
  ]
}

extension HTTPCache {
  /// Why a response that went through the cache was not kept
  /// (``RequestEvent/Kind/notStored(_:)``).
  public enum NotStoredReason: Sendable, Hashable {
    /// It says nothing of how long it is fresh (`max-age`, `Expires`) nor how to revalidate
    /// it (`ETag`, `Last-Modified`).
    case noFreshnessOrValidator
    /// Its request carried a credential on the wire (a header ``HTTPRequest/isSensitive(_:)``
    /// names, a cookie, a credential in the query or the URL) and no partition was named for
    /// it (``CredentialProvider/authorized(_:)``).
    case credentialWithoutPartition
    /// A write came after its request was sent (an unsafe request, an invalidation, a
    /// sign-out, a cookie set or cleared by another exchange): it may say what the write
    /// changed, or have gone with cookies its lookup never saw.
    case fencedByWrite
    /// `no-store`, in the request or the response.
    case noStore
    /// Its status is not one the cache keeps (a status that is heuristically cacheable —
    /// 200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501 — or another final one with a
    /// lifetime it states; never a `206`), or its method is not `GET`.
    case statusNotStorable
    /// It came from another URL than the one asked for (a redirect): it is kept under its
    /// own URL when that is on the request's origin, never under the one asked for.
    case redirected
    /// `Vary: *`: no later request can be known to match it.
    case variesOnEverything
    /// It is larger than the cache's `entryLimit`.
    case tooLarge
    /// A response to a request sent after this one's is kept already (this one is a late
    /// background revalidation's, say): the older answer replaces nothing.
    case superseded
    /// The request carried validators or a range of the app's own (`If-None-Match`,
    /// `If-Modified-Since`, `Range`, …): it goes to the server as it is and its answer is not
    /// kept.
    case conditionalRequest
  }

  /// Why an ``HTTPCache`` stopped writing to its directory: the step, the file and the
  /// system's reason. Requests go on, kept in memory only.
  ///
  /// ```swift
  /// if let failure = cache.diskFailure { log(failure) }
  /// // "the HTTP cache could not write /…/Caches/api/3f….tmp (No space left on device);
  /// //  responses are kept in memory only"
  /// ```
  public struct DiskFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory.
    public var path: String
    /// The step that failed: "create the directory", "own the directory" (another cache
    /// holds it: "directory in use"), "open the lock file", "lock", "create a file", "write",
    /// "sync", "close" or "rename".
    public var operation: String
    /// The system's reason ("No space left on device").
    public var reason: String

    /// A failure of `operation` on `path`, for `reason`.
    package init(path: String, operation: String, reason: String) {
      self.path = path
      self.operation = operation
      self.reason = reason
    }

    /// "the HTTP cache could not write /…/x.tmp (No space left on device); responses are
    /// kept in memory only".
    public var description: String {
      "the HTTP cache could not \(operation) \(path) (\(reason)); responses are kept in memory only"
    }
  }
}
