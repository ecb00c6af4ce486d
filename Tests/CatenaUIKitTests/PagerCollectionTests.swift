#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Testing
  import UIKitFakes

  @MainActor
  @Suite("A two-way pager on a UICollectionView")
  struct PagerCollectionTests {
    @Test func olderPagesLoadAboveWithoutMovingTheItemBeingRead() async throws {
      let (collection, window) = collectionInWindow()
      let server = FixturePages(count: 100) { Row($0) }
      let pager = Pager(
        PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: server.source(.server))
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { cell, _, row in
          cell.title = row.item?.title ?? row.text
        }
      pager.bind(dataSource, section: "rows")
      pager.refresh(at: .cursor(FixturePages<Row>.cursor(forOffset: 40)))
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(pager.items.first?.id == 0, "the pages above loaded as r40 came on screen")
      let first = try #require(collection.indexPathsForVisibleItems.sorted().first)
      #expect((collection.cellForItem(at: first) as? TileCell)?.title == "r40")
      #expect(collection.catena.scrollAnchors.first?.offset == 0)
      _ = window
    }

    @Test("P-f a horizontal collection keeps the item being read across a prepend")
    func aHorizontalCollectionKeepsItsAnchor() throws {
      let layout = UICollectionViewFlowLayout()
      layout.scrollDirection = .horizontal
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 440, height: 120))
      let collection = UICollectionView(frame: window.frame, collectionViewLayout: layout)
      window.addSubview(collection)
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { cell, _, row in
          cell.title = row.title
        }
      try dataSource.apply(try snapshot((20..<40).map { Row($0) }))
      collection.layoutIfNeeded()
      collection.contentOffset = CGPoint(x: 3 * 44 + 5, y: 0)  // r23 first, 5 points scrolled
      collection.layoutIfNeeded()
      let before = try #require(collection.catena.scrollAnchors.first)
      try dataSource.applyKeepingPosition(try snapshot((0..<40).map { Row($0) }))
      collection.layoutIfNeeded()
      let first = try #require(collection.indexPathsForVisibleItems.sorted().first)
      #expect((collection.cellForItem(at: first) as? TileCell)?.title == "r23")
      #expect(collection.catena.scrollAnchors.first?.offset == before.offset)
      #expect(collection.contentOffset.y == 0)
      #expect(collection.exceptions == [])
      withExtendedLifetime(window) {}
    }
  }
#endif
