#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  @MainActor
  @Suite("A collection list's layout made from the chain")
  struct ListLayoutTests {
    @Test func headersFootersAndSwipeActionsComeFromTheChain() throws {
      var heard: [String] = []
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { cell, _, row in
          cell.title = row.title
        }
        .headerTitle { _, folder in folder }
        .swipeActions(.trailing) { _, row in
          [
            SwipeAction("Archive") { done in
              heard.append("archive \(row.id)")
              done(true)
            },
            SwipeAction("Delete", style: .destructive) { done in done(true) },
          ]
        }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1), Row(2)]), ("Sent", [Row(3)])]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty)
      let header = collection.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 1))
      #expect((header as? SectionTitleView)?.title == "Sent")
      #expect(
        collection.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionFooter,
          at: IndexPath(item: 0, section: 0)) == nil, "no footer in the chain: none asked for")

      let swipe = collection.simulateSwipe(at: IndexPath(item: 1, section: 0), leading: false)
      #expect(swipe?.actions.map(\.title) == ["Archive", "Delete"])
      #expect(swipe?.actions.last?.style == .destructive)
      if let archive = swipe?.actions.first { collection.simulateTap(on: archive) }
      #expect(heard == ["archive 2"])
      #expect(collection.simulateSwipe(at: IndexPath(item: 0, section: 0), leading: true) == nil)
      withExtendedLifetime(window) {}
    }

    @Test func swipeActionsGivenAfterTheLayoutStillShowAndAConfigureChangesItLast() throws {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
      var configured: UICollectionLayoutListConfiguration?
      let layout = dataSource.listLayout { configuration in
        configuration.showsSeparators = false
        configured = configuration
      }
      #expect(configured?.appearance == .insetGrouped)
      #expect(configured?.headerMode == UICollectionLayoutListConfiguration.HeaderMode.none)
      dataSource.swipeActions(.leading) { _, _ in [SwipeAction("Pin") { done in done(true) }] }
      let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
      dataSource.bind(collection)
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1)])]))
      let swipe = collection.simulateSwipe(at: IndexPath(item: 0, section: 0), leading: true)
      #expect(swipe?.actions.map(\.title) == ["Pin"])
    }

    @Test func theLayoutDoesNotKeepItsDataSourceAlive() {
      weak var released: SectionedDataSource<String, Row>?
      var layout: UICollectionViewCompositionalLayout?
      do {
        let dataSource = SectionedDataSource<String, Row>()
          .swipeActions(.trailing) { _, _ in [SwipeAction("Archive") { done in done(true) }] }
        released = dataSource
        layout = dataSource.listLayout()
      }
      #expect(released == nil)
      let collection = UICollectionView(
        frame: .zero,
        collectionViewLayout: layout
          ?? .list(
            using: UICollectionLayoutListConfiguration(appearance: .plain)))
      #expect(collection.simulateSwipe(at: IndexPath(item: 0, section: 0), leading: false) == nil)
    }

    @Test func theSectionIndexLeadsToItsSections() throws {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, letter in letter }
        .sectionIndexTitle { _, letter in letter == "B" ? nil : letter }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      let letters = ["A", "B", "C"]
      try dataSource.apply(
        snapshot(
          sections: letters.enumerated().map { index, letter in
            (letter, (0..<10).map { Row(index * 10 + $0) })
          }))
      collection.layoutIfNeeded()
      #expect(collection.shownIndexTitles == ["A", "C"], "B is left out of the index")
      collection.simulateIndexTitleTap(at: 1)
      // C's header rests at the top: two sections of a header and ten items are above it (A's
      // header measured as tall as its title, B's still at its estimate: UIKit measures a
      // header when it comes on screen).
      let header = try #require(
        collection.layoutAttributesForSupplementaryElement(
          ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)
        )?.frame.height)
      let cTop = try #require(
        collection.layoutAttributesForSupplementaryElement(
          ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 2)
        )?.frame.minY)
      #expect(header > 0)
      #expect(cTop == header + 10 * 44 + collection.fakeSupplementaryHeight + 10 * 44)
      #expect(abs(collection.contentOffset.y - cTop) < 0.001)
      #expect(collection.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 2))
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func aDeletableItemOffersDeleteAsATableRowDoes() throws {
      var deleted: [Int] = []
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .didDelete { _, row in deleted.append(row.id) }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1), Row(2), Row(3)])]))
      collection.layoutIfNeeded()
      let path = IndexPath(item: 1, section: 0)
      #expect(
        collection.simulateSwipe(at: path, leading: true) == nil, "nothing on the leading edge")
      let swipe = collection.simulateSwipe(at: path, leading: false)
      #expect(swipe?.actions.map(\.title) == [CatenaStrings.string(.delete)])
      #expect(swipe?.actions.first?.style == .destructive)
      if let delete = swipe?.actions.first { collection.simulateTap(on: delete) }
      collection.layoutIfNeeded()
      #expect(deleted == [2])
      #expect(dataSource.snapshot?.allItems.map(\.id) == [1, 3])
      #expect(collection.numberOfItems(inSection: 0) == 2)
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test func deleteTappedAfterAnApplyMovedTheRowDeletesTheItemThatWasSwiped() throws {
      var deleted: [Int] = []
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .didDelete { _, row in deleted.append(row.id) }
      let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440),
        collectionViewLayout: dataSource.listLayout(appearance: .plain))
      dataSource.bind(collection)
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1), Row(2), Row(3)])]))
      let swipe = collection.simulateSwipe(at: IndexPath(item: 1, section: 0), leading: false)
      // While the button shows, a new mail arrives above: row 1 is now another mail.
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(0), Row(1), Row(2), Row(3)])]))
      if let delete = swipe?.actions.first { collection.simulateTap(on: delete) }
      #expect(deleted == [2], "the mail that was swiped, wherever it is now")
      #expect(dataSource.snapshot?.allItems.map(\.id) == [0, 1, 3])

      // Gone before the tap (deleted elsewhere): nothing more is deleted.
      let again = collection.simulateSwipe(at: IndexPath(item: 2, section: 0), leading: false)
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(0), Row(1)])]))
      if let delete = again?.actions.first { collection.simulateTap(on: delete) }
      #expect(deleted == [2])
      #expect(dataSource.snapshot?.allItems.map(\.id) == [0, 1])
    }
  }
#endif
