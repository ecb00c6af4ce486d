import CatenaTesting
import Testing

@Suite("InstantList sample")
struct InstantListSampleTests {
  @Test func theSecondOpenShowsTheKeptRowsAtOnceThenOneChange() throws {
    let output = try runSample("InstantList")
    let steps = output.components(separatedBy: "── ").dropFirst()
    #expect(steps.count == 3)
    let first = try #require(steps.first)
    #expect(
      first.contains("while the server is asked: refresh loading\n     0-0  [Loading…]")
    )
    let second = try #require(steps.dropFirst().first)
    #expect(
      second.contains(
        "in the same turn as refresh(), from the cache: refresh loading\n     0-0  Listing 0"))
    #expect(!second.contains("[Loading…]"), "no spinner on the second open")
    #expect(second.contains("as one change: +2 −2 ~0"), "the server's page as one change")
    #expect(
      second.contains("the row read stays, two new ones above: refresh idle\n     0-2  Listing 0"))
    #expect(output.contains("the server answered page 1 with 304 Not Modified (1 time)"))
    #expect(output.contains("page 1 changed since the kept rows: no"))
    try expectSnapshot(of: output, named: "InstantList")
  }
}
