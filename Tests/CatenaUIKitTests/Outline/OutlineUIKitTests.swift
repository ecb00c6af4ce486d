#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaOutline
  import CatenaPaging
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A folder or file of the outline tests.
  struct Entry: Identifiable, Equatable, Sendable {
    var id: String
  }

  let entries = [
    OutlineNode(Entry(id: "Documents"), children: [OutlineNode(Entry(id: "CV.pdf"))]),
    OutlineNode(Entry(id: "notes.txt")),
  ]

  extension UITableViewCell {
    /// The outline disclosure the cell shows in its content view, if any.
    var outlineChevron: OutlineChevron? {
      contentView.subviews.lazy.compactMap { $0 as? OutlineChevron }.first { !$0.isHidden }
    }
  }

  @MainActor
  @Suite("Outlines on UIKit lists: indentation and a disclosure that opens and closes")
  struct OutlineUIKitTests {
    /// The chevron a cell shows, if any.
    func chevron(_ cell: UIView?) -> OutlineChevron? {
      if let cell = cell as? UITableViewCell { return cell.outlineChevron }
      guard let cell = cell as? UICollectionViewListCell else { return nil }
      for accessory in cell.accessories {
        if case .customView(let view) = accessory.accessoryType,
          let chevron = view as? OutlineChevron
        {
          return chevron
        }
      }
      return nil
    }

    /// An outline of `entries` on `list` (a table or a collection view), its rows showing
    /// content configurations.
    func outline(
      on list: some UIScrollView
    ) throws -> (Outline<Entry>, SectionedDataSource<String, OutlineRow<Entry>>) {
      let files = Outline<Entry>()
      let dataSource = SectionedDataSource<String, OutlineRow<Entry>>()
        .configureCell { _, row in
          var content = UIListContentConfiguration.cell()
          content.text = row.item?.id
          return content
        }
      if let table = list as? UITableView { dataSource.bind(table) }
      if let collection = list as? UICollectionView { dataSource.bind(collection) }
      files.bind(dataSource, section: "files")
      try files.apply(entries, animated: false)
      return (files, dataSource)
    }

    @Test func aCollectionListIndentsRowsAndItsChevronOpensAFolderInOneInsertBatch() throws {
      let (collection, window) = collectionInWindow()
      collection.collectionViewLayout = UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .sidebar))
      let (files, dataSource) = try outline(on: collection)
      collection.layoutIfNeeded()
      let folder = try #require(collection.cellForItem(at: path(0)) as? UICollectionViewListCell)
      let closed = try #require(chevron(folder))
      #expect(!closed.isExpanded && closed.accessibilityLabel == "Expand")
      #expect(chevron(collection.cellForItem(at: path(1))) == nil, "a file has none")
      let before = collection.calls.count
      closed.sendActions(for: .touchUpInside)
      collection.layoutIfNeeded()
      #expect(files.expandedIDs == ["Documents"])
      let batches = collection.calls.dropFirst(before).filter {
        $0.hasPrefix("performBatchUpdates")
      }
      #expect(batches == ["performBatchUpdates [Insert row (0 - 1)]"])
      #expect(collection.cellForItem(at: path(0)) === folder, "the folder's cell stays")
      #expect(
        chevron(folder)?.isExpanded == true && chevron(folder)?.accessibilityLabel == "Collapse")
      let child = try #require(collection.cellForItem(at: path(1)) as? UICollectionViewListCell)
      #expect(child.indentationLevel == 1 && folder.indentationLevel == 0)
      chevron(folder)?.sendActions(for: .touchUpInside)
      #expect(files.expandedIDs.isEmpty)
      #expect(collection.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aCollectionListReordersAnOutlineByItsRuleThroughTheReorderAccessory() async throws {
      let (collection, window) = collectionInWindow()
      collection.collectionViewLayout = UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .sidebar))
      let files = Outline<Entry>().canPlace { item, parent in
        parent.map { !$0.id.contains(".") } ?? !item.id.contains(".")
      }
      var moves: [String] = []
      files.didPlace { item, place in moves.append("\(item.id) → \(place.parent ?? "top")") }
      let dataSource = SectionedDataSource<String, OutlineRow<Entry>>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.item?.id
          cell.contentConfiguration = content
          cell.accessories = [.reorder()]
        }
      files.bind(dataSource, section: "files")
      let clock = ManualClock()
      dataSource.reorderClock = clock
      try files.apply(entries + [OutlineNode(Entry(id: "Music"), children: [])], animated: false)
      try files.expand("Documents", animated: false)
      collection.isEditing = true
      collection.layoutIfNeeded()
      // Documents, CV.pdf, notes.txt, Music: a file held at the top goes back.
      #expect(collection.simulateLift(at: path(2)))
      #expect(collection.simulateDragOver(path(0)) == path(2))
      // Held between CV.pdf and Music: after CV.pdf, in Documents.
      #expect(collection.simulateDragOver(path(2)) == path(2))
      #expect(collection.simulateDragOver(path(1)) == path(1))
      #expect(collection.simulateDrop())
      // The drop ends once its animation has (opted in: the fakes animate a drop, as UIKit
      // does); then the moved row shows at its new depth.
      #expect(collection.simulateDropAnimationEnd())
      try await tickUntilReorderEnds(dataSource, clock)
      for _ in 0..<1_000 where dataSource.snapshot?.allItems[1].depth != 1 { await Task.yield() }
      collection.layoutIfNeeded()
      #expect(moves == ["notes.txt → Documents"])
      #expect(files.roots.first?.children?.map(\.item.id) == ["notes.txt", "CV.pdf"])
      let shown = collection.visibleCells.compactMap {
        ($0 as? UICollectionViewListCell).map { cell in
          "\(cell.indentationLevel) \((cell.contentConfiguration as? UIListContentConfiguration)?.text ?? "")"
        }
      }
      #expect(shown == ["0 Documents", "1 notes.txt", "1 CV.pdf", "0 Music"])
      #expect(
        chevron(collection.visibleCells.first) != nil, "the chevron kept beside the reorder control"
      )
      #expect(collection.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aTableIndentsRowsThroughItsDelegateAndATapOpensAFolder() throws {
      let (table, window) = tableInWindow()
      let (files, dataSource) = try outline(on: table)
      table.layoutIfNeeded()
      table.simulateTap(at: path(0))
      table.layoutIfNeeded()
      #expect(files.expandedIDs == ["Documents"])
      #expect(table.cellForRow(at: path(1))?.indentationLevel == 1 + OutlineChevron.gutterLevels)
      #expect(chevron(table.cellForRow(at: path(0)))?.isExpanded == true)
      #expect(chevron(table.cellForRow(at: path(1))) == nil)
      #expect(table.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
