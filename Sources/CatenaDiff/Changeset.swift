/// One stage of a staged changeset: a batch update a table can perform in one
/// `performBatchUpdates` call, and the data the table must show once it has.
///
/// A data source commits ``data`` inside the batch (UIKit reads the counts when the batch opens
/// and again when it closes), then the table applies ``batch``.
public struct Changeset<Data> {
  /// The data to expose after this stage. Ids and order are exact; items whose content changes
  /// in a later stage may already carry their new content.
  public var data: Data
  /// The operations of this stage, valid under UIKit's batch-update rules.
  public var batch: BatchUpdate

  /// Creates a stage from its data and its operations.
  public init(data: Data, batch: BatchUpdate) {
    self.data = data
    self.batch = batch
  }
}

extension Changeset: Sendable where Data: Sendable {}
extension Changeset: Equatable where Data: Equatable {}

/// The difference between two collections as an ordered list of stages, each one valid as a
/// single batch update of a table.
///
/// Create one with `init(source:target:)` for a flat array, or with the sectioned initializer
/// for an array of ``DiffSection``s. Identity comes from `Identifiable.id`, content from
/// `Equatable` (an element of plain data that is bit for bit what it was is unchanged without
/// calling `==`, even when it holds a NaN that `==` calls unequal to itself). An element that
/// keeps its id but changes its content is an *update* (the table
/// reconfigures its cell), never a delete plus insert. Moves are minimal: only elements off a
/// longest increasing subsequence of their old positions move.
///
/// ```swift
/// struct Row: Identifiable, Equatable { var id: Int; var title: String }
/// let old = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
/// let new = [Row(id: 2, title: "B"), Row(id: 3, title: "c")]
/// let changes = try StagedChangeset(source: old, target: new)
/// for stage in changes {
///   // table.performBatchUpdates { dataSource.data = stage.data; apply(stage.batch) }
/// }
/// ```
///
/// Stage order for flat data: (1) deletes, inserts and moves, (2) updates. For sectioned data
/// without section moves the same two stages carry section deletes and inserts too; with section
/// moves the structure is split so that no section moves in a batch that also changes its rows:
/// (1) deletes, (2) section inserts and moves, (3) item inserts and moves, (4) updates. Empty
/// stages are left out.
public struct StagedChangeset<Data> {
  @usableFromInline var stages: [Changeset<Data>]

  /// Creates a staged changeset from its stages, in the order a table performs them.
  public init(_ stages: [Changeset<Data>]) {
    self.stages = stages
  }
}

extension StagedChangeset: RandomAccessCollection {
  /// The position of the first stage.
  public var startIndex: Int { stages.startIndex }
  /// The position after the last stage.
  public var endIndex: Int { stages.endIndex }
  /// The stage at `position`.
  public subscript(position: Int) -> Changeset<Data> { stages[position] }
}

extension StagedChangeset: Sendable where Data: Sendable {}
extension StagedChangeset: Equatable where Data: Equatable {}

extension StagedChangeset {
  /// The total number of operations over all stages.
  public var operationCount: Int { stages.reduce(0) { $0 + $1.batch.operationCount } }
}
