import CatenaRequest
import Foundation
import Ratios

/// A house of the payload a memory hit decodes.
struct House: Decodable, Sendable {
  var id: Int
  var title: String
  var price: Double
  var tags: [String]
}

/// The payload's shape, for the baseline's `JSONDecoder`.
struct Houses: Decodable {
  struct Inner: Decodable { var items: [House] }
  var data: Inner
}

/// 1,000 houses in an envelope, fresh for an hour.
let housesPayload: Data = {
  let items = (0..<1_000).map {
    #"{"id": \#($0), "title": "House \#($0)", "price": \#(Double($0) * 1.5), "tags": ["a", "b"]}"#
  }
  return Data(#"{"code": "200", "data": {"items": [\#(items.joined(separator: ","))]}}"#.utf8)
}()

/// Answers every request with the payload from memory, fresh for an hour; counts them.
final class MemoryServer: Transport, @unchecked Sendable {
  // NB: `lock` guards `count`.
  private let lock = NSLock()
  private var count = 0
  var sent: Int { lock.withLock { count } }

  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    lock.withLock { count += 1 }
    return HTTPResponse(
      status: 200, headers: ["Cache-Control": "max-age=3600"], body: housesPayload,
      url: request.url)
  }
}

/// A request answered from a client's `HTTPCache` in memory, decoded at a key path, against
/// `JSONDecoder` alone on the same body: the whole pipeline of a fresh hit (the credential
/// step, the transport's cookies, the lookup on the request as sent) must cost next to
/// nothing. Median of 5 alternating runs of 20 each.
func memoryHitCheck() async -> Check {
  let server = MemoryServer()
  let api = Client(
    baseURL: URL(string: "https://api.example.com/"), transport: server, cache: HTTPCache())
  let request = Get("items").decode([House].self, at: "data.items")
  guard (try? await request.value(on: api))?.count == 1_000 else {
    fatalError("the memory hit does not decode the payload")
  }
  let ratio = await hitRatio(of: request, on: api) {
    blackHole(try? JSONDecoder().decode(Houses.self, from: housesPayload))
  }
  guard server.sent == 1 else { fatalError("the hits reached the transport: \(server.sent)") }
  return Check(claimed: "request: memory cache hit / JSONDecoder", ratio: ratio)
}

/// The request chain (send through an in-memory transport, decode at a key path, filter, map)
/// against `JSONDecoder` + `filter` + `map` on the same body. Median of 5 alternating runs.
func chainOverMemoryCheck() async -> Check {
  let server = MemoryServer()
  let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: server)
  let chain = Get("items").decode([House].self, at: "data.items")
    .filter { $0.price > 300 }
    .map { "\($0.title): \($0.price)" }
  guard (try? await chain.value(on: api))?.count == 799 else {
    fatalError("the chain does not shape the payload")
  }
  let ratio = await hitRatio(of: chain, on: api) {
    let houses = (try? JSONDecoder().decode(Houses.self, from: housesPayload).data.items) ?? []
    blackHole(houses.filter { $0.price > 300 }.map { "\($0.title): \($0.price)" })
  }
  return Check(claimed: "request: chain over memory / JSONDecoder+filter+map", ratio: ratio)
}

/// `JSONValue(parsing:)`, the parser behind `.json()` and `.list(at:)`, against `JSONDecoder`
/// decoding the same `JSONValue`. Median of 7 alternating rounds of 5 runs of 20 each.
func jsonParsingCheck() async -> Check {
  guard let parsed = try? JSONValue(parsing: housesPayload),
    (try? JSONDecoder().decode(JSONValue.self, from: housesPayload)) != nil,
    case .array(let houses) = parsed["data"]["items"], houses.count == 1_000
  else { fatalError("the parsers do not read the payload") }
  // Off the main thread, as `RequestRatios` times it: the main thread's malloc arena makes
  // the many small allocations of `JSONDecoder` slower than on the pool's threads.
  let ratio = await Task.detached {
    alternatingRatio(
      rounds: 7, runs: 5,
      { for _ in 0..<20 { blackHole(try? JSONValue(parsing: housesPayload)) } },
      against: {
        for _ in 0..<20 {
          blackHole(try? JSONDecoder().decode(JSONValue.self, from: housesPayload))
        }
      }
    ).ratio
  }.value
  return Check(claimed: "request: JSONValue(parsing:) / JSONDecoder", ratio: ratio)
}

/// The median of 5 alternating runs of 20 `request`s on `api` against 20 `baseline`s.
func hitRatio<R: RequestConvertible>(
  of request: R, on api: Client, against baseline: () -> Void
) async -> Double {
  let clock = ContinuousClock()
  var ratios: [Double] = []
  for round in 0..<5 {
    func base() -> Double { seconds(clock.measure { for _ in 0..<20 { baseline() } }) }
    func hits() async -> Double {
      let start = clock.now
      for _ in 0..<20 { blackHole(try? await request.value(on: api)) }
      return seconds(start.duration(to: clock.now))
    }
    if round % 2 == 0 {
      let time = base()
      ratios.append(await hits() / time)
    } else {
      let time = await hits()
      ratios.append(time / base())
    }
  }
  return ratios.sorted()[2]
}
