import Testing

@Suite("DiffTour sample")
struct DiffTourTests {
  @Test func printsEveryStageAndReproducesTheNewData() throws {
    let output = try runSample("DiffTour")
    #expect(output.contains("Stage 1: [Delete section 2, Delete row (1 - 0)]"))
    #expect(output.contains("Stage 2: [Insert section 2, Move section 1 to 0]"))
    #expect(output.contains("Stage 4: [Update section 0, Reconfigure row (1 - 0)]"))
    #expect(output.contains("[UIKit (12)] Cell reuse · Macros"))
    #expect(output.contains("Applied: equals the new data."))
    #expect(output.contains("DiffError: duplicate item id 1 in the target at (0 - 0) and (0 - 1)"))
  }

  @Test func readmeShowsTheSamplesRealOutput() throws {
    #expect(try readmeBlock(after: "DiffTour's real output:") == (try runSample("DiffTour")))
  }
}
