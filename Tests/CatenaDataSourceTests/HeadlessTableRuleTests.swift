import CatenaDiff
import Testing

@testable import CatenaDataSource
@testable import CatenaHeadless

/// A data source that only reports row counts, switched from `before` to `after` inside the
/// batch, as a correct data source commits its model.
@MainActor
final class CountsModel: HeadlessTableDataSource {
  var counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in table: HeadlessTable) -> Int { counts.count }
  func table(_ table: HeadlessTable, numberOfRowsInSection section: Int) -> Int { counts[section] }
  func table(_ table: HeadlessTable, cellForRowAt path: ItemPath) throws -> any HeadlessCell {
    try table.dequeueReusableCell(withIdentifier: "row", for: path)
  }
}

/// One rule of the book, with a batch that breaks it and one that keeps it.
struct RuleCase: CustomTestStringConvertible, Sendable {
  var rule: String
  var before: [Int]
  var failing: (update: BatchUpdate, after: [Int])
  var passing: (update: BatchUpdate, after: [Int])
  /// The rule the error names; B2 (index spaces) breaks show up as B14 (counts), as in UIKit.
  var reportedAs: String { rule == "B2" ? "B14" : rule }
  var testDescription: String { rule }
}

func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }
func mv(_ from: ItemPath, _ to: ItemPath) -> ItemMove { ItemMove(from: from, to: to) }

let ruleCases: [RuleCase] = [
  RuleCase(
    rule: "B2", before: [3],
    failing: (BatchUpdate(itemInserts: [p(0, 3)]), [3]),
    passing: (BatchUpdate(itemDeletes: [p(0, 2)], itemInserts: [p(0, 2)]), [3])),
  RuleCase(
    rule: "B4", before: [2],
    failing: (BatchUpdate(itemDeletes: [p(0, 5)]), [1]),
    passing: (BatchUpdate(itemDeletes: [p(0, 1)]), [1])),
  RuleCase(
    rule: "B5", before: [3],
    failing: (BatchUpdate(itemDeletes: [p(0, 0)], itemInserts: [p(0, 5)]), [3]),
    passing: (BatchUpdate(itemDeletes: [p(0, 0)], itemInserts: [p(0, 2)]), [3])),
  RuleCase(
    rule: "B6", before: [2],
    failing: (BatchUpdate(itemDeletes: [p(0, 1)], itemReloads: [p(0, 1)]), [1]),
    passing: (BatchUpdate(itemDeletes: [p(0, 1)], itemReloads: [p(0, 0)]), [1])),
  RuleCase(
    rule: "B7", before: [2],
    failing: (BatchUpdate(itemDeletes: [p(0, 0)], itemMoves: [mv(p(0, 0), p(0, 0))]), [1]),
    passing: (BatchUpdate(itemDeletes: [p(0, 0)], itemMoves: [mv(p(0, 1), p(0, 0))]), [1])),
  RuleCase(
    rule: "B8", before: [2],
    failing: (BatchUpdate(itemInserts: [p(0, 0)], itemMoves: [mv(p(0, 1), p(0, 0))]), [3]),
    passing: (BatchUpdate(itemInserts: [p(0, 0)], itemMoves: [mv(p(0, 1), p(0, 1))]), [3])),
  RuleCase(
    rule: "B9", before: [3],
    failing: (BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 2)), mv(p(0, 1), p(0, 2))]), [3]),
    passing: (BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 2)), mv(p(0, 1), p(0, 0))]), [3])),
  RuleCase(
    rule: "B10", before: [1, 0],
    failing: (BatchUpdate(sectionDeletes: [0], itemMoves: [mv(p(0, 0), p(0, 0))]), [1]),
    passing: (BatchUpdate(itemMoves: [mv(p(0, 0), p(1, 0))]), [0, 1])),
  RuleCase(
    rule: "B12", before: [2],
    failing: (BatchUpdate(itemDeletes: [p(0, 0), p(0, 0)]), [1]),
    passing: (BatchUpdate(itemDeletes: [p(0, 0), p(0, 1)]), [0])),
  RuleCase(
    rule: "B13", before: [1],
    failing: (BatchUpdate(sectionInserts: [0]), [1]),
    passing: (BatchUpdate(sectionInserts: [0]), [0, 1])),
  RuleCase(
    rule: "B14", before: [1],
    failing: (BatchUpdate(itemInserts: [p(0, 0)]), [1]),
    passing: (BatchUpdate(itemInserts: [p(0, 0)]), [2])),
  RuleCase(
    rule: "B16", before: [2],
    failing: (BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 1))], itemReconfigures: [p(0, 0)]), [2]),
    passing: (BatchUpdate(itemMoves: [mv(p(0, 0), p(0, 1))], itemReconfigures: [p(0, 1)]), [2])),
]

@MainActor
@Suite("Headless table enforces every batch-update rule")
struct HeadlessTableRuleTests {
  func table(_ model: CountsModel) -> HeadlessTable {
    let table = HeadlessTable()
    table.register(TextCell.self, forCellReuseIdentifier: "row")
    table.dataSource = model
    table.reloadData()
    return table
  }

  @Test(arguments: ruleCases)
  func rejectsTheBrokenBatchAndAppliesTheGoodOne(_ rule: RuleCase) throws {
    let model = CountsModel(rule.before)
    let broken = table(model)
    let error = #expect(throws: DataSourceError.self) {
      try broken.performBatchUpdates(rule.failing.update) { model.counts = rule.failing.after }
    }
    #expect(error?.batchError?.rule == rule.reportedAs)
    #expect(broken.rowCounts == rule.before, "the rejected batch changes nothing on screen")

    let goodModel = CountsModel(rule.before)
    let good = table(goodModel)
    try good.performBatchUpdates(rule.passing.update) { goodModel.counts = rule.passing.after }
    #expect(good.rowCounts == rule.passing.after)
  }

  @Test func b1NestedBatchesCountAsTheOuterOne() throws {
    let model = CountsModel([1])
    let table = table(model)
    try table.performBatchUpdates { () throws(DataSourceError) in
      try table.performBatchUpdates { () throws(DataSourceError) in
        try table.insertRows(at: [p(0, 0)])
      }
      model.counts = [3]
      try table.insertRows(at: [p(0, 1)])
    }
    #expect(table.rowCounts == [3])
  }

  @Test func b11AbsorbedOperationsPassWithAWarning() throws {
    let model = CountsModel([2])
    let table = table(model)
    let warnings = try table.performBatchUpdates(
      BatchUpdate(sectionDeletes: [0], sectionInserts: [0], itemDeletes: [p(0, 0)])
    ) { model.counts = [5] }
    #expect(warnings.map(\.kind) == [.absorbedOperation])
  }

  @Test func b15TheModelMustChangeInsideTheBatch() {
    let model = CountsModel([1])
    let table = table(model)
    model.counts = [2]  // too early: read as the count before the batch
    #expect(throws: DataSourceError.self) {
      try table.performBatchUpdates(BatchUpdate(itemInserts: [p(0, 0)])) {}
    }
  }

  @Test func b17TheTableIsStrictWhereOldUIKitOnlyLogged() {
    // UITableView on old SDKs degrades a move into an inserted section to reloadData; the
    // headless table fails so the bug shows in tests.
    let model = CountsModel([1])
    let table = table(model)
    let error = #expect(throws: DataSourceError.self) {
      try table.performBatchUpdates(
        BatchUpdate(sectionInserts: [1], itemMoves: [mv(p(0, 0), p(1, 0))])
      ) { model.counts = [0, 1] }
    }
    #expect(error?.batchError?.message == "cannot move an item into a newly inserted section")
  }
}
