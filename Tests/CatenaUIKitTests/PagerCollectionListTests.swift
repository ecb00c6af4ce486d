#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// A collection list in a window, 440 points tall, showing a pager's rows in list cells and
  /// its status rows in `PagerStatusListCell`s.
  @MainActor
  func pagedCollectionList(
    _ pager: Pager<Row>, horizontal: Bool = false
  ) -> (UICollectionView, SectionedDataSource<String, PagerRow<Row>>, UIWindow) {
    let dataSource = SectionedDataSource<String, PagerRow<Row>>()
      .configureCell(UICollectionViewListCell.self) { cell, _, row in
        var content = cell.defaultContentConfiguration()
        content.text = row.item?.title ?? row.text
        cell.contentConfiguration = content
      }
      .statusCell(PagerStatusListCell.self)
      .emptyState { "No rows" }
    let layout: UICollectionViewLayout
    if horizontal {
      let flow = UICollectionViewFlowLayout()
      flow.scrollDirection = .horizontal
      layout = flow
    } else {
      layout = dataSource.listLayout(appearance: .plain)
    }
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: horizontal ? 440 : 320, height: horizontal ? 120 : 440))
    let collection = UICollectionView(frame: window.frame, collectionViewLayout: layout)
    window.addSubview(collection)
    dataSource.bind(collection)
    pager.bind(dataSource, section: "rows")
    return (collection, dataSource, window)
  }

  @MainActor
  @Suite("A pager in a collection list: status rows as list cells")
  struct PagerCollectionListTests {
    /// The status shown in the list cell at `item`, if that row is a status row.
    func status(_ collection: UICollectionView, _ item: Int) -> PagerStatusListCell? {
      collection.cellForItem(at: IndexPath(item: item, section: 0)) as? PagerStatusListCell
    }

    /// The texts of the rows on screen.
    func texts(_ collection: UICollectionView) -> [String] {
      collection.visibleCells.map {
        ($0.contentConfiguration as? UIListContentConfiguration)?.text ?? "·"
      }
    }

    @Test func aFirstLoadSpinsAFailureRetriesOnATapAndTheEndSaysSo() async throws {
      let server = FixturePages(count: 25) { Row($0) }.failingNext()
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let (collection, dataSource, window) = pagedCollectionList(pager)
      pager.refresh()
      collection.layoutIfNeeded()
      let loading = try #require(status(collection, 0))
      #expect(loading.status == .firstLoad)
      #expect(loading.spinner.isAnimating)
      #expect(loading.shownAccessories.count == 1, "the spinner, as a trailing accessory")
      await settle(pager)
      collection.layoutIfNeeded()
      let failed = try #require(status(collection, 0))
      #expect(texts(collection).first?.hasSuffix("Tap to retry.") == true)
      #expect(failed.accessibilityTraits == .button && !failed.spinner.isAnimating)
      #expect(failed.shownAccessories.isEmpty)
      collection.simulateTap(at: IndexPath(item: 0, section: 0))
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(texts(collection).prefix(2) == ["r0", "r1"])
      collection.contentOffset = CGPoint(x: 0, y: collection.contentSize.height - 440)
      await settle(pager)
      collection.contentOffset = CGPoint(x: 0, y: collection.contentSize.height - 440)
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(pager.items.count == 25)
      #expect(texts(collection).suffix(2) == ["r24", PagerStatus.end.description])
      #expect(collection.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func anEmptyListSaysSoInsteadOfRows() async throws {
      let server = FixturePages(count: 0) { Row($0) }
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let (collection, dataSource, window) = pagedCollectionList(pager)
      pager.refresh()
      await settle(pager)
      collection.layoutIfNeeded()
      #expect((collection.backgroundView as? UILabel)?.text == "No rows")
      #expect(collection.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test(arguments: [false, true])
    func olderPagesLoadAboveWithoutMovingTheRowBeingRead(horizontal: Bool) async throws {
      let server = FixturePages(count: 100) { Row($0) }
      let pager = Pager(
        PagerConfiguration(pageSize: 20, prefetchDistance: 5), source: server.source(.server))
      let (collection, dataSource, window) = pagedCollectionList(pager, horizontal: horizontal)
      pager.refresh(at: .cursor(FixturePages<Row>.cursor(forOffset: 40)))
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(pager.items.first?.id == 0, "the pages above loaded as r40 came on screen")
      let first = try #require(collection.indexPathsForVisibleItems.sorted().first)
      let cell = collection.cellForItem(at: first)
      #expect((cell?.contentConfiguration as? UIListContentConfiguration)?.text == "r40")
      #expect(collection.catena.scrollAnchors.first?.offset == 0)
      #expect((horizontal ? collection.contentOffset.y : collection.contentOffset.x) == 0)
      #expect(collection.exceptions == [])
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
