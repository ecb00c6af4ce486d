import CatenaTesting
import Testing

@Suite("Timeline sample")
struct TimelineTests {
  @Test func loadsBothWaysKeepsTheReadRowAndRollsBackAFailedEdit() throws {
    let output = try runSample("Timeline")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(steps.count == 7, "seven steps")
    // The row at the top of the screen before older messages loaded is still at the top.
    let scrolled = try #require(steps.first { $0.hasPrefix("scroll up") })
    let lines = scrolled.split(separator: "\n")
    let topBefore = try #require(lines.last?.split(separator: "  ").last)
    #expect(lines[3].hasSuffix(String(topBefore)))
    #expect(output.contains("whose request fails: rolled back"))
    #expect(output.contains("#100 Sent from the sample\n     0-28  — End of list —"))
    #expect(output.contains("refresh idle · prepend end · append idle\n     0-0  — day 1 —"))
    try expectSnapshot(of: output, named: "Timeline")
  }
}
