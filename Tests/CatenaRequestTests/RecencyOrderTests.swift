import CatenaTesting
import Testing

@testable import CatenaRequest

@Suite("Recency order")
struct RecencyOrderTests {
  /// Random touches and removals against a plain array kept the slow way.
  @Test func matchesAnArrayKeptInOrderOverRandomSteps() {
    for seed in 1...200 {
      var random = SeededRandom(seed: UInt64(seed))
      var order = RecencyOrder<Int>()
      var model: [Int] = []
      for _ in 0..<60 {
        let key = random.below(12)
        switch random.below(4) {
        case 0:
          order.remove(key)
          model.removeAll { $0 == key }
        case 1:
          if let oldest = order.oldest {
            order.remove(oldest)
            model.removeFirst()
          }
        default:
          order.touch(key)
          model.removeAll { $0 == key }
          model.append(key)
        }
        #expect(order.keys == model, "seed \(seed)")
        #expect(order.oldest == model.first && order.count == model.count, "seed \(seed)")
      }
    }
  }
}
