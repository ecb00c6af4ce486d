import CatenaDiff
import Testing

/// Everything a staged changeset promises, checked stage by stage: each batch passes UIKit's
/// rules without a warning, applying it reproduces the stage's data, reconfigures never share a
/// batch with structure, and the last stage leaves exactly the target.
func checkStages<Element: Identifiable & Equatable>(
  _ changes: StagedChangeset<[Element]>, from source: [Element], to target: [Element],
  seed: UInt64? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let context = Comment(rawValue: seed.map { "seed \($0)" } ?? "hand-written case")
  var current = source
  for stage in changes {
    #expect(!stage.batch.isEmpty, context, sourceLocation: sourceLocation)
    let warnings = try stage.batch.validate(
      rowCountsBefore: [current.count], rowCountsAfter: [stage.data.count])
    #expect(warnings.isEmpty, "\(context): \(warnings)", sourceLocation: sourceLocation)
    #expect(
      !(stage.batch.changesStructure && !stage.batch.itemReconfigures.isEmpty), context,
      sourceLocation: sourceLocation)
    current = try stage.apply(to: current)
    #expect(current.map(\.id) == stage.data.map(\.id), context, sourceLocation: sourceLocation)
  }
  #expect(current == target, context, sourceLocation: sourceLocation)
}

/// The sectioned counterpart of the flat check.
func checkStages<Model, Item>(
  _ changes: StagedChangeset<[DiffSection<Model, Item>]>, from source: [DiffSection<Model, Item>],
  to target: [DiffSection<Model, Item>], seed: UInt64? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let context = Comment(rawValue: seed.map { "seed \($0)" } ?? "hand-written case")
  var current = source
  for stage in changes {
    #expect(!stage.batch.isEmpty, context, sourceLocation: sourceLocation)
    let warnings = try stage.batch.validate(
      rowCountsBefore: current.map(\.items.count), rowCountsAfter: stage.data.map(\.items.count))
    #expect(warnings.isEmpty, "\(context): \(warnings)", sourceLocation: sourceLocation)
    let reconfigures = !stage.batch.itemReconfigures.isEmpty || !stage.batch.sectionUpdates.isEmpty
    #expect(
      !(stage.batch.changesStructure && reconfigures), context, sourceLocation: sourceLocation)
    current = try stage.apply(to: current)
    #expect(current.map(\.id) == stage.data.map(\.id), context, sourceLocation: sourceLocation)
    #expect(
      current.map { $0.items.map(\.id) } == stage.data.map { $0.items.map(\.id) }, context,
      sourceLocation: sourceLocation)
  }
  #expect(current == target, context, sourceLocation: sourceLocation)
}

/// The length of a longest increasing subsequence, by the quadratic textbook method: an
/// independent reference for the move count.
func referenceLISLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}
