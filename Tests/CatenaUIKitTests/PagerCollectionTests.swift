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
      let dataSource = SectionedDataSource<String, PagerRow<Row>, TileCell>()
        .bind(collection, cell: TileCell.self, reuseIdentifier: "tile")
        .configureCell { cell, _, row in cell.title = row.item?.title ?? row.text }
      pager.bind(to: dataSource, section: "rows")
      pager.refresh(at: .cursor(FixturePages<Row>.cursor(forOffset: 40)))
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(pager.items.first?.id == 0, "the pages above loaded as r40 came on screen")
      let first = try #require(collection.indexPathsForVisibleItems.sorted().first)
      #expect((collection.cellForItem(at: first) as? TileCell)?.title == "r40")
      #expect(collection.scrollAnchors.first?.offset == 0)
      _ = window
    }
  }
#endif
