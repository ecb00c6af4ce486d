import CatenaDiff
import CatenaTesting
import Testing

@testable import CatenaDataSource

/// The reference: which items show (from the item order, the offset and the row height
/// alone) and the events a stretch of visibility makes.
struct ImpressionModel {
  let rowHeight = 44.0
  let viewport = 440.0
  let minimum: Duration
  var order: [Int] = []
  /// Each item seen at the last look: when its stretch on screen began, and whether it was
  /// told.
  var stretches: [Int: (began: Duration, told: Bool)] = [:]
  var lastSeen: [Int] = []

  /// The ids at least half on screen at `offset`, top to bottom.
  func visible(at offset: Double) -> [Int] {
    order.enumerated().compactMap { index, id in
      let top = Double(index) * rowHeight
      let overlap = min(top + rowHeight, offset + viewport) - max(top, offset)
      return overlap / rowHeight >= 0.5 ? id : nil
    }
  }

  /// The events of a look at `offset` at time `now`: the told items that left, then the
  /// items whose stretch has lasted long enough.
  mutating func look(at offset: Double, now: Duration) -> [Impression<Int>] {
    let seen = visible(at: offset)
    let gone = lastSeen.filter { !seen.contains($0) }
    let left: [Impression<Int>] = gone.compactMap {
      stretches[$0]?.told == true ? .disappeared($0) : nil
    }
    for id in gone { stretches[id] = nil }
    var told: [Impression<Int>] = []
    for id in seen {
      let stretch = stretches[id] ?? (now, false)
      let tell = !stretch.told && now - stretch.began >= minimum
      stretches[id] = (stretch.began, stretch.told || tell)
      if tell { told.append(.appeared(id)) }
    }
    lastSeen = seen
    return left + told
  }
}

@MainActor
@Suite("Impressions against a reference model")
struct ImpressionModelTests {
  @Test func seededScrollsAppliesReloadsAndWaitsMatchTheModel() async throws {
    var sequences = 0
    var events = 0
    for seed in 0..<1_000 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      let screen = ImpressionScreen(after: .milliseconds(500))
      var model = ImpressionModel(minimum: .milliseconds(500))
      var log: [String] = []
      for step in 0..<30 {
        switch random.below(10) {
        case 0..<3:
          let offset = Double(random.below(40 * 44))
          log.append("scroll \(offset)")
          screen.table.scroll(toOffset: offset)
        case 3..<6:
          var ids = Array(0..<60).filter { _ in random.chance(50) }
          ids.shuffle(using: &random)
          model.order = ids
          log.append("apply \(ids.count) items")
          try screen.show(ids, title: random.chance(30) ? "x" : "")
        case 6:
          log.append("reload")
          screen.dataSource.reload()
        default:
          let wait = [0, 100, 250, 499, 500, 501, 1_000][random.below(7)]
          log.append("wait \(wait)")
          await screen.advance(milliseconds: wait)
        }
        let expected = model.look(
          at: screen.table.contentOffset, now: screen.clock.now.offset)
        let heard = await screen.take()
        events += heard.count
        #expect(
          heard == expected, "seed \(seed), step \(step): \(log.suffix(4))")
        if heard != expected { return }
      }
      sequences += 1
    }
    #expect(sequences == 1_000)
    #expect(events > 10_000, "the sequences make events: \(events)")
  }
}
