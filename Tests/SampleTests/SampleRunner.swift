import Foundation
import Testing

/// Runs the built sample executable `name` (it sits next to the test bundle) and returns what
/// it printed.
func runSample(_ name: String) throws -> String {
  let directory = Bundle.main.bundleURL
  let candidates = [
    directory.appendingPathComponent(name),
    directory.deletingLastPathComponent().appendingPathComponent(name),
  ]
  let executable = try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "\(name) is built next to the test bundle in \(directory.path)")
  let process = Process()
  process.executableURL = executable
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
  return String(decoding: output, as: UTF8.self)
}

/// The text of the README's fenced `text` block that follows `marker`.
func readmeBlock(after marker: String) throws -> String {
  let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")
  let text = try String(contentsOf: readme, encoding: .utf8)
  let start = try #require(text.range(of: marker + "\n\n```text\n")).upperBound
  let end = try #require(text.range(of: "```", range: start..<text.endIndex)).lowerBound
  return String(text[start..<end])
}
