import FixtureServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Runs the root package's sample `name` with `arguments` and returns what it printed, without
/// blocking a thread of the concurrency pool (the server under test needs them).
func runSample(_ name: String, _ arguments: [String] = []) async throws -> String {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let executable = root.appendingPathComponent(".build/debug/\(name)")
  if !FileManager.default.isExecutableFile(atPath: executable.path) {
    // The README's test command builds the samples first; build this one if it did not.
    _ = try await run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", root.path, "--product", name])
  }
  return try await run(executable, arguments)
}

private func run(_ executable: URL, _ arguments: [String]) async throws -> String {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  let output = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
  try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<Void, any Error>) in
    process.terminationHandler = { _ in continuation.resume() }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      continuation.resume(throwing: error)
    }
  }
  #expect(process.terminationStatus == 0, "\(executable.lastPathComponent) exited with an error")
  return String(decoding: await output.value, as: UTF8.self)
}

/// The output without the line that names where the requests went.
func withoutOrigin(_ output: String) -> String {
  output.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.contains("(embedded fixtures)") && !$0.contains("(http://127.0.0.1:") }
    .joined(separator: "\n")
}

@Suite("The samples against catena-fixture-server")
struct SampleServerTests {
  @Test func everySamplePrintsTheSameScreenOverHTTPAsFromItsFixtures() async throws {
    let app = Application(
      router: FixtureServer.router(),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      for sample in [
        "ChainedList", "GroupBadges", "HouseList", "WeatherForm", "ResponseModels", "HouseScreen",
      ] {
        let embedded = try await runSample(sample)
        let served = try await runSample(sample, ["--base-url", "http://127.0.0.1:\(port)/"])
        #expect(served.contains("(http://127.0.0.1:\(port)/)") || sample == "ChainedList")
        #expect(withoutOrigin(served) == withoutOrigin(embedded), "\(sample)")
      }
    }
  }

  @Test func theServerAnswersTheSampleAPI() async throws {
    let app = Application(
      router: FixtureServer.router(),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      try await client.execute(uri: "/houses?pageIndex=3&pageSize=20", method: .get) { response in
        #expect(response.status == .ok)
        let text = String(buffer: response.body)
        #expect(text.contains(#""PageSize":10"#) && text.contains(#""Total":23"#))
        #expect(text.contains("Temple gate rooms"))
      }
      try await client.execute(uri: "/nowhere", method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
  }
}
