// The diff workloads for `swift package benchmark` (ordo-one/benchmark): wall clock, peak
// resident memory and allocations of CatenaDiff and of the standard library's
// `CollectionDifference` + `inferringMoves()` on the same data. `DiffRatios` prints the ratios
// of the same pairs in one table.
import Benchmark
import CatenaDiff
import DiffWorkloads

/// Registers CatenaDiff and, where it finishes in reasonable time, the standard library on
/// `workload`.
func register<Element: Identifiable & Equatable & Sendable>(
  _ workload: Workload<Element>, baselineIterations: Int
) where Element.ID: Sendable {
  Benchmark("\(workload.name) CatenaDiff") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? StagedChangeset(source: workload.source, target: workload.target))
    }
  }
  guard workload.baselineFeasible, baselineIterations > 0 else { return }
  let old = workload.sourceIDs
  let new = workload.targetIDs
  Benchmark(
    "\(workload.name) stdlib difference+inferringMoves",
    configuration: .init(maxIterations: baselineIterations)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(new.difference(from: old).inferringMoves())
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
    warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 50)
  register(Workloads.w1(large: false), baselineIterations: 20)
  register(Workloads.w1(large: true), baselineIterations: 3)
  register(Workloads.mixed(count: 10_000, seed: 2, name: "W2 10k"), baselineIterations: 20)
  register(Workloads.mixed(count: 100_000, seed: 3, name: "W3 100k"), baselineIterations: 3)
  // W4's standard-library run would take about ten minutes (quadratic): skipped.
  register(Workloads.mixed(count: 1_000_000, seed: 4, name: "W4 1M"), baselineIterations: 0)
  register(Workloads.unchanged(), baselineIterations: 20)
  register(Workloads.replaced(), baselineIterations: 0)
  register(Workloads.adversarial(), baselineIterations: 3)
  let sectioned = SectionedWorkload()
  Benchmark("sectioned 100×1k CatenaDiff") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? StagedChangeset(source: sectioned.source, target: sectioned.target))
    }
  }
}
