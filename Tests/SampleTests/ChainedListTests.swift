import CatenaTesting
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

  @Test func anInsertAtTheTopIsOneRowInsertAndTheScreenShowsIt() throws {
    let output = try runSample("ChainedList")
    let step = try #require(
      output.components(separatedBy: "── ").first { $0.hasPrefix("insert an article") })
    try expectSnapshot(
      of: step,
      matches: """
        insert an article at the top
           table: [Insert row (0 - 0)]
        [Today · live]
          0-0  Swift 6.3 released
          0-1  Typed throws in practice
          0-2  Headless table views
        [Earlier]
          1-0  Heckel's diff, revisited
          1-1  UIKit batch-update rules
        (2 older)
        index: T E


        """)
  }

  @Test func readmeShowsTheSamplesRealOutput() throws {
    #expect(try readmeBlock(after: "Its real output:") == (try runSample("ChainedList")))
  }
}
