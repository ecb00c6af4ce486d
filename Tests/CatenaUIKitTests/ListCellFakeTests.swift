#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// The fakes' list cells, content configurations and accessories behave as UIKit documents.
  @MainActor
  @Suite("List cells, content configurations and accessories (fakes)")
  struct ListCellFakeTests {
    @Test func aContentViewIsKeptForContentItSupportsAndReplacedOtherwise() {
      let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
      var content = cell.defaultContentConfiguration()
      content.text = "Ann"
      cell.contentConfiguration = content
      let first = cell.contentView
      #expect((first as? UIListContentView)?.textLabel.text == "Ann")
      content.text = "Bo"
      cell.contentConfiguration = content
      #expect(cell.contentView === first, "a list content view shows list content in place")
      #expect((first as? UIListContentView)?.textLabel.text == "Bo")
      cell.contentConfiguration = RowConfiguration(lines: 2, madeViews: Counter())
      #expect(cell.contentView !== first && cell.contentView is RowView)
      #expect(first.superview == nil, "the replaced view leaves the cell")
    }

    @Test func aTapWhileTheCollectionEditsSelectsNothingUnlessAllowed() throws {
      let (collection, dataSource, _, window) = try reorderableList([Row(1), Row(2)])
      var selected: [Int] = []
      dataSource.didSelect { _, row in selected.append(row.id) }
      #expect(collection.isEditing)
      collection.simulateTap(at: path(0))
      #expect(selected.isEmpty, "UIKit: allowsSelectionDuringEditing is false by default")
      #expect(collection.indexPathsForSelectedItems?.isEmpty ?? true)
      collection.allowsSelectionDuringEditing = true
      collection.simulateTap(at: path(1))
      #expect(selected == [2])
      withExtendedLifetime(window) {}
    }

    @Test func theUpdateHandlerRunsAtLayoutWithTheCellsState() throws {
      let (collection, window) = collectionInWindow()
      var heard: [String] = []
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.title
          cell.contentConfiguration = content
        }
      try dataSource.apply(snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      let cell = try #require(collection.cellForItem(at: path(0)))
      cell.configurationUpdateHandler = { _, state in heard.append("selected \(state.isSelected)") }
      #expect(heard == [], "coalesced until the next layout")
      collection.layoutIfNeeded()
      collection.simulateTap(at: path(0))
      collection.layoutIfNeeded()
      #expect(heard == ["selected false", "selected true"])
      withExtendedLifetime(window) {}
    }

    @Test func behaviorsGiveTheUpdateHandlerAfterEveryApplySoNoneIsStale() throws {
      let (collection, window) = collectionInWindow()
      var heard: [String] = []
      var version = 0
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.title
          cell.contentConfiguration = content
        } behaviors: { cell, _, row in
          let given = version
          cell.configurationUpdateHandler = { _, state in
            if state.isSelected { heard.append("v\(given) r\(row.id)") }
          }
        }
      try dataSource.apply(snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      version = 1
      try dataSource.apply(snapshot([Row(1), Row(2)]))  // equal: no cell is reconfigured
      collection.layoutIfNeeded()
      collection.simulateTap(at: path(1))
      collection.layoutIfNeeded()
      #expect(heard == ["v1 r2"], "the handler of the last apply, not the first")
      withExtendedLifetime(window) {}
    }

    @Test func accessoriesShowByEditingStateAndRunTheirActions() throws {
      let (collection, window) = collectionInWindow()
      var heard: [String] = []
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          cell.accessories = [
            .disclosureIndicator(displayed: .whenNotEditing),
            .delete(),
            .detail { heard.append("detail \(row.id)") },
            .reorder(),
          ]
        }
        .didDelete { _, row in heard.append("delete \(row.id)") }
      collection.collectionViewLayout = dataSource.listLayout(appearance: .plain)
      try dataSource.apply(snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      let cell = try #require(collection.cellForItem(at: path(0)) as? UICollectionViewListCell)
      #expect(cell.shownAccessories == [.disclosureIndicator, .detail])
      #expect(cell.simulateTapAccessory(.delete) == false, "not shown while not editing")
      #expect(cell.simulateTapAccessory(.detail))
      collection.isEditing = true
      #expect(cell.shownAccessories == [.delete, .detail, .reorder])
      // A delete accessory without an action reveals the trailing swipe actions: the list
      // layout's, made from the chain (a localised Delete for a row the chain lets delete).
      #expect(cell.simulateTapAccessory(.delete))
      #expect(collection.calls.last?.contains("swipe trailing") == true)
      #expect(heard == ["detail 1"])
      withExtendedLifetime(window) {}
    }

    @Test func aReorderAccessoryMovesAnItemThroughTheChainsDidMove() throws {
      let (collection, window) = collectionInWindow()
      var moves: [String] = []
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.title
          cell.contentConfiguration = content
          cell.accessories = row.isAd ? [] : [.reorder()]
        }
        .didMove { source, target, row in moves.append("\(row?.id ?? -1): \(source) -> \(target)") }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3), Row(4, isAd: true)]))
      collection.layoutIfNeeded()
      #expect(!collection.simulateReorder(from: path(0), to: path(2)), "not editing: no control")
      collection.isEditing = true
      collection.layoutIfNeeded()
      #expect(!collection.simulateReorder(from: path(3), to: path(0)), "the ad has no control")
      #expect(collection.simulateReorder(from: path(0), to: path(2)))
      collection.layoutIfNeeded()
      #expect(dataSource.snapshot?.allItems.map(\.id) == [2, 3, 1, 4])
      #expect(moves == ["1: 0 - 0 -> 0 - 2"])
      let shown = collection.visibleCells.map {
        ($0.contentConfiguration as? UIListContentConfiguration)?.text ?? ""
      }
      #expect(shown == ["r2", "r3", "r1", "r4"])
      #expect(collection.exceptions == [])
      withExtendedLifetime(window) {}
    }
  }
#endif
