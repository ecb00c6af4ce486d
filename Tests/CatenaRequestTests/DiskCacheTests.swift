import CatenaRequest
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP cache with a directory: each test has a directory of its own, and makes a second
/// cache on it to stand for the app launched again (the first gives the directory up, as its
/// process would by ending).
@Suite("HTTPCache on disk")
struct DiskCacheTests {
  let clock = TestClock()
  let events = EventLog()
  let launches = Launches()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-disk-\(UUID().uuidString)", isDirectory: true)

  /// A client whose cache keeps `memory` bytes in memory and `disk` bytes in the folder,
  /// responses of at most `entry` bytes (`memory` by default).
  func client(
    _ transport: ScriptedTransport, memory: Int = 1 << 20, disk: Int = 1 << 20,
    entry: Int? = nil, folder: URL? = nil
  ) -> Client {
    var client = Client(baseURL: URL(string: "https://api.example.com/"), transport: transport)
    let clock = clock
    launches.last?.closeDirectory()
    let cache = HTTPCache(
      memoryLimit: memory, entryLimit: entry ?? memory, directory: folder ?? self.folder,
      diskLimit: disk,
      now: { clock.now })
    launches.last = cache
    client.cache = cache
    client.monitors = [events]
    return client
  }

  /// A server answering `v<number>` for each request, with `headers`.
  func server(_ headers: HTTPHeaders = ["Cache-Control": "max-age=600"]) -> ScriptedTransport {
    ScriptedTransport { request, number in
      HTTPResponse(
        status: 200, headers: headers, body: Data("\(request.url.path) v\(number)".utf8))
    }
  }

  func get(_ path: String, _ client: Client, _ policy: CachePolicy = .standard) async throws
    -> String
  {
    try await Get(path).cache(policy).value(on: client).text
  }

  /// The entry files in the folder, once the last cache has written what it was asked to.
  func files() async -> [URL] {
    await launches.last?.flush()
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".entry") }.sorted()
      .map { folder.appendingPathComponent($0) }
  }

  @Test func aResponseKeptOnDiskAnswersAfterALaunch() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server(["Cache-Control": "max-age=600", "X-Kind": "feed"])
    #expect(try await get("feed", client(transport)) == "/feed v1")
    let relaunched = client(transport)
    let response = try await Get("feed").value(on: relaunched)
    #expect(response.text == "/feed v1" && response.headers["X-Kind"] == "feed")
    #expect(transport.count == 1 && events.count(.cacheHit) == 1)
    #expect((await files()).count == 1 && relaunched.cache?.diskByteCount ?? 0 > 0)
  }

  @Test func freshnessCountsTheTimeBeforeTheLaunchAndA304MovesNoBody() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = ScriptedTransport { request, number in
      if request.headers["If-None-Match"] == "\"v1\"" {
        return HTTPResponse(status: 304, headers: ["Cache-Control": "max-age=60"])
      }
      return HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""],
        body: Data("body \(number)".utf8))
    }
    #expect(try await get("doc", client(transport)) == "body 1")
    clock.advance(61)
    let relaunched = client(transport)
    #expect(try await get("doc", relaunched) == "body 1", "revalidated, the kept body")
    #expect(transport.count == 2 && events.count(.revalidated) == 1)
    #expect(try await get("doc", client(transport)) == "body 1", "fresh again after the 304")
    #expect(transport.count == 2)
  }

  @Test func aTornOrDamagedEntryIsNeverServedAndIsDeleted() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server()
    let api = client(transport)
    #expect(try await get("a", api) == "/a v1")
    #expect(try await get("b", api) == "/b v2")
    #expect(try await get("c", api) == "/c v3")
    let kept = await files()
    try #require(kept.count == 3)
    let byName = Dictionary(
      uniqueKeysWithValues: try kept.map {
        (String(decoding: try Data(contentsOf: $0), as: UTF8.self), $0)
      })
    func file(holding text: String) throws -> URL {
      try #require(byName.first { $0.key.contains(text) }?.value)
    }
    // a: cut short, as a write stopped half way would leave it; b: one byte of its body
    // flipped; c: untouched.
    let torn = try Data(contentsOf: try file(holding: "/a v1"))
    try torn.prefix(torn.count - 3).write(to: try file(holding: "/a v1"))
    var flipped = try Data(contentsOf: try file(holding: "/b v2"))
    flipped[flipped.count - 2] ^= 0x20
    try flipped.write(to: try file(holding: "/b v2"))
    let relaunched = client(transport)
    #expect(try await get("c", relaunched) == "/c v3")
    #expect(try await get("a", relaunched) == "/a v4", "torn: not served, sent again")
    #expect(try await get("b", relaunched) == "/b v5", "damaged: not served, sent again")
    #expect(transport.count == 5)
    #expect((await files()).count == 3, "the two bad files were replaced by the new answers")
    #expect(try await get("b", client(transport)) == "/b v5")
  }

  @Test func leftoversOfAStoppedWriteAndForeignFilesAreCleared() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A write stopped eleven minutes ago, and one another writer may be in the middle of.
    let old = folder.appendingPathComponent("x.123.tmp")
    try Data("half an entry".utf8).write(to: old)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-660)], ofItemAtPath: old.path)
    try Data("half of another".utf8).write(to: folder.appendingPathComponent("z.456.tmp"))
    try Data("not an entry at all".utf8).write(to: folder.appendingPathComponent("y.entry"))
    let transport = server()
    #expect(try await get("a", client(transport)) == "/a v1")
    _ = await files()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count == 3, "\(names)")
    #expect(names.filter { $0.hasSuffix(".entry") }.count == 1 && !names.contains("y.entry"))
    #expect(names.contains("z.456.tmp"), "a temporary file younger than ten minutes stays")
    #expect(names.contains("catena-cache.lock") && !names.contains("x.123.tmp"))
  }

  @Test func theDiskKeepsToItsBoundTheLeastRecentlyUsedGoingFirst() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let body = String(repeating: "x", count: 1_000)
    let transport = ScriptedTransport { request, _ in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"],
        body: Data((request.url.lastPathComponent + body).utf8))
    }
    // Memory holds one response; the disk about four.
    let api = client(transport, memory: 1_200, disk: 4_800)
    for index in 0..<4 { _ = try await get("item/\(index)", api) }
    _ = try await get("item/0", api)  // from disk: now the most recently used
    for index in 4..<8 { _ = try await get("item/\(index)", api) }
    let total = (await files()).reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) }
    #expect(total <= 4_800 && api.cache?.diskByteCount == total)
    let sent = transport.count
    #expect(try await get("item/7", api, .cacheOnly).hasPrefix("7"))
    await #expect(throws: RequestError.self) { try await get("item/1", api, .cacheOnly) }
    #expect(transport.count == sent)
    let relaunched = client(transport, memory: 1_200, disk: 4_800)
    #expect(try await get("item/6", relaunched, .cacheOnly).hasPrefix("6"))
    await #expect(throws: RequestError.self) { try await get("item/2", relaunched, .cacheOnly) }
  }

  @Test func aResponseLargerThanTheMemoryIsKeptOnDiskOnly() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let large = String(repeating: "y", count: 5_000)
    let transport = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600"], body: Data("\(number)\(large)".utf8)
      )
    }
    let api = client(transport, memory: 1_000, disk: 100_000, entry: 50_000)
    #expect(try await get("big", api).hasPrefix("1"))
    #expect(try await get("big", api).hasPrefix("1"), "from disk")
    let kept = await files()
    #expect(transport.count == 1 && api.cache?.byteCount == 0 && kept.count == 1)
  }

  @Test func invalidationsReachTheDisk() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = ScriptedTransport { request, number in
      HTTPResponse(
        status: request.method == .post ? 201 : 200,
        headers: ["Cache-Control": "max-age=600"], body: Data("v\(number)".utf8))
    }
    let api = client(transport)
    _ = try await Get("feed/1").cacheTag("feed").value(on: api)
    _ = try await Get("feed/2").value(on: api)
    _ = try await Get("user/7").value(on: api)
    _ = try await Get("note/3").value(on: api)
    api.cache?.invalidate(tag: "feed")
    api.cache?.invalidate(urlPrefix: URL(string: "https://api.example.com/user")!)
    _ = try await Post("note/3").value(on: api)
    #expect((await files()).count == 1, "only feed/2 is left")
    let relaunched = client(transport)
    #expect(try await get("feed/2", relaunched, .cacheOnly) == "v2")
    for path in ["feed/1", "user/7", "note/3"] {
      await #expect(throws: RequestError.self) { try await get(path, relaunched, .cacheOnly) }
    }
    relaunched.cache?.removeAll()
    #expect((await files()).isEmpty && relaunched.cache?.diskByteCount == 0)
  }

  @Test func aResponseThatMayNotBeKeptReplacesTheOneOnDisk() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = ScriptedTransport { _, number in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": number == 1 ? "max-age=10" : "no-store"],
        body: Data("v\(number)".utf8))
    }
    _ = try await get("feed", client(transport))
    clock.advance(11)
    #expect(try await get("feed", client(transport)) == "v2")
    #expect((await files()).isEmpty)
    #expect(try await get("feed", client(transport)) == "v3")
  }

  @Test func aCredentialAResponseVariesOnIsNeverWrittenToDisk() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = ScriptedTransport { request, _ in
      HTTPResponse(
        status: 200,
        headers: ["Cache-Control": "private, max-age=600", "Vary": "Authorization, Cookie"],
        body: Data("inbox".utf8))
    }
    let account = Account()
    var api = client(transport)
    api.authentication = Authentication(account)
    api.interceptors = [SettingHeader(header: "Cookie", value: Box("sid=secret-session"))]
    _ = try await Get("inbox").value(on: api)
    let written = try (await files()).map { try Data(contentsOf: $0) }
    #expect(written.count == 1)
    for bytes in written {
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(!text.contains("Bearer A") && !text.contains("secret-session"))
    }
    var relaunched = client(transport)
    relaunched.authentication = api.authentication
    relaunched.interceptors = api.interceptors
    #expect(try await Get("inbox").cache(.cacheOnly).value(on: relaunched).text == "inbox")
    await account.signIn("A2")  // another token, in another partition: not A's
    await #expect(throws: RequestError.self) {
      try await Get("inbox").cache(.cacheOnly).value(on: relaunched)
    }
  }

  @Test func aCredentialInTheURLIsKeptInMemoryOnly() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = server(["Cache-Control": "private, max-age=600"])
    var api = client(transport)
    api.authentication = Authentication(Account())
    let inbox = Get("inbox").query("access_token", "secret-token")
    _ = try await inbox.value(on: api)
    _ = try await inbox.value(on: api)
    #expect(transport.count == 1, "kept, in memory")
    #expect((await files()).isEmpty, "no file holds the token")
  }

  @Test func variantsByVaryAreKeptOnDisk() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = ScriptedTransport { request, _ in
      HTTPResponse(
        status: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"],
        body: Data((request.headers["Accept-Language"] ?? "none").utf8))
    }
    let api = client(transport)
    _ = try await Get("greeting").header("Accept-Language", "fr").value(on: api)
    _ = try await Get("greeting").header("Accept-Language", "de").value(on: api)
    let relaunched = client(transport)
    for language in ["de", "fr"] {
      let text = try await Get("greeting").header("Accept-Language", language)
        .cache(.cacheOnly).value(on: relaunched).text
      #expect(text == language)
    }
    #expect(transport.count == 2)
  }

  @Test func anUnwritableDirectoryIsSaidOnceAndRequestsGoOnInMemory() async throws {
    // A file where the directory should be: it cannot be made, whoever runs the test.
    let blocker = folder.appendingPathExtension("file")
    try Data("a file".utf8).write(to: blocker)
    defer { try? FileManager.default.removeItem(at: blocker) }
    let transport = server()
    let api = client(transport, folder: blocker.appendingPathComponent("cache"))
    #expect(try await get("a", api) == "/a v1")
    #expect(try await get("b", api) == "/b v2")
    #expect(try await get("a", api) == "/a v1", "kept in memory")
    let failure = try #require(api.cache?.diskFailure)
    #expect(failure.operation == "create the directory")
    #expect(
      failure.description.contains(blocker.path) && failure.description.contains("memory only"))
    #expect(events.count(.cacheDiskFailed(failure)) == 1)
  }
}

/// The caches a test made, the last of which owns the directory.
final class Launches: @unchecked Sendable {
  var last: HTTPCache?
}
