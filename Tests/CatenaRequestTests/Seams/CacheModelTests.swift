import CatenaRequest
import CatenaTesting
import Foundation
import Testing

/// One step of a sequence.
enum ModelStep {
  case get(String, Style)
  /// The app's own `If-None-Match` with the current version's `ETag`.
  case conditional(String)
  case post(String)
  case invalidateAll
  /// A sign-out: the partition dropped (with a provider), then another user.
  case signOut(to: String?)
  /// Another user without a sign-out (a cookie or a token replaced).
  case switchUser(to: String?)
  case toggleLanguage
  case advance(Int)
  /// `GET r`, which the server answers from `a` (a redirect the transport followed).
  case redirect(Style)
  /// A GET held at the server while a write happens, then answered as it was read.
  case overlap(String, Style, Write)
  /// The same GET from a copy of the client with another transport, both in flight.
  case guest(String, Style)
  /// A GET answered 503, during whose retry wait another user signs in.
  case retried(String, Style, to: String?)
  /// A GET that asks something of the cache: a request directive, or `cacheOnly`.
  case asking(String, Style, ReferenceCache.Asked)
  /// A GET whose attempt the server answers `status` (a server error, `501`, a transient
  /// `408` or `429`): what a response kept answers in its place (`stale-if-error`), and what
  /// stays kept.
  case outage(String, Style, Int)
  /// A `HEAD`, which updates the GET kept for the same version and drops it for another
  /// (RFC 9111 §4.3.5).
  case head(String, Style)
  /// The path changes on the server without this client asking (another device's write).
  case elsewhere(String)
  /// The app launched again on the cache's directory: memory empty, the disk read back.
  case relaunch

  enum Write {
    case post(String)
    case invalidateAll
    case signOut(to: String?)
  }

  /// A step drawn from `random`; `relaunch` only for a cache with a directory (`disk`).
  static func draw(_ random: inout SeededRandom, disk: Bool) -> ModelStep {
    let paths = ["a", "b"]
    let users: [String?] = ["A", "B", nil]
    func path() -> String { paths[random.below(2)] }
    func style() -> Style { Style.allCases[random.below(Style.allCases.count)] }
    func user() -> String? { users[random.below(3)] }
    switch random.below(100) {
    case 0..<30: return .get(path(), style())
    case 30..<34: return .conditional(path())
    case 34..<40: return .post(path())
    case 40..<43: return .invalidateAll
    case 43..<48: return .signOut(to: user())
    case 48..<53: return .switchUser(to: user())
    case 53..<58: return .toggleLanguage
    case 58..<67: return .advance([0, 30, 120][random.below(3)])
    case 67..<71: return .redirect(style())
    case 71..<78:
      let writes: [Write] = [.post(path()), .invalidateAll, .signOut(to: user())]
      var overlapStyle = style()
      if overlapStyle == .lying304 { overlapStyle = .maxAge }
      return .overlap(path(), overlapStyle, writes[random.below(3)])
    case 78..<82: return .guest(path(), style())
    case 82..<85: return .retried(path(), style(), to: user())
    case 85..<88:
      // Not 503: the model's retry policy asks again after one.
      let statuses = [500, 501, 502, 504, 408, 429]
      let drawn = random.below(3)
      let outageStyle = drawn == 0 ? .staleIfError : drawn == 1 ? .staleWhileRevalidate : style()
      return .outage(path(), outageStyle, statuses[random.below(6)])
    case 88..<91:
      let asked = ReferenceCache.Asked.allCases
      return .asking(path(), style(), asked[random.below(asked.count)])
    case 91..<95: return .head(path(), style())
    case 95..<97: return .elsewhere(path())
    default: return disk ? .relaunch : .get(path(), .staleWhileRevalidate)
    }
  }
}

/// What a step showed: the bodies (or statuses) the app got, in order.
typealias Shown = [String]

/// The reference world: the server's state, the user, and what a private cache keeps.
struct ReferenceWorld {
  var mode: CredentialMode
  var user: String?
  var language = "fr"
  var now = 0
  var server = ServerState()
  var guestServer = ServerState()
  var cache = ReferenceCache()
  var sent = 0
  var guestSent = 0

  /// The user on the wire of a request of the main client (the guest's has no cookie).
  func wireUser(guest: Bool = false) -> String {
    if mode == .cookieJar, guest { return "nobody" }
    return user ?? "nobody"
  }

  func partition(guest: Bool = false) -> (keeps: Bool, name: String?) {
    if mode == .cookieJar, guest { return (true, nil) }
    return ReferenceCache.partition(mode, user)
  }

  /// A GET of `path` in `style` as the reference cache answers it; `held` runs between the
  /// server's reading and the answer's arrival (a write), which then keeps nothing.
  mutating func get(
    _ path: String, _ style: Style, guest: Bool = false,
    lookingUpIn snapshot: ReferenceCache? = nil, asked: ReferenceCache.Asked? = nil,
    held: ((inout Self) -> Bool)? = nil
  ) -> String {
    let place = partition(guest: guest)
    let key = ReferenceCache.Key(partition: place.name, path: path)
    let kept = place.keeps && path != "r" ? snapshot ?? cache : ReferenceCache()
    let found = kept.variant(key, language)
    if let asked {
      if let found, asked.accepts(found, at: now) { return found.body }
      if asked.offline { return "notCached" }
    } else if let found, ReferenceCache.isFresh(found, at: now) {
      return found.body
    } else if let found, ReferenceCache.answersWhileRevalidated(found, at: now) {
      // The stale body now; its revalidation runs behind (a write may come while the server
      // holds it), and ends before the next step.
      _ = send(path, style, found, [], place, guest: guest, held: held)
      return found.body
    }
    let others = found == nil ? kept.others(key, language) : []
    return send(path, style, found, others, place, guest: guest, held: held)
  }

  /// Whether a GET of `path` now would be answered stale while revalidated behind.
  func revalidatesBehind(_ path: String, guest: Bool = false) -> Bool {
    let place = partition(guest: guest)
    let key = ReferenceCache.Key(partition: place.name, path: path)
    guard place.keeps, path != "r", let found = cache.variant(key, language) else { return false }
    return !ReferenceCache.isFresh(found, at: now)
      && ReferenceCache.answersWhileRevalidated(found, at: now)
  }

  /// The GET of `path` sent, with the validator of `found`, or without one the tags of the
  /// `others` variants kept: the body shown, what is kept.
  private mutating func send(
    _ path: String, _ style: Style, _ found: ReferenceCache.Variant?,
    _ others: [ReferenceCache.Variant], _ place: (keeps: Bool, name: String?), guest: Bool,
    held: ((inout Self) -> Bool)?
  ) -> String {
    let key = ReferenceCache.Key(partition: place.name, path: path)
    let wire = wireUser(guest: guest)
    let tags = others.compactMap(\.etag)
    var answer = ask(
      path, style, found?.etag ?? (tags.isEmpty ? nil : tags.joined(separator: ", ")), wire,
      guest: guest)
    var fenced = false
    if let held { fenced = held(&self) }
    let keyPath = ReferenceCache.Key(partition: place.name, path: answer.path)
    if answer.status == 304, found == nil, !others.isEmpty {
      // The variant the 304 names answers, kept for this language too; none: asked again.
      guard let selected = others.first(where: { ReferenceCache.names(answer.etag, $0.etag) })
      else {
        answer = ask(path, style, nil, wire, guest: guest)
        return keep(answer, style, keyPath, place.keeps, fenced: false)
      }
      guard !fenced else { return selected.body }
      refresh(selected, etag: answer.etag, style, key, varies: true)
      return selected.body
    }
    if answer.status == 304, let found {
      guard ReferenceCache.names(answer.etag, found.etag) else {
        cache.remove(key, language)
        answer = ask(path, style, nil, wire, guest: guest)
        return keep(answer, style, keyPath, place.keeps, fenced: false)
      }
      guard !fenced else { return found.body }
      refresh(found, etag: answer.etag, style, key, varies: false)
      return found.body
    }
    return keep(answer, style, keyPath, place.keeps, fenced: fenced)
  }

  /// `found` updated by a `304` or a `HEAD` of `style` (its validator, its directives when
  /// it sends some, `Vary` when it `varies`) and kept again as received now; dropped when what
  /// it becomes may not be kept.
  private mutating func refresh(
    _ found: ReferenceCache.Variant, etag: String?, _ style: Style, _ key: ReferenceCache.Key,
    varies: Bool
  ) {
    var merged = found
    merged.etag = etag ?? found.etag
    if style.cacheControl != nil {
      merged.lifetime = style.lifetime
      merged.noCache = style.noCacheDirective
      merged.mustRevalidate = style == .mustRevalidate
      merged.staleIfError = style.staleIfError
      merged.staleWhileRevalidate = style.staleWhileRevalidate
    }
    if varies { merged.language = language }
    merged.receivedAt = now
    guard !style.noStore, merged.lifetime != nil || merged.etag != nil else {
      cache.remove(key, language)
      return
    }
    cache.keep(merged, key, language)
  }

  /// A `HEAD` of `path` answered in `style`: the GET kept for it is updated when the `HEAD`
  /// shows the same version (the same `ETag`, or neither has one), dropped when it shows
  /// another, and left when it says nothing of the version kept.
  mutating func head(_ path: String, _ style: Style) -> String {
    let place = partition()
    let key = ReferenceCache.Key(partition: place.name, path: path)
    sent += 1
    let answer = server.answer(
      .head, path, style, ifNoneMatch: nil, user: wireUser(), language: language,
      server: "server")
    guard place.keeps, let found = cache.variant(key, language) else { return "200" }
    switch (answer.etag, found.etag) {
    case (.some(let tag), _) where tag != found.etag: cache.remove(key, language)
    case (.some, _), (nil, nil):
      refresh(found, etag: answer.etag, style, key, varies: style.varies)
    case (nil, .some): break
    }
    return "200"
  }

  private mutating func ask(
    _ path: String, _ style: Style, _ etag: String?, _ user: String, guest: Bool
  ) -> ServerState.Answer {
    if guest {
      guestSent += 1
      return guestServer.answer(
        .get, path, style, ifNoneMatch: etag, user: user, language: language, server: "guest")
    }
    sent += 1
    return server.answer(
      .get, path, style, ifNoneMatch: etag, user: user, language: language, server: "server")
  }

  private mutating func keep(
    _ answer: ServerState.Answer, _ style: Style, _ key: ReferenceCache.Key, _ keeps: Bool,
    fenced: Bool
  ) -> String {
    if keeps, !fenced, answer.status == 200 {
      cache.store(style, body: answer.body, etag: answer.etag, key, language, at: now)
    }
    return answer.status == 200 ? answer.body : "\(answer.status)"
  }

  /// A GET whose attempt, if one is sent, the server answers `status`: a response kept within
  /// its `stale-if-error` answers a `500`, `502`, `503` or `504` in its place; whatever the
  /// status, what is kept stays.
  mutating func outage(_ path: String, _ style: Style, _ status: Int) -> String {
    let place = partition()
    let key = ReferenceCache.Key(partition: place.name, path: path)
    let found = place.keeps && path != "r" ? cache.variant(key, language) : nil
    if let found, ReferenceCache.isFresh(found, at: now) { return found.body }
    sent += 1
    // Stale while revalidated: the revalidation meets the failure, and what is kept stays.
    if let found, ReferenceCache.answersWhileRevalidated(found, at: now) { return found.body }
    if let found, [500, 502, 503, 504].contains(status), let window = found.staleIfError,
      let lifetime = found.lifetime, now - found.receivedAt - lifetime < window
    {
      return found.body
    }
    return "\(status)"
  }

  mutating func post(_ path: String) {
    sent += 1
    _ = server.answer(.post, path, .maxAge, ifNoneMatch: nil, user: "", language: "", server: "")
    cache.entries = cache.entries.filter { $0.key.path != path }
  }

  /// Applies `write`; whether the cache counts it as one (a sign-out drops a partition only
  /// with a provider that names one).
  @discardableResult
  mutating func apply(_ write: ModelStep.Write) -> Bool {
    switch write {
    case .post(let path):
      post(path)
      return true
    case .invalidateAll:
      cache.entries = [:]
      return true
    case .signOut(let next):
      // A partition dropped fences; so does the jar's cookie changing while a GET is in
      // flight (it may have gone with the new one).
      let fences = mode == .partitioned ? user != nil : mode == .cookieJar && next != user
      signOut(to: next)
      return fences
    }
  }

  mutating func signOut(to next: String?) {
    if mode == .partitioned, let user {
      cache.entries = cache.entries.filter { $0.key.partition != user }
    }
    user = next
  }
}

/// The same world through Catena: a client with an `HTTPCache` over the model's server.
final class CatenaWorld {
  let server = ModelServer(name: "server")
  let guestServer = ModelServer(name: "guest")
  let user: ModelUser
  let language = Box("fr")
  let clock = Box(Date(timeIntervalSince1970: 1_800_000_000))
  private(set) var cache: HTTPCache
  let mode: CredentialMode
  /// The cache's directory, and how much it keeps in memory (little: most reads are from
  /// disk), when it has one.
  let disk: (directory: URL, memoryLimit: Int)?
  private(set) var api: Client
  static let base = URL(string: "https://api.example.com/") ?? URL(fileURLWithPath: "/")

  init(
    mode: CredentialMode, user initial: String?, rulesOff: Set<CacheRule>,
    disk: (directory: URL, memoryLimit: Int)? = nil
  ) {
    self.mode = mode
    self.disk = disk
    user = ModelUser(initial)
    cache = Self.cache(disk, clock, rulesOff)
    api = Client(baseURL: Self.base, transport: server)
    api.cache = cache
    api.interceptors = [SettingHeader(header: "Accept-Language", value: language)]
    switch mode {
    case .interceptorToken: api.interceptors.append(user)
    case .cookieJar: server.cookie = initial
    case .partitioned: api.authentication = Authentication(user)
    }
    let (user, server) = (user, server)
    api.retry = RetryPolicy(
      maxAttempts: 2, jitter: false, statuses: [503],
      sleep: { _ in
        user.retryWait()
        if mode == .cookieJar { server.cookie = user.user }
      })
  }

  private static func cache(
    _ disk: (directory: URL, memoryLimit: Int)?, _ clock: Box<Date>, _ rulesOff: Set<CacheRule>
  ) -> HTTPCache {
    let cache =
      if let disk {
        HTTPCache(memoryLimit: disk.memoryLimit, directory: disk.directory, now: { clock.value })
      } else {
        HTTPCache(now: { clock.value })
      }
    cache.rulesOff = rulesOff
    return cache
  }

  /// The app launched again: what was asked written, the directory given up, and a new cache
  /// made on it, with nothing in memory.
  func relaunch() async {
    cache.closeDirectory()  // what was asked is still written, before the next cache reads
    cache = Self.cache(disk, clock, cache.rulesOff)
    api.cache = cache
  }

  /// Returns once the background revalidations have ended (kept what they were answered).
  func settle() async throws {
    let cache = cache
    try await turns("background revalidations to end", limit: 20_000) {
      cache.revalidationsRunning == 0
    }
  }

  /// Gives the directory up and deletes it.
  func close() async {
    guard let disk else { return }
    await cache.flush()
    cache.closeDirectory()
    try? FileManager.default.removeItem(at: disk.directory)
  }

  func signIn(_ next: String?) {
    user.user = next
    if mode == .cookieJar { server.cookie = next }
  }

  /// What the app is shown for a GET of `path` on `client`: the body, or the status.
  static func get(
    _ path: String, on client: Client, header: (String, String)? = nil,
    policy: CachePolicy = .standard
  ) async throws -> String {
    var request = Get(path).validate(statuses: 200..<600).cache(policy)
    if let header { request = request.header(header.0, header.1) }
    do {
      let response = try await request.value(on: client)
      return response.status == 200
        ? String(decoding: response.body, as: UTF8.self) : "\(response.status)"
    } catch {
      guard error.kind == .notCached else { throw error }
      return "notCached"
    }
  }

  func apply(_ write: ModelStep.Write) async throws {
    switch write {
    case .post(let path): _ = try await Post(path).validate(statuses: 200..<600).value(on: api)
    case .invalidateAll: cache.invalidate(urlPrefix: Self.base)
    case .signOut(let next):
      if mode == .partitioned, let current = user.user { cache.invalidate(partition: current) }
      signIn(next)
    }
  }
}

/// Where Catena and the reference disagreed.
struct Disagreement: Error, CustomStringConvertible {
  var seed: UInt64
  var step: Int
  var what: String
  /// Whether a body was shown for another user than the one it was sent for.
  var privacy: Bool
  /// The steps up to the one that disagreed, for the report.
  var steps: [String] = []
  var description: String {
    "seed \(seed), step \(step): \(what)\n  steps: \(steps.joined(separator: "; "))"
  }
}

/// Runs the sequence of `seed` on Catena (with `rulesOff`) and on the reference; the first
/// disagreement, if any.
func runModelSequence(seed: UInt64, rulesOff: Set<CacheRule> = []) async -> Disagreement? {
  var random = SeededRandom(seed: seed)
  let mode = CredentialMode.allCases[random.below(3)]
  let first: [String?] = ["A", "B", nil]
  let user = first[random.below(3)]
  var reference = ReferenceWorld(mode: mode, user: user)
  // One sequence in four keeps its responses in a directory, with room in memory for none
  // or a few (most reads are from disk), and may launch again on it.
  let disk =
    random.below(4) == 0
    ? (
      directory: FileManager.default.temporaryDirectory.appendingPathComponent(
        "catena-model-\(UUID().uuidString)", isDirectory: true),
      memoryLimit: [1, 400][random.below(2)]
    ) : nil
  let catena = CatenaWorld(mode: mode, user: user, rulesOff: rulesOff, disk: disk)
  let steps = (0..<(1 + random.below(20))).map { _ in
    ModelStep.draw(&random, disk: disk != nil)
  }
  let disagreement = await run(steps, seed: seed, mode: mode, user: user, &reference, catena)
  await catena.close()
  return disagreement
}

/// Runs `steps` on both worlds; the first disagreement, if any.
private func run(
  _ steps: [ModelStep], seed: UInt64, mode: CredentialMode, user: String?,
  _ reference: inout ReferenceWorld, _ catena: CatenaWorld
) async -> Disagreement? {
  for (index, step) in steps.enumerated() {
    func differ(_ expected: Shown, _ got: Shown) -> Disagreement? {
      guard
        expected != got || reference.sent != catena.server.sent
          || reference.guestSent != catena.guestServer.sent
      else { return nil }
      let privacy = zip(expected, got).contains { lhs, rhs in
        let (l, r) = (lhs.split(separator: " "), rhs.split(separator: " "))
        return l.count > 3 && r.count > 3 && (l[0] != r[0] || l[3] != r[3])
      }
      return Disagreement(
        seed: seed, step: index,
        what: "\(step) [\(mode)]: the reference showed \(expected) after \(reference.sent)+"
          + "\(reference.guestSent) sent, Catena \(got) after \(catena.server.sent)+"
          + "\(catena.guestServer.sent)", privacy: privacy,
        steps: ["\(mode), user \(user ?? "none")"] + steps.prefix(index + 1).map { "\($0)" })
    }
    do {
      let (expected, got) = try await perform(step, &reference, catena)
      try await catena.settle()
      if let disagreement = differ(expected, got) { return disagreement }
    } catch {
      catena.server.release()
      catena.guestServer.release()
      return Disagreement(
        seed: seed, step: index, what: "\(step) [\(mode)]: \(error)", privacy: false)
    }
  }
  return nil
}

/// Runs `step` on both worlds; what each showed.
private func perform(
  _ step: ModelStep, _ reference: inout ReferenceWorld, _ catena: CatenaWorld
) async throws -> (Shown, Shown) {
  let api = catena.api
  switch step {
  case .get(let path, let style):
    catena.server.style = style
    let expected = reference.get(path, style)
    return ([expected], [try await CatenaWorld.get(path, on: api)])
  case .head(let path, let style):
    catena.server.style = style
    let expected = reference.head(path, style)
    let response = try await Head(path).validate(statuses: 200..<600).value(on: api)
    return ([expected], ["\(response.status)"])
  case .elsewhere(let path):
    reference.server.versions[path, default: 1] += 1
    catena.server.change(path)
  case .relaunch:
    await catena.relaunch()
  case .asking(let path, let style, let asked):
    catena.server.style = style
    let expected = reference.get(path, style, asked: asked)
    let got = try await CatenaWorld.get(
      path, on: api, header: asked.header, policy: asked == .cacheOnly ? .cacheOnly : .standard)
    return ([expected], [got])
  case .redirect(let style):
    catena.server.style = style
    let expected = reference.get("r", style)
    return ([expected], [try await CatenaWorld.get("r", on: api)])
  case .conditional(let path):
    let etag = Style.privateMaxAge.etag(path, reference.server.versions[path, default: 1]) ?? ""
    catena.server.style = .privateMaxAge
    reference.sent += 1
    let answer = reference.server.answer(
      .get, path, .privateMaxAge, ifNoneMatch: etag, user: reference.wireUser(),
      language: reference.language, server: "server")
    let expected = answer.status == 200 ? answer.body : "\(answer.status)"
    let got = try await CatenaWorld.get(path, on: api, header: ("If-None-Match", etag))
    return ([expected], [got])
  case .post(let path):
    reference.post(path)
    try await catena.apply(.post(path))
  case .invalidateAll:
    reference.apply(.invalidateAll)
    try await catena.apply(.invalidateAll)
  case .signOut(let next):
    reference.signOut(to: next)
    try await catena.apply(.signOut(to: next))
  case .switchUser(let next):
    reference.user = next
    catena.signIn(next)
  case .toggleLanguage:
    reference.language = reference.language == "fr" ? "de" : "fr"
    catena.language.value = reference.language
  case .advance(let seconds):
    reference.now += seconds
    catena.clock.value += TimeInterval(seconds)
  case .overlap(let path, let style, let write):
    catena.server.style = style
    var applied = false
    let expected = reference.get(path, style) { world in
      applied = true
      return world.apply(write)
    }
    if applied { catena.server.hold() }
    let asked = Task { try await CatenaWorld.get(path, on: api) }
    if applied {
      try await turns("the GET to be held", limit: 20_000) { catena.server.heldCount == 1 }
    } else {
      reference.apply(write)
      _ = try await asked.value
    }
    try await catena.apply(write)
    catena.server.release()
    return ([expected], [try await asked.value])
  case .guest(let path, let style)
  where reference.revalidatesBehind(path) || reference.revalidatesBehind(path, guest: true):
    // One revalidation per response kept: the two clients of one cache would share it.
    catena.server.style = style
    let expected = reference.get(path, style)
    return ([expected], [try await CatenaWorld.get(path, on: api)])
  case .guest(let path, let style):
    catena.server.style = style
    catena.guestServer.style = style
    let snapshot = reference.cache
    let (sent, guestSent) = (reference.sent, reference.guestSent)
    let expected = reference.get(path, style)
    let expectedGuest = reference.get(path, style, guest: true, lookingUpIn: snapshot)
    let guestClient = {
      var guest = api
      guest.transport = catena.guestServer
      return guest
    }()
    let (holds, guestHolds) = (reference.sent > sent, reference.guestSent > guestSent)
    if holds { catena.server.hold() }
    if guestHolds { catena.guestServer.hold() }
    // Sent in the reference's order: of two responses, the one sent later is kept.
    let main = Task { try await CatenaWorld.get(path, on: api) }
    try await turns("the main request to be held", limit: 20_000) {
      catena.server.heldCount == (holds ? 1 : 0)
    }
    let guest = Task { try await CatenaWorld.get(path, on: guestClient) }
    try await turns("both to be held", limit: 20_000) {
      catena.server.heldCount == (holds ? 1 : 0)
        && catena.guestServer.heldCount == (guestHolds ? 1 : 0)
    }
    catena.server.release()
    let shown = try await main.value
    catena.guestServer.release()
    return ([expected, expectedGuest], [shown, try await guest.value])
  case .outage(let path, let style, let status):
    catena.server.style = style
    let expected = reference.outage(path, style, status)
    catena.server.failNext(status)
    defer { catena.server.recover() }
    let got = try await CatenaWorld.get(path, on: api)
    try await catena.settle()  // a revalidation behind meets the failure
    return ([expected], [got])
  case .retried(let path, let style, _) where reference.revalidatesBehind(path):
    // Answered stale at once: no attempt of the app's to retry.
    catena.server.style = style
    let expected = reference.get(path, style)
    return ([expected], [try await CatenaWorld.get(path, on: api)])
  case .retried(let path, let style, let next):
    catena.server.style = style
    var probe = reference
    let before = probe.sent
    _ = probe.get(path, style)
    guard probe.sent > before else {  // a fresh hit: no attempt, no retry
      let expected = reference.get(path, style)
      return ([expected], [try await CatenaWorld.get(path, on: api)])
    }
    reference.server.failing = 503
    reference.sent += 1
    _ = reference.server.answer(
      .get, path, style, ifNoneMatch: nil, user: "", language: "", server: "server")
    reference.user = next
    let expected = reference.get(path, style)
    catena.server.failNext()
    catena.user.switchOnRetry(to: next)
    return ([expected], [try await CatenaWorld.get(path, on: api)])
  }
  return ([], [])
}

@Suite("The cache against a reference model, over seeded sequences")
struct CacheModelTests {
  /// 10,000 sequences in four shards: none disagrees with the reference.
  @Test(arguments: 0..<4)
  func catenaAgreesWithTheReference(shard: Int) async {
    var steps = 0
    for seed in UInt64(shard * 2_500)..<UInt64((shard + 1) * 2_500) {
      if let disagreement = await runModelSequence(seed: seed) {
        Issue.record("\(disagreement)\(disagreement.privacy ? " (another user's body)" : "")")
        return
      }
      steps += 1
    }
    #expect(steps == 2_500)
  }

  /// Each rule switched off alone: some sequence disagrees (the first seed is printed).
  @Test(arguments: CacheRule.allCases)
  func eachRuleSwitchedOffIsFound(rule: CacheRule) async {
    for seed in UInt64(0)..<3_000 {
      if let disagreement = await runModelSequence(seed: seed, rulesOff: [rule]) {
        print(
          "without \(rule): \(disagreement)\(disagreement.privacy ? " (another user's body)" : "")")
        return
      }
    }
    Issue.record("no sequence of 3,000 finds \(rule) switched off")
  }
}
