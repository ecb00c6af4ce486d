import Foundation
import Testing

@Suite("DiffTour sample")
struct DiffTourTests {
  /// Runs the built `DiffTour` executable and returns what it printed.
  func run() throws -> String {
    let directory = Bundle.main.bundleURL
    let candidates = [
      directory.appendingPathComponent("DiffTour"),
      directory.deletingLastPathComponent().appendingPathComponent("DiffTour"),
    ]
    let executable = try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "DiffTour is built next to the test bundle in \(directory.path)")
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

  @Test func printsEveryStageAndReproducesTheNewData() throws {
    let output = try run()
    #expect(output.contains("Stage 1: [Delete section 2, Delete row (1 - 0)]"))
    #expect(output.contains("Stage 2: [Insert section 2, Move section 1 to 0]"))
    #expect(output.contains("Stage 4: [Update section 0, Reconfigure row (1 - 0)]"))
    #expect(output.contains("[UIKit (12)] Cell reuse · Macros"))
    #expect(output.contains("Applied: equals the new data."))
    #expect(output.contains("DiffError: duplicate item id 1 in the target at (0 - 0) and (0 - 1)"))
  }

  @Test func readmeShowsTheSamplesRealOutput() throws {
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let marker = "Its real output:\n\n```text\n"
    let start = try #require(text.range(of: marker)).upperBound
    let end = try #require(text.range(of: "```", range: start..<text.endIndex)).lowerBound
    #expect(String(text[start..<end]) == (try run()))
  }
}
