import CatenaTesting
import Testing

@Suite("MailList sample")
struct MailListTests {
  @Test func swipesMenusPagesImpressionsAndAJumpShowAsTheyShould() throws {
    let output = try runSample("MailList")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(steps.count == 7, "seven steps")
    #expect(output.contains("0-0  [Loading…]"), "the first load is a status row")
    #expect(output.contains("0-0  ⚑ Ann — Lunch?"), "the leading swipe flagged mail #0")
    let archived = try #require(steps.first { $0.hasPrefix("swipe the second") })
    #expect(!archived.contains("Bo — Re: slides"), "the trailing swipe archived mail #1")
    #expect(output.contains("Reply · Delete (red)\n   reply to Ann, open #0"))
    #expect(output.contains("0-23  [End of list]"))
    let jump = try #require(steps.last)
    #expect(jump.contains("0-6  Di — Invoice"), "mail #7 in the middle of five rows")
    // Each mail is seen once per stretch on screen: #5 left and came back, so twice.
    let seen = output.split(separator: "\n").filter { $0.contains("seen:") }
      .flatMap { $0.split(separator: " ").dropFirst() }
    #expect(seen.filter { $0 == "#5" }.count == 2)
    #expect(seen.filter { $0 == "#0" }.count == 1)
    try expectSnapshot(of: output, named: "MailList")
  }
}
