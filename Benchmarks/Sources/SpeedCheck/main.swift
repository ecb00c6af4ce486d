// The speed check of `.ci/run`: ratios measured in one process, each against a baseline timed
// beside it (the median of 5 alternating runs), over 10,000 items (an outline's expand and
// collapse of 10,000 children against a flat apply inserting them), and a request answered from
// the cache in memory against decoding its body alone, and one answered from the cache on
// disk against reading its file and decoding the body. Prints every ratio and
// exits 1 when one is above its bound, so a fast path that stops being fast fails CI.
//
//   swift run -c release --package-path Benchmarks SpeedCheck
import CatenaDataSource
import CatenaDiff
import Foundation

/// Keeps `value` alive, so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Whether `left == right`, out of the optimiser's sight: a comparison of two values it can
/// see are unchanged between calls would be hoisted out of the timing loop.
@inline(never)
func equal<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
  let same = left == right
  comparisons &+= 1  // a side effect: the calls cannot be merged or hoisted
  return same
}
nonisolated(unsafe) var comparisons = 0

/// Seconds one call of `body` takes.
func seconds(_ body: () -> Void) -> Double {
  let duration = ContinuousClock().measure(body)
  return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// The median of 5 alternating runs of time(`ours`) / time(`baseline`), after a warm-up of
/// each: a busy machine slows both sides of a run alike.
func ratio(_ ours: () -> Void, against baseline: () -> Void) -> Double {
  ours()
  baseline()
  var ratios: [Double] = []
  for _ in 0..<5 {
    let mine = seconds(ours)
    ratios.append(mine / seconds(baseline))
  }
  return ratios.sorted()[2]
}

/// `body` `times` times: a run long enough for the clock.
func repeating(_ times: Int, _ body: @escaping () -> Void) -> () -> Void {
  { for _ in 0..<times { body() } }
}

struct Check {
  var name: String
  var ratio: Double
  var bound: Double
  var baseline: String
}

/// `10_000` items whose content is their id, and an equal list in another buffer (made on
/// its own: `==` of two arrays sharing a buffer returns at once).
func makeFlat() -> [Item] { (0..<10_000).map { Item(id: $0, content: $0) } }
let flat = makeFlat()
let flatCopy = makeFlat()

/// The same ids with ten contents changed, spread over the list.
var tenEdits = flat
for index in stride(from: 500, to: 10_000, by: 1_000) { tenEdits[index].content += 1 }

/// 100 sections of 100 items, and an equal copy in other buffers.
func makeSections() -> [DiffSection<Group, Item>] {
  (0..<100).map { section in
    DiffSection(
      model: Group(id: section, title: section),
      items: (0..<100).map { Item(id: section * 100 + $0, content: $0) })
  }
}
let sections = makeSections()
let sectionsCopy = makeSections()

func verify(_ source: [Item], _ target: [Item], stages: Int) {
  guard let changes = try? StagedChangeset(source: source, target: target),
    (try? changes.apply(to: source)) == target, changes.count == stages
  else { fatalError("the changeset does not reproduce the target") }
}
verify(flat, flatCopy, stages: 0)
verify(flat, tenEdits, stages: 1)

/// `diff` against `compare` (an `==`), 1,000 of each per timed run.
func againstEquality(
  _ name: String, bound: Double, _ diff: @escaping () -> Void,
  comparing compare: @escaping () -> Void
) -> Check {
  Check(
    name: name, ratio: ratio(repeating(1_000, diff), against: repeating(1_000, compare)),
    bound: bound, baseline: "==")
}

var checks: [Check] = [
  againstEquality("no change, flat 10k", bound: 3) {
    blackHole(try? StagedChangeset(source: flat, target: flatCopy))
  } comparing: {
    blackHole(equal(flat, flatCopy))
  },
  // `==` of the edited list would stop at the first edit: the baseline is `==` over the whole
  // unchanged list, what telling that nothing changed costs.
  againstEquality("ten edits, flat 10k", bound: 6) {
    blackHole(try? StagedChangeset(source: flat, target: tenEdits))
  } comparing: {
    blackHole(equal(flat, flatCopy))
  },
  againstEquality("no change, sectioned 100 × 100", bound: 4) {
    blackHole(try? StagedChangeset(source: sections, target: sectionsCopy))
  } comparing: {
    blackHole(equal(sections, sectionsCopy))
  },
]
checks.append(itemLookupCheck())
checks += outlineExpansionChecks()
checks.append(await memoryHitCheck())
checks.append(await diskHitCheck())

print("speed check (release, median of 5 alternating runs, each against its baseline):")
var failed = false
for check in checks {
  let verdict = check.ratio <= check.bound ? "ok" : "TOO SLOW"
  if check.ratio > check.bound { failed = true }
  print(
    "  \(check.name.padding(toLength: 40, withPad: " ", startingAt: 0))"
      + String(format: "%5.2f× of %@ (bound ≤ %.1f×)  ", check.ratio, check.baseline, check.bound)
      + verdict)
}
exit(failed ? 1 : 0)
