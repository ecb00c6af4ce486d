#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N11: a snapshot's batch commits the model inside `performBatchUpdates`, after the view has
  /// opened the batch, as UIKit's documentation asks.
  @MainActor
  @Suite("N11 the model is committed inside performBatchUpdates")
  struct CommitInsideTests {
    @Test("N11 when a batch opens, the data source still answers the counts before it")
    func theModelChangesInsideTheBatch() throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let table = OpeningTable(frame: window.frame, style: .plain)
      window.addSubview(table)
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      try dataSource.apply(try snapshot([Row(1), Row(2), Row(3)]))
      #expect(table.countsAtOpen == [[2]])
      #expect(table.exceptions == [])
      #expect(table.shownTitles == ["r1", "r2", "r3"])
      withExtendedLifetime(window) {}
    }

    @Test("N11 the count-closure style still commits first and is checked after")
    func countModeCommitsBeforeTheBatch() throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let table = OpeningTable(frame: window.frame, style: .plain)
      window.addSubview(table)
      var rows = ["a"]
      let dataSource = SectionedDataSource<Int, Row>()
        .bind(table).configureCell(TitleCell.self, reuseIdentifier: "title") { _, _ in }
        .sectionsNumber { 1 }
        .rowsNumber { _ in rows.count }
      dataSource.reload()
      table.layoutIfNeeded()
      try dataSource.performUpdates(BatchUpdate(itemInserts: [ItemPath(item: 1, section: 0)])) {
        rows.append("b")
      }
      #expect(table.countsAtOpen == [[2]])
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }
  }

  /// A table that notes what its data source answers when a batch opens.
  final class OpeningTable: UITableView {
    var countsAtOpen: [[Int]] = []
    override func performBatchUpdates(
      _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
      if let dataSource {
        countsAtOpen.append(
          (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.tableView(self, numberOfRowsInSection: $0)
          })
      }
      super.performBatchUpdates(updates, completion: completion)
    }
  }
#endif
