@_spi(Measurement) import CatenaDiff
import DiffWorkloads

/// A flat list `0..<count` (content = id) and the same list in another buffer.
public func items(_ count: Int) -> [Item] { (0..<count).map { Item(id: $0, content: $0) } }

/// The small edits of a real app: each against `==` (no change) or against the same diff with
/// the fast paths off, in one process, over `rounds` alternating rounds.
public func smallEditMeasurements(rounds: Int) -> [Measured] {
  var measured: [Measured] = []
  func record(_ name: String, _ ours: () -> Void, against baseline: () -> Void) {
    let result = alternatingRatio(rounds: rounds, ours, against: baseline)
    measured.append(
      Measured(name, ratio: result.ratio, ours: result.ours, baseline: result.baseline))
  }
  // The changeset with the fast paths reproduces the target with as few moves as without.
  func check(_ name: String, moves: Int?, full: Int?) {
    guard let moves, moves == full else {
      fatalError("\(name): the fast paths do not reproduce the target minimally")
    }
  }
  func moves<Element: Identifiable & Equatable>(
    _ source: [Element], _ target: [Element], fastPaths: Bool
  ) -> Int? {
    guard let changes = try? StagedChangeset(source: source, target: target, fastPaths: fastPaths),
      (try? changes.apply(to: source)) == target
    else { return nil }
    return changes.reduce(0) { $0 + $1.batch.itemMoves.count }
  }
  // Checks the change, then times the diff against `baseline`, or against itself with the
  // fast paths off.
  func measure(
    _ name: String, moves: (Bool) -> Int?, diff: (Bool) -> Void, baseline: (() -> Void)? = nil
  ) {
    check(name, moves: moves(true), full: moves(false))
    if let baseline {
      record(name, { diff(true) }, against: baseline)
    } else {
      record(name, { diff(true) }, against: { diff(false) })
    }
  }
  func againstEquality<Element: Identifiable & Equatable>(
    _ name: String, _ source: [Element], _ target: [Element]
  ) {
    measure(
      name, moves: { moves(source, target, fastPaths: $0) },
      diff: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: $0)) },
      baseline: { blackHole(equal(source, target)) })
  }
  func againstFull<Element: Identifiable & Equatable>(
    _ name: String, _ source: [Element], _ target: [Element]
  ) {
    measure(
      name, moves: { moves(source, target, fastPaths: $0) },
      diff: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: $0)) })
  }
  typealias Sections = [DiffSection<Group, Item>]
  func moves(_ source: Sections, _ target: Sections, fastPaths: Bool) -> Int? {
    guard let changes = try? StagedChangeset(source: source, target: target, fastPaths: fastPaths),
      (try? changes.apply(to: source)) == target
    else { return nil }
    return changes.reduce(0) { $0 + $1.batch.itemMoves.count }
  }
  func sectionsAgainstEquality(_ name: String, _ source: Sections, _ target: Sections) {
    measure(
      name, moves: { moves(source, target, fastPaths: $0) },
      diff: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: $0)) },
      baseline: { blackHole(equal(source, target)) })
  }
  func sectionsAgainstFull(_ name: String, _ source: Sections, _ target: Sections) {
    measure(
      name, moves: { moves(source, target, fastPaths: $0) },
      diff: { blackHole(try? StagedChangeset(source: source, target: target, fastPaths: $0)) })
  }
  for count in [10_000, 100_000] {
    let label = count == 10_000 ? "10k" : "100k"
    let source = items(count)
    againstEquality("no change, flat \(label)", source, source.map { $0 })
    againstFull(
      "one insert at the top, \(label)", source, [Item(id: -1, content: 0)] + source)
    let page = (count..<(count + 20)).map { Item(id: $0, content: $0) }
    againstFull("a page of 20 appended, \(label)", source, source + page)
    let earlier = (-20..<0).map { Item(id: $0, content: $0) }
    againstFull("a page of 20 prepended, \(label)", source, earlier + source)
    var updated = source
    for index in [count / 7, count / 2, count - 3] { updated[index].content += 1 }
    againstFull("three updates, \(label)", source, updated)
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
  againstFull("W2 10k (no slower)", w2.source, w2.target)
  let w3 = Workloads.mixed(count: 100_000, seed: 3, name: "W3")
  againstFull("W3 100k (no slower)", w3.source, w3.target)
  let sectioned = SectionedWorkload()
  sectionsAgainstFull(
    "sectioned 100 × 1k (no slower)", sectioned.source, sectioned.target)
  let large = items(100_000)
  var moved = large
  let item = moved.remove(at: 25_000)
  moved.insert(item, at: 75_000)
  againstFull("one move 1/4 → 3/4, 100k", large, moved)
  return measured
}

/// Whether `left == right`, out of the optimiser's sight: a comparison of two values it can
/// see are unchanged between calls would be hoisted out of the timing loop, and the baseline
/// would time nothing.
@inline(never)
func equal<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
  let same = left == right
  comparisons &+= 1  // a side effect: the calls cannot be merged or hoisted
  return same
}
nonisolated(unsafe) var comparisons = 0

/// Runs the unchanged sectioned diff in a loop, for a profiler.
public func profileSectionsNoChange() {
  let sections = (0..<100).map { section in
    DiffSection(
      model: Group(id: section, title: section),
      items: (0..<1_000).map { Item(id: section * 1_000 + $0, content: $0) })
  }
  let same = sections.map { DiffSection(model: $0.model, items: $0.items.map { $0 }) }
  for _ in 0..<20_000 { blackHole(try? StagedChangeset(source: sections, target: same)) }
}
