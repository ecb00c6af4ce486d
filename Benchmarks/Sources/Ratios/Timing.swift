import Foundation

/// Keeps `value` alive, so the optimiser cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Seconds one call of `body` takes.
public func seconds(_ body: () -> Void) -> Double {
  seconds(ContinuousClock().measure(body))
}

/// A duration in seconds.
public func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// Median seconds of `runs` timed calls after one warm-up.
public func median(runs: Int, _ body: () -> Void) -> Double {
  body()
  var times: [Double] = []
  for _ in 0..<runs { times.append(seconds(body)) }
  return times.sorted()[times.count / 2]
}

/// The middle value.
public func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The median, over alternating rounds, of time(`ours`) / time(`baseline`), each round timing
/// both sides `runs` times (median): drift of a shared machine falls on both sides alike.
public func alternatingRatio(
  rounds: Int, runs: Int = 5, _ ours: () -> Void, against baseline: () -> Void
) -> (ratio: Double, ours: Double, baseline: Double) {
  var ratios: [Double] = []
  var oursTimes: [Double] = []
  var baselineTimes: [Double] = []
  for _ in 0..<rounds {
    let mine = median(runs: runs, ours)
    let theirs = median(runs: runs, baseline)
    ratios.append(mine / theirs)
    oursTimes.append(mine)
    baselineTimes.append(theirs)
  }
  return (middle(ratios), middle(oursTimes), middle(baselineTimes))
}

/// "0.123 ms" below 10 ms, "1.2345 s" above.
public func format(_ seconds: Double) -> String {
  seconds < 0.01 ? String(format: "%.3f ms", seconds * 1000) : String(format: "%.4f s", seconds)
}

/// `text` padded with spaces to `width`.
public func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// One ratio measured in a run: time(ours) / time(baseline), with each side's time.
public struct Measured: Sendable {
  /// The claim it is measured for (`Claim.key`).
  public var key: String
  /// time(ours) / time(baseline).
  public var ratio: Double
  /// The seconds of our side.
  public var ours: Double
  /// The seconds of the baseline's side.
  public var baseline: Double

  /// A ratio measured for the claim `key`.
  public init(_ key: String, ratio: Double, ours: Double = 0, baseline: Double = 0) {
    (self.key, self.ratio, self.ours, self.baseline) = (key, ratio, ours, baseline)
  }
}
