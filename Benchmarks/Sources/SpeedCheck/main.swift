// The speed check of `.ci/run`: every ratio the README's Performance section states
// (`Claim.all`, in the `Ratios` module) measured in one process, each against a baseline timed
// beside it (in alternating runs where the two sides can be interleaved), and bounded at 1.25× the slow end of the stated range; plus a
// few ratios the README does not state, with bounds of their own. Prints every ratio with what
// the README says and exits 1 when one is above its bound, or when a stated ratio is not
// measured: a fast path that stops being fast, or a figure that drifts from the code, fails CI.
// Absolute times, loopback and file figures are the README's "measured, not guarded".
//
//   swift run -c release --package-path Benchmarks SpeedCheck
import CatenaDiff
import DiffWorkloads
import Foundation
import Ratios

struct Check {
  var name: String
  var ratio: Double
  var bound: Double
  /// What the README states, for a claimed ratio.
  var readme: String?

  /// A ratio with a bound of its own (the README does not state it).
  init(name: String, ratio: Double, bound: Double) {
    (self.name, self.ratio, self.bound, readme) = (name, ratio, bound, nil)
  }

  /// A ratio the README states: bounded by its claim.
  init(claimed key: String, ratio: Double) {
    guard let claim = Claim.all.first(where: { $0.key == key }) else {
      fatalError("no claim named \(key)")
    }
    (name, self.ratio, bound, readme) = (key, ratio, claim.bound, claim.readme)
  }
}

/// The median of 5 alternating runs of time(`ours`) / time(`baseline`), after a warm-up of
/// each: a busy machine slows both sides of a run alike.
func ratio(_ ours: () -> Void, against baseline: () -> Void) -> Double {
  alternatingRatio(rounds: 5, runs: 1, ours, against: baseline).ratio
}

/// `10_000` items whose content is their id.
let flat = items(10_000)

/// One measurement of the check: the ratios it gives, which it can be asked for again.
struct Probe {
  var measure: () async -> [Check]
}

// Ten edits spread over 10,000 items, against telling that nothing changed (`==` over the
// whole list): not stated in the README, bounded on its own.
var tenEdits = flat
for index in stride(from: 500, to: 10_000, by: 1_000) { tenEdits[index].content += 1 }
let unchanged = items(10_000)

let probes: [Probe] = [
  Probe { smallEditMeasurements(rounds: 5).map { Check(claimed: $0.key, ratio: $0.ratio) } },
  Probe {
    [
      Check(
        name: "ten edits, flat 10k / ==",
        ratio: ratio(
          { for _ in 0..<100 { blackHole(try? StagedChangeset(source: flat, target: tenEdits)) } },
          against: { for _ in 0..<100 { blackHole(equalLists(flat, unchanged)) } }),
        bound: 6)
    ]
  },
  Probe { [linearityCheck()] },
  Probe {
    keepLastRatio().map {
      [Check(claimed: "keep last: 100k repeated ids / 100k new", ratio: $0.keepLast / $0.plain)]
    } ?? []
  },
  Probe {
    await MainActor.run { applyRatio(runs: 5) }.map {
      [Check(claimed: "apply W3 / diff alone", ratio: $0.apply / $0.diff)]
    } ?? []
  },
  Probe { [await MainActor.run { itemLookupCheck() }] },
  Probe {
    await pagerRatios(runs: 9)?.measured.map { Check(claimed: $0.key, ratio: $0.ratio) } ?? []
  },
  Probe { await MainActor.run { outlineExpansionChecks() } },
  Probe { [await chainOverMemoryCheck()] },
  Probe { [await jsonParsingCheck()] },
  Probe { [await memoryHitCheck()] },
  Probe { [await diskHitCheck()] },
]

// A shared machine slows a run now and then: a probe with a ratio past its bound is measured
// twice more, and each of its ratios counts as the median of the three runs. One slow run
// passes; a change that makes a ratio slower than its bound fails at least two of three.
var checks: [Check] = []
for probe in probes {
  let first = await probe.measure()
  guard first.contains(where: { $0.ratio > $0.bound }) else {
    checks += first
    continue
  }
  let second = await probe.measure()
  let third = await probe.measure()
  for (index, check) in first.enumerated() {
    var median = check
    median.ratio = middle([check.ratio, second[index].ratio, third[index].ratio])
    checks.append(median)
  }
}

print("speed check (release, medians of runs in one process, each against its baseline):")
var failed = false
for check in checks {
  let verdict = check.ratio <= check.bound ? "ok" : "TOO SLOW"
  if check.ratio > check.bound { failed = true }
  print(
    "  \(pad(check.name, 52))"
      + String(format: "%6.3f× (bound ≤ %.3f×)  ", check.ratio, check.bound) + verdict
      + (check.readme.map { "  README: \($0)" } ?? ""))
}
for claim in Claim.all where !checks.contains(where: { $0.name == claim.key }) {
  print("  \(claim.key): stated in the README (\(claim.readme)) but not measured")
  failed = true
}
exit(failed ? 1 : 0)

/// `==` of two lists, out of the optimiser's sight (see `equal` in `Ratios`).
@inline(never)
func equalLists(_ left: [Item], _ right: [Item]) -> Bool { left == right }

/// time(1M) / time(100k) of the W4 and W3 changes, in 5 alternating rounds: the diff's time
/// grows with the item count, not faster.
func linearityCheck() -> Check {
  let w3 = Workloads.mixed(count: 100_000, seed: 3, name: "W3")
  let w4 = Workloads.mixed(count: 1_000_000, seed: 4, name: "W4")
  var ratios: [Double] = []
  for _ in 0..<5 {
    let small = median(runs: 5) {
      blackHole(try? StagedChangeset(source: w3.source, target: w3.target))
    }
    let large = median(runs: 1) {
      blackHole(try? StagedChangeset(source: w4.source, target: w4.target))
    }
    ratios.append(large / small)
  }
  return Check(claimed: "linearity: time(1M) / time(100k)", ratio: middle(ratios))
}
