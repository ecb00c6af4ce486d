import CatenaTesting
import Testing

@Suite("SettingsOutline sample")
struct SettingsOutlineTests {
  @Test func groupsOpenLoadRetryReorderWaitForTheDropAndTakeADrop() throws {
    let output = try runSample("SettingsOutline")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(steps.count == 12, "twelve steps")
    #expect(output.contains("0-3      [Loading…]"), "a lazy group loads under itself")
    #expect(output.contains("[Couldn't load: The server cannot be reached. Tap to retry.]"))
    #expect(output.contains("moved Wallpaper to General #1"))
    #expect(output.contains("moved Location to Display #0"), "entries stay in groups")
    let held = try #require(steps.first { $0.hasPrefix("…while it is held") })
    #expect(!held.contains("      Screen Time"), "the list waits for the drop")
    let dropped = try #require(steps.first { $0.hasPrefix("let go") })
    #expect(dropped.contains("0-7      Screen Time"))
    #expect(output.contains("0-5      Shortcuts"))
    try expectSnapshot(of: output, named: "SettingsOutline")
  }
}
