// Times Catena's request chain against hand-written code doing the same work, in one run:
//
//   swift run -c release --package-path Benchmarks RequestRatios
//
// 1. The full chain (build, send through an in-memory transport, decode at a key path, filter,
//    map) against `JSONDecoder` + `filter` + `map` on the same 1,000-item payload.
// 1b. `JSONValue(parsing:)` against `JSONDecoder` decoding `JSONValue`, on the same payload.
// 2. 2,000 sequential GETs (40 rounds of 50) over loopback through the chain (`URLSessionTransport`) against the
//    same GETs with plain `URLSession`, against an in-process Hummingbird server.
// 3. The chain answered from an `HTTPCache` in memory against `JSONDecoder` alone on the body.
// 3b. The same, answered from the cache's directory on disk.
// 4. 100 identical GETs started at once over loopback: how many reach the server; and what a
//    304 revalidation moves.
// 5. An instant list end to end (`InstantListRatio.swift`).
import Catena
import CatenaTesting
import Foundation
import Hummingbird
import NIOCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Item: Decodable, Sendable {
  var id: Int
  var title: String
  var price: Double
  var tags: [String]
}

struct Payload: Decodable {
  struct Inner: Decodable { var items: [Item] }
  var data: Inner
}

let payload: Data = {
  let items = (0..<1_000).map {
    #"{"id": \#($0), "title": "House \#($0)", "price": \#(Double($0) * 1.5), "tags": ["a", "b"]}"#
  }
  return Data(#"{"code": "200", "data": {"items": [\#(items.joined(separator: ","))]}}"#.utf8)
}()

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Median of `rounds` timings of `body`, alternating with the other side by the caller.
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Times `ours` and `baseline` 41 times each, off the main actor, alternating which goes first.
func timeAlternately(
  _ ours: @escaping @Sendable () async -> Void, against baseline: @escaping @Sendable () -> Void
) async -> (ours: [Double], baseline: [Double]) {
  await Task.detached {
    var oursTimes: [Double] = []
    var baselineTimes: [Double] = []
    for round in 0..<41 {
      if round % 2 == 0 {
        baselineTimes.append(seconds(ContinuousClock().measure(baseline)))
        oursTimes.append(seconds(await ContinuousClock().measure(ours)))
      } else {
        oursTimes.append(seconds(await ContinuousClock().measure(ours)))
        baselineTimes.append(seconds(ContinuousClock().measure(baseline)))
      }
    }
    return (oursTimes, baselineTimes)
  }.value
}

// 1. The chain over an in-memory transport.
let fixtures = FixtureTransport().route(.get, "items", body: payload)
let memory = Client(baseURL: URL(string: "https://api.example.com/"), transport: fixtures)
let chain = Get("items").decode([Item].self, at: "data.items")
  .filter { $0.price > 300 }
  .map { "\($0.title): \($0.price)" }
// Both sides run in one task off the main thread, so they share an executor and a malloc
// arena (the main thread's arena behaves differently from the pool threads').
// The fixtures record each request: cleared after each chain run, so the record stays small.
let (chainTimes, handTimes) = await timeAlternately(
  {
    blackHole(try? await chain.value(on: memory))
    fixtures.clearRequests()
  },
  against: {
    let items = (try? JSONDecoder().decode(Payload.self, from: payload).data.items) ?? []
    blackHole(items.filter { $0.price > 300 }.map { "\($0.title): \($0.price)" })
  })
print(
  String(
    format: "chain over memory: %.3f ms vs JSONDecoder+filter+map %.3f ms = %.3f× (target ≤ 1.15×)",
    median(chainTimes) * 1000, median(handTimes) * 1000, median(chainTimes) / median(handTimes)))

// 3. A memory hit: the same chain, answered by a client's cache, against decoding alone.
let cachedFixtures = FixtureTransport().route(
  .get, "items", body: payload, headers: ["Cache-Control": "max-age=3600"])
let hitClient = Client(
  baseURL: URL(string: "https://api.example.com/"), transport: cachedFixtures, cache: HTTPCache())
let decodeItems = Get("items").decode([Item].self, at: "data.items")
_ = try await decodeItems.value(on: hitClient)
let decodeAlone: @Sendable () -> Void = {
  blackHole(try? JSONDecoder().decode(Payload.self, from: payload).data.items)
}
let (hitTimes, decodeTimes) = await timeAlternately(
  { blackHole(try? await decodeItems.value(on: hitClient)) }, against: decodeAlone)
print(
  String(
    format:
      "memory cache hit + decode: %.3f ms vs JSONDecoder alone %.3f ms = %.3f× (target ≤ 1.1×); %d sent",
    median(hitTimes) * 1000, median(decodeTimes) * 1000, median(hitTimes) / median(decodeTimes),
    cachedFixtures.requests.count))

// 3b. A disk hit: the same chain, answered from the cache's directory (the memory keeps nothing,
// so each request reads, checks and decodes the file), against decoding alone.
let diskFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("catena-bench-\(UUID().uuidString)", isDirectory: true)
defer { try? FileManager.default.removeItem(at: diskFolder) }
let diskFixtures = FixtureTransport().route(
  .get, "items", body: payload, headers: ["Cache-Control": "max-age=3600"])
let diskCache = HTTPCache(
  memoryLimit: 1_024, entryLimit: 8 << 20, directory: diskFolder, diskLimit: 64 << 20)
let diskHitClient = Client(
  baseURL: URL(string: "https://api.example.com/"), transport: diskFixtures, cache: diskCache)
_ = try await decodeItems.value(on: diskHitClient)
let (diskTimes, diskDecodeTimes) = await timeAlternately(
  { blackHole(try? await decodeItems.value(on: diskHitClient)) }, against: decodeAlone)
print(
  String(
    format:
      "disk cache hit + decode: %.3f ms vs JSONDecoder alone %.3f ms = %.3f× (target ≤ 1.5×); %d sent, %d bytes on disk, %d in memory",
    median(diskTimes) * 1000, median(diskDecodeTimes) * 1000,
    median(diskTimes) / median(diskDecodeTimes), diskFixtures.requests.count,
    diskCache.diskByteCount, diskCache.byteCount))

// 5. An instant list, end to end.
try await instantListRatio()

// 1b. `JSONValue(parsing:)` (what `.json()` and `.list(at:)` use) against `JSONDecoder` decoding
// the same `JSONValue` through `Decodable`.
let (parserTimes, decoderTimes) = await Task.detached {
  var parserTimes: [Double] = []
  var decoderTimes: [Double] = []
  for _ in 0..<41 {
    parserTimes.append(
      seconds(ContinuousClock().measure { blackHole(try? JSONValue(parsing: payload)) }))
    decoderTimes.append(
      seconds(
        ContinuousClock().measure {
          blackHole(try? JSONDecoder().decode(JSONValue.self, from: payload))
        }))
  }
  return (parserTimes, decoderTimes)
}.value
print(
  String(
    format: "JSONValue(parsing:): %.3f ms vs JSONDecoder → JSONValue %.3f ms = %.3f×",
    median(parserTimes) * 1000, median(decoderTimes) * 1000,
    median(parserTimes) / median(decoderTimes)))

// 2. Loopback GETs.
let router = Router()
router.get("ping") { _, _ -> Response in
  var headers = HTTPFields()
  headers[.contentType] = "application/json"
  return Response(
    status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"ok": true}"#)))
}
/// Requests and body bytes the server sent, per route.
actor Tally {
  var requests: [String: Int] = [:]
  var bodyBytes: [String: Int] = [:]
  func add(_ route: String, bytes: Int) {
    requests[route, default: 0] += 1
    bodyBytes[route, default: 0] += bytes
  }
}
let tally = Tally()
router.get("feed") { _, _ -> Response in
  try await Task.sleep(for: .milliseconds(200))  // long enough for all 100 askers to join
  await tally.add("feed", bytes: 12)
  return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: #"{"ok": true}"#)))
}
let document = String(repeating: "x", count: 100_000)
router.get("document") { request, _ -> Response in
  var headers = HTTPFields()
  headers[.eTag] = "\"v1\""
  headers[.cacheControl] = "no-cache"
  if request.headers[.ifNoneMatch] == "\"v1\"" {
    await tally.add("document", bytes: 0)
    return Response(status: .notModified, headers: headers)
  }
  await tally.add("document", bytes: document.utf8.count)
  return Response(
    status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
}
let (ports, portContinuation) = AsyncStream<Int>.makeStream()
let app = Application(
  router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
  onServerRunning: { channel in
    portContinuation.yield(channel.localAddress?.port ?? 0)
    portContinuation.finish()
  })
let server = Task { try await app.runService() }
var port = 0
for await value in ports { port = value }
let base = URL(string: "http://127.0.0.1:\(port)/")
let api = Client(baseURL: base, transport: URLSessionTransport())
let session = URLSession(configuration: .ephemeral)
let url = URL(string: "http://127.0.0.1:\(port)/ping")
// As above, both sides in one task off the main thread.
let (chainRounds, plainRounds) = await Task.detached {
  var chainRounds: [Double] = []
  var plainRounds: [Double] = []
  // Many short rounds, alternating which side goes first, so that drift of this shared machine
  // falls on both sides alike; the median of the per-round ratios is the figure to read.
  let perRound = 50
  for round in 0..<40 {
    let viaChain = {
      for _ in 0..<perRound { blackHole(try? await Get("ping").json().value(on: api)) }
    }
    let plain = {
      for _ in 0..<perRound {
        guard let url else { return }
        let result = try? await session.data(for: URLRequest(url: url))
        blackHole(result.map { try? JSONDecoder().decode(JSONValue.self, from: $0.0) })
      }
    }
    if round % 2 == 0 {
      plainRounds.append(seconds(await ContinuousClock().measure(plain)))
      chainRounds.append(seconds(await ContinuousClock().measure(viaChain)))
    } else {
      chainRounds.append(seconds(await ContinuousClock().measure(viaChain)))
      plainRounds.append(seconds(await ContinuousClock().measure(plain)))
    }
  }
  return (chainRounds, plainRounds)
}.value
let chainTotal = chainRounds.reduce(0, +)
let plainTotal = plainRounds.reduce(0, +)
print(
  String(
    format:
      "2,000 loopback GETs: chain %.1f ms vs URLSession %.1f ms = %.3f× (median of 40 rounds %.3f×; target ≤ 1.05×)",
    chainTotal * 1000, plainTotal * 1000, chainTotal / plainTotal,
    median(zip(chainRounds, plainRounds).map { $0 / $1 })))
// 4. One transfer for many askers, and a revalidation that moves no body.
let sharingClient = Client(baseURL: base, transport: URLSessionTransport(), cache: HTTPCache())
let answers = await withTaskGroup(of: Bool.self) { group in
  for _ in 0..<100 {
    group.addTask { (try? await Get("feed").json().value(on: sharingClient)) != nil }
  }
  var answered = 0
  for await ok in group where ok { answered += 1 }
  return answered
}
let transfers = await tally.requests["feed"] ?? 0
print("100 identical GETs at once: \(answers) answered, \(transfers) transfer(s) (target 1)")
for _ in 0..<3 { _ = try? await Get("document").value(on: sharingClient) }
let documentRequests = await tally.requests["document"] ?? 0
let documentBytes = await tally.bodyBytes["document"] ?? 0
print(
  "3 GETs of a 100,000-byte document that must be revalidated: \(documentRequests) requests, "
    + "\(documentBytes) body bytes sent (the 304s move none)")
server.cancel()
