// Writes responses into an HTTPCache directory until it is killed, for the test that kills
// writers part way and then opens the directory again:
//
//   cache-writer DIRECTORY            writes large responses forever, saying "writing N"
//                                     before each
//   cache-writer DIRECTORY full       writes with files limited to 64 KiB (a full disk),
//                                     saying each answer and each monitor event; then
//                                     answers item 1 anew, has it evicted from memory, and
//                                     says what the cache keeps for it ("kept 1 none")
//   cache-writer DIRECTORY hold       writes item 0, says "holding", and waits to be killed
//                                     (owning the directory all the while)
//   cache-writer DIRECTORY second     asks for item 1 twice, saying each answer and each
//                                     monitor event (run while another owns the directory)
//   cache-writer DIRECTORY crash N    writes large responses, and is killed (SIGKILL) when
//                                     it has written N bytes to files: in the middle of one
import CatenaRequest
import CrashPoint
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The body of version `version` of item `item`: `size` bytes that say which they are, so a
/// reader can tell a whole body from a torn or mixed one.
func body(item: Int, version: Int, size: Int) -> Data {
  let pattern = Data("item \(item) version \(version);".utf8)
  var body = Data(capacity: size + pattern.count)
  while body.count < size { body.append(pattern) }
  return body.prefix(size)
}

/// A server in the process: item N at version V, of the size the request asks for.
struct Generated: Transport {
  func send(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
    let item = Int(request.url.lastPathComponent) ?? 0
    let version = Int(request.headers["X-Version"] ?? "0") ?? 0
    let size = Int(request.headers["X-Size"] ?? "1000") ?? 1000
    return HTTPResponse(
      status: 200,
      headers: [
        "Cache-Control": "max-age=100000", "X-Version": "\(version)", "X-Item": "\(item)",
      ],
      body: body(item: item, version: version, size: size), url: request.url)
  }
}

/// Writes `line` to standard output at once (no buffer to lose when the process is killed).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Says each event.
struct Printer: RequestMonitor {
  func record(_ event: RequestEvent) {
    if case .cacheDiskFailed(let failure) = event.kind {
      say("event cacheDiskFailed \(failure.operation): \(failure.reason)")
    } else {
      say("event \(event.kind)")
    }
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  say("usage: cache-writer DIRECTORY [full]")
  exit(2)
}
let mode = arguments.count >= 3 ? arguments[2] : ""
let full = mode == "full"
let cache = HTTPCache(
  // A full disk's run keeps 40 KB in memory, so item 1 is evicted from it at the end.
  memoryLimit: full ? 40_000 : 64 << 20, entryLimit: 8 << 20,
  directory: URL(fileURLWithPath: arguments[1]), diskLimit: 256 << 20)
let api = Client(
  baseURL: URL(string: "https://writer.example/"), transport: Generated(),
  monitors: full || mode == "second" ? [Printer()] : [], cache: cache)

func get(_ item: Int, version: Int, size: Int) async throws -> HTTPResponse {
  let response = try await Get("item/\(item)").header("X-Version", "\(version)")
    .header("X-Size", "\(size)").cache(.networkOnly).value(on: api)
  // A full disk's run writes each response before the next request (so a failure is known
  // to the next one, and said then).
  if full { await cache.flush() }
  return response
}

if full {
  // Files past 64 KiB fail with EFBIG, as on a full disk; the signal that would stop the
  // process is ignored, as the system would not send it for a full disk.
  signal(SIGXFSZ, SIG_IGN)
  var limit = rlimit(rlim_cur: 64 << 10, rlim_max: 64 << 10)
  #if canImport(Glibc)
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
  #else
    setrlimit(RLIMIT_FSIZE, &limit)
  #endif
  for (item, size) in [(1, 16_000), (2, 200_000), (3, 16_000), (2, 16_000)] {
    let response = try await get(item, version: 1, size: size)
    say("answer \(item) \(response.body.count)")
  }
  // Item 1 anew, while the disk no longer writes: its file (version 1) is older than it.
  _ = try await get(1, version: 2, size: 16_000)
  for item in 4...6 { _ = try await get(item, version: 1, size: 16_000) }
  do {
    let kept = try await Get("item/1").cache(.cacheOnly).value(on: api)
    say("kept 1 version \(kept.headers["X-Version"] ?? "?")")
  } catch {
    say("kept 1 none")
  }
  await cache.flush()
  exit(0)
}

if mode == "hold" {
  _ = try await get(0, version: 1, size: 1_000)
  await cache.flush()
  say("holding \(cache.diskFailure.map { "\($0)" } ?? "the directory")")
  while true { try await Task.sleep(for: .seconds(3600)) }
}

if mode == "second" {
  for _ in 0..<2 {
    let response = try await Get("item/1").value(on: api)
    say("answer 1 \(response.body.count)")
  }
  exit(0)
}

if arguments.count >= 4, arguments[2] == "crash", let bytes = Int64(arguments[3]) {
  crash_point_after_bytes(bytes)
}

// Items 0 to 9, each new version 256 KiB to about 1 MiB.
var version = 0
while true {
  let item = version % 10
  say("writing \(version)")
  _ = try await get(item, version: version, size: 256 << 10 + (version % 7) * 120_000)
  version += 1
}
