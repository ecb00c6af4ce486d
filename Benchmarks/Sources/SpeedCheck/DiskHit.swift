import CatenaRequest
import Foundation
import Ratios

/// A request answered from a client's `HTTPCache` on disk with nothing in memory (the
/// response is larger than the memory's bound, so every hit reads its file), decoded at a key
/// path, against reading the same file with `Data(contentsOf:)` and decoding its body with
/// `JSONDecoder`: the lookup, the checksum and the entry's layout must cost little beside the
/// read and the decode. Median of 5 alternating runs of 20 each.
func diskHitCheck() async -> Check {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-speed-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let server = MemoryServer()
  let cache = HTTPCache(
    memoryLimit: 1_000, entryLimit: 8 << 20, directory: folder, diskLimit: 64 << 20)
  let api = Client(
    baseURL: URL(string: "https://api.example.com/"), transport: server, cache: cache)
  let request = Get("items").decode([House].self, at: "data.items")
  guard (try? await request.value(on: api))?.count == 1_000 else {
    fatalError("the disk hit does not decode the payload")
  }
  // The file is written in the background: timed once it is there.
  await cache.flush()
  let file =
    (try? FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil))?.first { $0.pathExtension == "entry" }
  guard let file, cache.byteCount == 0 else { fatalError("the response is kept in memory") }
  let ratio = await hitRatio(of: request, on: api) {
    blackHole(try? Data(contentsOf: file))
    blackHole(try? JSONDecoder().decode(Houses.self, from: housesPayload))
  }
  guard server.sent == 1 else { fatalError("the hits reached the transport: \(server.sent)") }
  return Check(name: "request: disk cache hit / file read + JSONDecoder", ratio: ratio, bound: 1.5)
}
