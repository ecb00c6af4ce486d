import Testing

@testable import CatenaTesting

/// The manual clock keeps no sleeper for a task that was cancelled, however the cancel and
/// the sleep interleave: a kept one would never wake, and would count as waiting for ever.
/// (The time limit only stops a hang: 50,000 tries take about 20 s, and far longer on a
/// machine busy with other work.)
@Suite("ManualClock", .timeLimit(.minutes(5)))
struct ManualClockTests {
  @Test func aSleepCancelledAsItBeginsLeavesNoSleeper() async {
    let clock = ManualClock()
    // The sleep runs on another thread than the cancel: over many tries, some cancels land
    // between its check for cancellation and the moment it would wait.
    for _ in 0..<50_000 {
      let sleeper = Task.detached {
        try? await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      }
      sleeper.cancel()
      await sleeper.value
    }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aSleeperWakesWhenTheClockPassesItsDeadline() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    try await turns("the sleeper to wait") { clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1, "not yet")
    clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
  }
}
