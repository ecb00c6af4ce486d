import Foundation
import Testing

@testable import CatenaRequest

/// The log of a gate test, in the order things happened.
private final class Steps: @unchecked Sendable {
  // NB: `lock` guards `stored`.
  private let lock = NSLock()
  private var stored: [String] = []
  func add(_ step: String) { lock.withLock { stored.append(step) } }
  var all: [String] { lock.withLock { stored } }
}

@Suite("A nonisolated callback never runs twice at once", .timeLimit(.minutes(10)))
struct SerialGateTests {
  @Test func aSecondRunWaitsUntilTheFirstLeaves() async {
    let gate = SerialGate()
    let steps = Steps()
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let (entered, entering) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      await gate.pass(unless: false) {
        steps.add("first in")
        entering.yield()
        for await _ in release { break }
        steps.add("first out")
      }
    }
    for await _ in entered { break }
    let second = Task { await gate.pass(unless: false) { steps.add("second") } }
    // Until the second run waits at the gate, or (a gate that lets it through) has run.
    while gate.waitingCount == 0, !steps.all.contains("second") { await Task.yield() }
    #expect(steps.all == ["first in"], "the second run waits at the gate")
    releasing.yield()
    await first.value
    await second.value
    #expect(steps.all == ["first in", "first out", "second"])
    #expect(gate.waitingCount == 0)
  }

  @Test func anOpenGateLetsRunsOverlap() async {
    let gate = SerialGate()
    let steps = Steps()
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let (entered, entering) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      await gate.pass(unless: true) {
        steps.add("first in")
        entering.yield()
        for await _ in release { break }
        steps.add("first out")
      }
    }
    for await _ in entered { break }
    await gate.pass(unless: true) { steps.add("second") }
    releasing.yield()
    await first.value
    #expect(steps.all == ["first in", "second", "first out"])
  }
}
