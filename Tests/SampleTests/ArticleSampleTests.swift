import CatenaTesting
import Testing

@Suite("The article samples, against their embedded fixtures")
struct ArticleSampleTests {
  @Test func chainedListLoadsTheProfileAndReportsAMissingOne() throws {
    let output = try runSample("ChainedList")
    #expect(output.contains("── profile 7\n   Ada Lovelace, Analyst · 1843 followers\n"))
    #expect(output.contains("── profile 8\n   failed: the server answered 404 (status 404)\n"))
  }

  @Test func groupBadgesDecideDotsNumbersAndMoreAndRememberWhatWasRead() throws {
    let output = try runSample("GroupBadges")
    #expect(output.contains("hz-2  messages 99+   dynamic ●   activity ●\n"))
    #expect(output.contains("sh-1  messages 2   dynamic –   activity –\n"))
    #expect(output.contains("hz-2  messages 99+   dynamic –   activity ●   (after a restart)\n"))
    #expect(output.contains("gz-9  decoding: "))
    try expectSnapshot(of: output, named: "GroupBadges")
  }

  @Test func houseListPagesToTheEndByScrolling() throws {
    let output = try runSample("HouseList")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(
      steps.map { $0.prefix { $0 != "\n" } } == [
        "pull to refresh", "scroll to the bottom", "pull to refresh again",
      ])
    // Page 2 follows page 1 at once: rows past the screen are prefetched.
    #expect(
      output.contains(
        "19 houses in 2 pages, refresh idle · prepend end · append idle, 1 entry unreadable"))
    // Rows 6-15 prefetched after two pages; at the bottom, the six scrolled past unseen are
    // cancelled, the four that came on screen stay requested, and the three rows of page 3
    // past the screen are prefetched.
    #expect(output.contains("   photos requested ahead of the scroll: 10\n"))
    #expect(
      output.contains(
        "append end, 1 entry unreadable\n   photos requested ahead of the scroll: 7\n"))
    #expect(output.contains("22 houses in 3 pages, refresh idle · prepend end · append end"))
    #expect(output.contains("[Recommended]\n  0-0  Sea view apartment — ¥4200/month · 2 rooms"))
    #expect(output.contains("Featured: Lakeside loft · Old town courtyard · Tea hill cottage"))
    #expect(output.contains("tapped: Temple gate rooms"))
    try expectSnapshot(of: output, named: "HouseList")
  }

  @Test func weatherFormShowsMasksProgressWarningsAndInforms() throws {
    let output = try runSample("WeatherForm")
    #expect(output.contains("inform: Forecast updated\n   Shanghai, China\n"))
    #expect(output.contains("     Wednesday: Sunny, 28°C\n"))
    #expect(output.contains("warn: No weather station in Atlantis\n   failed: server, code 404\n"))
    #expect(
      output.contains(
        "   mask: request 3's\n   mask: request 4's\n   mask: request 3's\n   mask: hidden\n"))
    #expect(output.contains("[██████████] 100% upload\n"))
    #expect(output.contains("the server received 262440 bytes"))
    try expectSnapshot(of: output, named: "WeatherForm")
  }

  @Test func responseModelsRouteByTypeAndDecodeNestedArraysAndNulls() throws {
    let output = try runSample("ResponseModels")
    #expect(
      output.contains("order 5001 of 2026-11-20, coupon none\n     2 × Longjing tea at 48.5\n"))
    #expect(output.contains("1 × Celadon cup at 120.0 — gift wrap"))
    #expect(output.contains("order 5002 of 2026-11-21, coupon WINTER10\n     (no lines)"))
    #expect(output.contains("order 5003: 2 lines, total 405.5, coupon none"))
    try expectSnapshot(of: output, named: "ResponseModels")
  }
}
