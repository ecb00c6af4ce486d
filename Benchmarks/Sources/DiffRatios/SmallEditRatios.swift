@_spi(Measurement) import CatenaDiff
import DiffWorkloads

/// The median, over alternating rounds, of time(`ours`) / time(`baseline`), each round timing
/// both sides `runs` times (median): drift of a shared machine falls on both sides alike.
func alternatingRatio(
  rounds: Int = 11, runs: Int = 5, _ ours: () -> Void, against baseline: () -> Void
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
  func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return (middle(ratios), middle(oursTimes), middle(baselineTimes))
}

/// A flat list `0..<count` (content = id) and the same list in another buffer.
func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, content: $0) } }

/// The small edits of a real app: each against `==` (no change) or against the same diff with
/// the fast paths off, in one process.
func smallEditLines() -> [String] {
  var lines: [String] = []
  func check<Element: Identifiable & Equatable>(
    _ name: String, _ source: [Element], _ target: [Element]
  ) {
    guard let changes = try? StagedChangeset(source: source, target: target),
      (try? changes.apply(to: source)) == target,
      let full = try? StagedChangeset(source: source, target: target, fastPaths: false),
      changes.reduce(0, { $0 + $1.batch.itemMoves.count })
        == full.reduce(0, { $0 + $1.batch.itemMoves.count })
    else { fatalError("\(name): the fast paths do not reproduce the target minimally") }
  }
  func againstEquality<Element: Identifiable & Equatable>(
    _ name: String, _ source: [Element], _ target: [Element]
  ) {
    check(name, source, target)
    let result = alternatingRatio(
      { blackHole(try? StagedChangeset(source: source, target: target)) },
      against: { blackHole(source == target) })
    lines.append(
      pad(name, 36) + pad(format(result.ours), 12) + pad("== " + format(result.baseline), 16)
        + String(format: "%.2f× of == (target ≤ 2×)", result.ratio))
  }
  func againstFull<Element: Identifiable & Equatable>(
    _ name: String, _ source: [Element], _ target: [Element], target goal: String
  ) {
    check(name, source, target)
    let result = alternatingRatio(
      { blackHole(try? StagedChangeset(source: source, target: target)) },
      against: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: false)) }
    )
    lines.append(
      pad(name, 36) + pad(format(result.ours), 12) + pad("off " + format(result.baseline), 16)
        + String(format: "%.1f× faster (target %@)", 1 / result.ratio, goal))
  }
  typealias Sections = [DiffSection<Group, Item>]
  func checkSections(_ name: String, _ source: Sections, _ target: Sections) {
    guard let changes = try? StagedChangeset(source: source, target: target),
      (try? changes.apply(to: source)) == target,
      let full = try? StagedChangeset(source: source, target: target, fastPaths: false),
      changes.reduce(0, { $0 + $1.batch.itemMoves.count })
        == full.reduce(0, { $0 + $1.batch.itemMoves.count })
    else { fatalError("\(name): the fast paths do not reproduce the target minimally") }
  }
  func sectionsAgainstEquality(_ name: String, _ source: Sections, _ target: Sections) {
    checkSections(name, source, target)
    let result = alternatingRatio(
      { blackHole(try? StagedChangeset(source: source, target: target)) },
      against: { blackHole(source == target) })
    lines.append(
      pad(name, 36) + pad(format(result.ours), 12) + pad("== " + format(result.baseline), 16)
        + String(format: "%.2f× of == (target ≤ 2×)", result.ratio))
  }
  func sectionsAgainstFull(
    _ name: String, _ source: Sections, _ target: Sections, target goal: String = "≥ 8×"
  ) {
    checkSections(name, source, target)
    let result = alternatingRatio(
      { blackHole(try? StagedChangeset(source: source, target: target)) },
      against: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: false)) }
    )
    lines.append(
      pad(name, 36) + pad(format(result.ours), 12) + pad("off " + format(result.baseline), 16)
        + String(format: "%.1f× faster (target %@)", 1 / result.ratio, goal))
  }
  for count in [10_000, 100_000] {
    let label = count == 10_000 ? "10k" : "100k"
    let source = items(count)
    againstEquality("no change, flat \(label)", source, source.map { $0 })
    againstFull(
      "one insert at the top, \(label)", source, [Item(id: -1, content: 0)] + source,
      target: "≥ 10×")
    let page = (count..<(count + 20)).map { Item(id: $0, content: $0) }
    againstFull("a page of 20 appended, \(label)", source, source + page, target: "≥ 10×")
    let earlier = (-20..<0).map { Item(id: $0, content: $0) }
    againstFull("a page of 20 prepended, \(label)", source, earlier + source, target: "≥ 10×")
    var updated = source
    for index in [count / 7, count / 2, count - 3] { updated[index].content += 1 }
    againstFull("three updates, \(label)", source, updated, target: "≥ 10×")
  }
  let sections = (0..<100).map { section in
    DiffSection(
      model: Group(id: section, title: section),
      items: (0..<1_000).map { Item(id: section * 1_000 + $0, content: $0) })
  }
  let sameSections = sections.map { DiffSection(model: $0.model, items: $0.items.map { $0 }) }
  sectionsAgainstEquality("no change, sectioned 100 × 1k", sections, sameSections)
  var inserted = sections
  inserted[42].items.insert(Item(id: -1, content: 0), at: 500)
  sectionsAgainstFull("one insert in 1 of 100 sections", sections, inserted)
  var across = sections
  let travelling = across[10].items.remove(at: 300)
  across[80].items.insert(travelling, at: 700)
  sectionsAgainstFull("one move between 2 of 100 sections", sections, across)
  // The big mixed changes gain nothing from the fast paths; they must not lose either.
  let w2 = Workloads.mixed(count: 10_000, seed: 2, name: "W2")
  againstFull("W2 10k (no slower)", w2.source, w2.target, target: "≥ 1× within noise")
  let w3 = Workloads.mixed(count: 100_000, seed: 3, name: "W3")
  againstFull("W3 100k (no slower)", w3.source, w3.target, target: "≥ 1× within noise")
  let sectioned = SectionedWorkload()
  sectionsAgainstFull(
    "sectioned 100 × 1k (no slower)", sectioned.source, sectioned.target,
    target: "≥ 1× within noise")
  let large = items(100_000)
  var moved = large
  let item = moved.remove(at: 25_000)
  moved.insert(item, at: 75_000)
  againstFull("one move 1/4 → 3/4, 100k", large, moved, target: "≥ 1.5×")
  return lines
}

/// Runs the unchanged sectioned diff in a loop, for a profiler.
func profileSectionsNoChange() {
  let sections = (0..<100).map { section in
    DiffSection(
      model: Group(id: section, title: section),
      items: (0..<1_000).map { Item(id: section * 1_000 + $0, content: $0) })
  }
  let same = sections.map { DiffSection(model: $0.model, items: $0.items.map { $0 }) }
  for _ in 0..<20_000 { blackHole(try? StagedChangeset(source: sections, target: same)) }
}
