import Testing

@Suite("ChainedList sample")
struct ChainedListTests {
  @Test func everyStepAnimatesAsTheRightBatchAndTheScreenFollows() throws {
    let output = try runSample("ChainedList")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(steps.count == 8, "six table steps and two profiles")
    #expect(output.contains("first snapshot\n   table: reloadData\n[Today · live]\n"))
    #expect(output.contains("insert an article at the top\n   table: [Insert row (0 - 0)]\n"))
    #expect(output.contains("delete an article\n   table: [Delete row (1 - 0)]\n"))
    #expect(output.contains("table: [Move row (0 - 2) to (1 - 0)]"))
    #expect(
      output.contains(
        "table: [Reconfigure row (0 - 0)]\n[Today · live]\n  0-0  Swift 6.3 released (12 comments)")
    )
    #expect(output.contains("* 0-1  Typed throws in practice"))
    #expect(output.contains("opened: Typed throws in practice\n"))
    #expect(output.contains("swiped, archived: Headless table views\n"))
  }

  @Test func readmeShowsTheSamplesRealOutput() throws {
    #expect(try readmeBlock(after: "Its real output:") == (try runSample("ChainedList")))
  }
}
