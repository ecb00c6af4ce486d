#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A collection view keeps its supplementary views across a batch and asks for one only
  /// when it appears; a changed section title reaches the view on screen (R3-F3, R3-N5).
  @MainActor
  @Suite("Collection-list section views across batches (R3-F3, R3-N5)")
  struct SupplementaryViewTests {
    func header(_ collection: UICollectionView, _ section: Int) -> UICollectionReusableView? {
      collection.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section))
    }

    /// Unread counts the titles of ``mailList()`` read; a test changes them.
    final class UnreadCounts {
      var counts = ["Inbox": 2, "Sent": 0]
    }

    /// A collection list whose section titles are folders with their unread counts.
    func mailList() -> (
      UICollectionView, SectionedDataSource<String, Row>, UnreadCounts, UIWindow
    ) {
      let (collection, window) = listInWindow(footers: false)
      let unread = UnreadCounts()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, folder in folder.map { "\($0) (\(unread.counts[$0] ?? 0))" } }
      return (collection, dataSource, unread, window)
    }

    @Test func aBatchOfItemsKeepsTheHeadersOnScreenWithoutAskingForThem() throws {
      let (collection, window) = listInWindow(footers: false)
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, id in id }
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1)]), ("Sent", [Row(2)])]))
      collection.layoutIfNeeded()
      let inbox = try #require(header(collection, 0))
      let reused = inbox.reuseCount
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(3), Row(1)]), ("Sent", [Row(2)])]))
      collection.layoutIfNeeded()
      #expect(header(collection, 0) === inbox, "the view on screen stays")
      #expect(inbox.reuseCount == reused, "it was not handed back and dequeued again")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aHeaderOffScreenIsNoneAndShowsItsTitleOfNowWhenItComesBack() throws {
      let (collection, dataSource, unread, window) = mailList()
      let inbox = (0..<20).map { Row($0) }
      try dataSource.apply(snapshot(sections: [("Inbox", inbox), ("Sent", [Row(30)])]))
      collection.layoutIfNeeded()
      #expect(header(collection, 0) != nil && header(collection, 1) == nil, "Sent is below")
      collection.simulateScroll(toY: collection.contentSize.height - collection.bounds.height)
      #expect(header(collection, 0) == nil, "UIKit keeps no view for a header off screen")
      #expect((header(collection, 1) as? SectionTitleView)?.title == "Sent (0)")
      unread.counts["Inbox"] = 3
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(99)] + inbox), ("Sent", [Row(30)])]))
      collection.layoutIfNeeded()
      collection.simulateScroll(toY: 0)
      #expect((header(collection, 0) as? SectionTitleView)?.title == "Inbox (3)")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aPlainListsHeaderStaysWhileItsRowsScrollUnderIt() throws {
      let (collection, dataSource, window) = CollectionIndexTests().indexedList()
      try dataSource.apply(
        snapshot(sections: [
          ("Inbox", (0..<20).map { Row($0) }), ("Sent", (30..<50).map { Row($0) }),
        ]))
      collection.layoutIfNeeded()
      let inbox = try #require(header(collection, 0))
      collection.simulateScroll(toY: 300)
      #expect(header(collection, 0) === inbox, "pinned at the top: the same view")
      collection.simulateScroll(toY: collection.contentSize.height - collection.bounds.height)
      #expect(header(collection, 0) == nil, "its section has scrolled off")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n5AChangedHeaderTitleShowsOnTheHeaderOnScreen() throws {
      let (collection, dataSource, unread, window) = mailList()
      try dataSource.apply(snapshot(sections: [("Inbox", [Row(1), Row(2)]), ("Sent", [Row(3)])]))
      collection.layoutIfNeeded()
      #expect((header(collection, 0) as? SectionTitleView)?.title == "Inbox (2)")
      let cell = collection.cellForItem(at: IndexPath(item: 0, section: 0))
      // New mail arrives: a row and a new count.
      unread.counts["Inbox"] = 3
      try dataSource.apply(
        snapshot(sections: [("Inbox", [Row(4), Row(1), Row(2)]), ("Sent", [Row(3)])]))
      collection.layoutIfNeeded()
      #expect((header(collection, 0) as? SectionTitleView)?.title == "Inbox (3)")
      #expect(
        collection.cellForItem(at: IndexPath(item: 1, section: 0)) === cell,
        "the rows kept their cells: no section reload")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif

#if os(Linux)
  import CatenaDataSource
  import Testing
  import UIKitFakes

  /// A layout of the app's own with a supplementary kind the chain does not serve (R3-N3).
  @MainActor
  @Suite("Supplementary kinds the chain does not serve (R3-N3)")
  struct OtherSupplementaryKindTests {
    @Test func r3n3ABadgeKindShowsAnEmptyViewInsteadOfRaising() throws {
      let layout = UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain))
      layout.fakeOtherSupplementaryKinds = ["badge"]
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(frame: window.frame, collectionViewLayout: layout)
      window.addSubview(collection)
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
      try dataSource.apply(snapshot(sections: [("a", [Row(1)]), ("b", [Row(2)])]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty, "no dequeue of an unregistered kind")
      let badge = collection.supplementaryView(
        forElementKind: "badge", at: IndexPath(item: 0, section: 1))
      #expect(badge != nil && type(of: badge!) == UICollectionReusableView.self)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif

#if os(Linux)
  import CatenaDataSource
  import CatenaTesting
  import Testing
  import UIKitFakes

  /// A tap on a collection list's index hands UIKit an item's index path (R3-N11, R3-F12).
  @MainActor
  @Suite("A collection list's section index (R3-N11, R3-F12)")
  struct CollectionIndexTests {
    /// A collection list in a window whose sections are letters, titled and indexed by them.
    func indexedList() -> (UICollectionView, SectionedDataSource<String, Row>, UIWindow) {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, letter in letter }
        .sectionIndexTitle { _, letter in letter }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      return (collection, dataSource, window)
    }

    @Test func r3n11AnIndexTitleLeadsToAnItemEvenOfAnEmptySectionsNeighbour() throws {
      let (collection, dataSource, window) = indexedList()
      try dataSource.apply(
        snapshot(sections: [
          ("A", (0..<10).map { Row($0) }), ("B", []), ("C", (10..<20).map { Row($0) }),
        ]))
      collection.layoutIfNeeded()
      let target = collection.dataSource?.collectionView(
        collection, indexPathForIndexTitle: "B", at: 1)
      #expect(target == IndexPath(item: 0, section: 2), "B has no item: the next section's")
      collection.simulateIndexTitleTap(at: 2)
      #expect(collection.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 2))
      collection.simulateIndexTitleTap(at: 1)
      #expect(collection.exceptions.isEmpty, "an item's index path, never a section's alone")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aBatchCompletionThatComesWhileARowIsHeldShowsTheIndexWhenTheRowIsGivenBack()
      async throws
    {
      let (collection, window) = collectionInWindow()
      let clock = ManualClock()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, _ in
          cell.accessories = [.reorder()]
        }
        .headerTitle { _, letter in letter }
        .sectionIndexTitle { _, letter in letter }
        .didMove { _, _, _ in }
      dataSource.reorderClock = clock
      try dataSource.apply(snapshot(sections: [("A", [Row(1)]), ("C", [Row(3)])]))
      collection.finishBatchAnimations()
      collection.isEditing = true
      collection.layoutIfNeeded()
      try dataSource.apply(snapshot(sections: [("A", [Row(1)]), ("C", [Row(3)]), ("D", [Row(4)])]))
      #expect(collection.shownIndexTitles == ["A", "C"], "read again after the animation")
      #expect(collection.simulateLift(at: path(0)))
      let lifted = collection.calls.count
      // An apply made while the row is held waits for it, and the earlier batch's completion
      // comes meanwhile: its reload gives way to the kept apply.
      try dataSource.apply(
        snapshot(sections: [("A", [Row(1)]), ("C", [Row(3)]), ("D", [Row(4), Row(5)])]))
      collection.finishBatchAnimations()
      #expect(collection.exceptions.isEmpty, "no reload under the finger")
      #expect(!collection.calls.dropFirst(lifted).contains { $0.hasPrefix("reloadData") })
      #expect(collection.simulateCancelReorder())
      try await tickUntilReorderEnds(dataSource, clock)
      collection.finishBatchAnimations()  // the kept apply's batch ends
      collection.layoutIfNeeded()
      #expect(collection.shownIndexTitles == ["A", "C", "D"], "the reload the completions asked")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n11AnAnimatedApplyThatAddsASectionShowsItsIndexTitle() throws {
      let (collection, dataSource, window) = indexedList()
      try dataSource.apply(snapshot(sections: [("A", [Row(1)]), ("C", [Row(3)])]))
      collection.layoutIfNeeded()
      #expect(collection.shownIndexTitles == ["A", "C"])
      collection.selectItem(at: IndexPath(item: 0, section: 1), animated: false, scrollPosition: [])
      try dataSource.apply(snapshot(sections: [("A", [Row(1)]), ("C", [Row(3)]), ("D", [Row(4)])]))
      collection.finishBatchAnimations()  // the index is read again after the animation
      collection.layoutIfNeeded()
      #expect(collection.shownIndexTitles == ["A", "C", "D"], "D can be reached from the index")
      #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 0, section: 1)])
      let reloads = collection.calls.filter { $0.hasPrefix("reloadData") }.count
      try dataSource.apply(
        snapshot(sections: [("A", [Row(1), Row(2)]), ("C", [Row(3)]), ("D", [Row(4)])]))
      #expect(
        collection.calls.filter { $0.hasPrefix("reloadData") }.count == reloads,
        "the same titles: no reload")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
