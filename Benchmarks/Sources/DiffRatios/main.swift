// Times CatenaDiff against the standard library's `CollectionDifference` + `inferringMoves()`
// on the same data in the same run and prints the ratios, the move counts and the peak memory.
//
//   swift run -c release --package-path Benchmarks DiffRatios            all workloads
//   swift run -c release --package-path Benchmarks DiffRatios W3 W4      some of them
import CatenaDiff
import CatenaHeadless
import DiffWorkloads
import Foundation
import Ratios

/// Peak resident memory (KiB) since the last reset, and the current resident memory.
func memory() -> (peak: Int, current: Int) {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  func field(_ name: String) -> Int {
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }
  return (field("VmHWM:"), field("VmRSS:"))
}

struct Row {
  var name: String
  var ours: Double
  var baseline: Double?
  var moves: Int
  var baselineMoves: Int?
  var stages: Int
}

func measure<Element: Identifiable & Equatable & Sendable>(
  _ workload: Workload<Element>
) -> Row where Element.ID: Sendable & Hashable {
  let source = workload.source
  let target = workload.target
  guard let changes = try? StagedChangeset(source: source, target: target),
    (try? changes.apply(to: source)) == target
  else { fatalError("\(workload.name): the changeset does not reproduce the target") }
  let ours = median(runs: 7) {
    blackHole(try? StagedChangeset(source: source, target: target))
  }
  let moves = changes.reduce(0) { $0 + $1.batch.itemMoves.count }
  var row = Row(
    name: workload.name, ours: ours, baseline: nil, moves: moves, baselineMoves: nil,
    stages: changes.count)
  guard workload.baselineFeasible else { return row }
  let old = workload.sourceIDs
  let new = workload.targetIDs
  let difference = new.difference(from: old).inferringMoves()
  guard old.applying(difference) == new else { fatalError("\(workload.name): stdlib mismatch") }
  row.baselineMoves =
    difference.insertions.filter {
      if case .insert(_, _, let associated) = $0 { return associated != nil }
      return false
    }.count
  let single = ContinuousClock().measure { blackHole(new.difference(from: old).inferringMoves()) }
  let runs = single > .seconds(1) ? 3 : 7
  row.baseline = median(runs: runs) { blackHole(new.difference(from: old).inferringMoves()) }
  return row
}

/// Peak memory of one diff, measured in a fresh process so no earlier heap hides it.
func peakMemory(of name: String) -> (peakKiB: Int, inputKiB: Int)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--peak", name]
  let pipe = Pipe()
  process.standardOutput = pipe
  guard (try? process.run()) != nil else { return nil }
  process.waitUntilExit()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let numbers = output.split(separator: " ").compactMap {
    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
  }
  return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
}

func peakChild(_ name: String) {
  let workload: Workload<Item>
  switch name {
  case "W3": workload = Workloads.mixed(count: 100_000, seed: 3, name: name)
  default: workload = Workloads.mixed(count: 1_000_000, seed: 4, name: name)
  }
  let source = workload.source
  let target = workload.target
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  let before = memory().current
  let changes = try? StagedChangeset(source: source, target: target)
  let peak = memory().peak - before
  blackHole(changes)
  let input = (source.count + target.count) * MemoryLayout<Item>.stride / 1024
  print(peak, input)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--profile-sections" {
  profileSectionsNoChange()
  exit(0)
}
if arguments.first == "--peak", arguments.count == 2 {
  peakChild(arguments[1])
  exit(0)
}
if arguments.first == "--ours" {
  // CatenaDiff alone: minimum and median of 21 runs per workload, for quick comparisons.
  func report<Element: Identifiable & Equatable & Sendable>(_ workload: Workload<Element>)
  where Element.ID: Sendable {
    var times: [Double] = []
    for _ in 0..<21 {
      let duration = ContinuousClock().measure {
        blackHole(try? StagedChangeset(source: workload.source, target: workload.target))
      }
      times.append(
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18)
    }
    times.sort()
    print(pad(workload.name, 20) + "min " + format(times[0]) + "  median " + format(times[10]))
  }
  let names = Set(arguments.dropFirst())
  if names.contains("W1a") { report(Workloads.w1(large: false)) }
  if names.contains("W1b") { report(Workloads.w1(large: true)) }
  if names.contains("W2") { report(Workloads.mixed(count: 10_000, seed: 2, name: "W2 10k")) }
  if names.contains("W3") { report(Workloads.mixed(count: 100_000, seed: 3, name: "W3 100k")) }
  if names.contains("W4") { report(Workloads.mixed(count: 1_000_000, seed: 4, name: "W4 1M")) }
  exit(0)
}
let wanted = Set(arguments)
func include(_ key: String) -> Bool { wanted.isEmpty || wanted.contains(key) }

var rows: [Row] = []
if include("W1a") { rows.append(measure(Workloads.w1(large: false))) }
if include("W1b") { rows.append(measure(Workloads.w1(large: true))) }
if include("W2") { rows.append(measure(Workloads.mixed(count: 10_000, seed: 2, name: "W2 10k"))) }
// Made once: the table rows and the linearity rounds below use the same data.
let w3 = include("W3") ? Workloads.mixed(count: 100_000, seed: 3, name: "W3 100k") : nil
let w4 = include("W4") ? Workloads.mixed(count: 1_000_000, seed: 4, name: "W4 1M") : nil
if let w3 { rows.append(measure(w3)) }
if let w4 { rows.append(measure(w4)) }
if include("sectioned") {
  let workload = SectionedWorkload()
  let source = workload.source
  let target = workload.target
  guard let changes = try? StagedChangeset(source: source, target: target),
    (try? changes.apply(to: source)) == target
  else { fatalError("sectioned: the changeset does not reproduce the target") }
  let ours = median(runs: 7) { blackHole(try? StagedChangeset(source: source, target: target)) }
  let old = workload.sourceIDs
  let new = workload.targetIDs
  let baseline = median(runs: 3) { blackHole(new.difference(from: old).inferringMoves()) }
  rows.append(
    Row(
      name: "sectioned 100×1k", ours: ours, baseline: baseline,
      moves: changes.reduce(0) { $0 + $1.batch.itemMoves.count + $1.batch.sectionMoves.count },
      baselineMoves: nil, stages: changes.count))
}
var smallEdits: [Measured] = []
if include("small") { smallEdits = smallEditMeasurements(rounds: 11) }
if include("unchanged") { rows.append(measure(Workloads.unchanged())) }
if include("replaced") { rows.append(measure(Workloads.replaced())) }
if include("adversarial") { rows.append(measure(Workloads.adversarial())) }
var pagerLine: String?
if include("pager") {
  pagerLine =
    await pagerRatios().map { result in
      String(
        format:
          "pager edit of 1 in 10k through its binding: log off %.3f ms, log on %.3f ms (%.2f×); "
          + "the same work by hand with no log %.3f ms (log off: %.2f× that); "
          + "the same snapshots applied directly %.3f ms (binding with the log off: %.2f× that)",
        result.logOff * 1000, result.logOn * 1000, result.logOn / result.logOff,
        result.byHand * 1000, result.logOff / result.byHand, result.direct * 1000,
        result.logOff / result.direct)
    } ?? "pager: could not build the snapshots"
}
var applyLine: String?
if include("apply") {
  applyLine = { () -> String in
    guard let result = applyRatio() else { return "apply: could not build the snapshots" }
    return String(
      format:
        "apply W3 to a HeadlessTable (20-row viewport): %.2f ms vs diff alone %.2f ms = %.2f× "
        + "(target ≤ 1.5×); %d cells configured per apply",
      result.apply * 500, result.diff * 500, result.apply / result.diff, result.configured)
  }()
}
var scrollLine: String?
if include("scroll") {
  scrollLine = { () -> String in
    guard let result = scrollRatio() else { return "scroll: could not build the snapshots" }
    return String(
      format:
        "1M rows with a rowHeight closure: scroll top → bottom %@ (fixed height %@, %.2f×); "
        + "animated apply of one insert %@ (fixed height %@, %.2f×)", format(result.scroll),
      format(result.fixedScroll), result.scroll / result.fixedScroll, format(result.apply),
      format(result.fixedApply), result.apply / result.fixedApply)
  }()
}

print(
  pad("workload", 20) + pad("CatenaDiff", 13) + pad("stdlib+moves", 14) + pad("ratio", 10)
    + pad("moves (ours / stdlib)", 24) + "stages")
for row in rows {
  let baseline = row.baseline.map(format) ?? "skipped¹"
  let ratio = row.baseline.map { String(format: "%.0f×", $0 / row.ours) } ?? "–"
  let moves = "\(row.moves) / " + (row.baselineMoves.map(String.init) ?? "–")
  print(
    pad(row.name, 20) + pad(format(row.ours), 13) + pad(baseline, 14) + pad(ratio, 10)
      + pad(moves, 24) + "\(row.stages)")
}
if rows.contains(where: { $0.baseline == nil }) {
  print("¹ skipped: the standard library's Myers diff would run longer than 60 s here.")
}
if let w3, let w4 {
  // W3 and W4 timed in alternating rounds, so that drift of a shared machine falls on both:
  // each round times W3 five times (median) and W4 once; the median of the rounds' ratios is
  // the figure, with the medians of each side for reference.
  var ratios: [Double] = []
  var small: [Double] = []
  var large: [Double] = []
  for _ in 0..<15 {
    let t3 = median(runs: 5) {
      blackHole(try? StagedChangeset(source: w3.source, target: w3.target))
    }
    let t4 = median(runs: 1) {
      blackHole(try? StagedChangeset(source: w4.source, target: w4.target))
    }
    small.append(t3)
    large.append(t4)
    ratios.append(t4 / t3)
  }
  func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  print(
    String(
      format:
        "linearity: time(1M) / time(100k) = %.1f (median of 15 alternating rounds; target ≤ 12); "
        + "medians %@ and %@", middle(ratios), format(middle(large)), format(middle(small))))
}
if let applyLine { print(applyLine) }
if let scrollLine { print(scrollLine) }
if let pagerLine { print(pagerLine) }
if !smallEdits.isEmpty {
  print("small edits (median of 11 alternating rounds; what the README states):")
  for edit in smallEdits {
    let claim = Claim.all.first { $0.key == edit.key }?.readme ?? "not stated"
    let ratio =
      edit.key.hasPrefix("no change,")
      ? String(format: "%.2f× of ==", edit.ratio) : String(format: "%.1f× faster", 1 / edit.ratio)
    print(
      "  " + pad(edit.key, 36) + pad(format(edit.ours), 12) + pad(format(edit.baseline), 12)
        + pad(ratio, 16) + "README: " + claim)
  }
}
if include("snapshot") {
  if let result = keepLastRatio() {
    print(
      String(
        format:
          "snapshot: 100k duplicates kept last %@ vs 100k new items appended %@ = %.1f× "
          + "(target: well under 100 ms)", format(result.keepLast), format(result.plain),
        result.keepLast / result.plain))
  } else {
    print("snapshot: the keep-last append did not give the expected items")
  }
}
if include("W4"), let peak = peakMemory(of: "W4") {
  print(
    String(
      format:
        "peak memory of the 1M diff: %.1f MiB above its inputs' %.1f MiB = %.2f× (target ≤ 3×)",
      Double(peak.peakKiB) / 1024, Double(peak.inputKiB) / 1024,
      Double(peak.peakKiB) / Double(peak.inputKiB)))
}
