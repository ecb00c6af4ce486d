#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// Rows that stand for state do not flash or stay selected on a collection list; a folder a
  /// tap opened does not stay selected (R3-P3).
  @MainActor
  @Suite("State rows and folders under a tap (R3-P3)")
  struct StateRowHighlightTests {
    @Test func r3p3LoadingAndEndRowsDoNotHighlightAFailedOneDoes() async throws {
      let server = FixturePages(count: 3) { Row($0) }.failingNext()
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      let (collection, dataSource, window) = pagedCollectionList(pager)
      pager.refresh()
      collection.layoutIfNeeded()
      let loading = IndexPath(item: 0, section: 0)
      #expect(
        collection.delegate?.collectionView(collection, shouldHighlightItemAt: loading) == false)
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(
        collection.delegate?.collectionView(collection, shouldHighlightItemAt: loading) == true,
        "a failed load retries on a tap")
      collection.simulateTap(at: loading)
      await settle(pager)
      collection.layoutIfNeeded()
      #expect(pager.items.count == 3)
      let end = IndexPath(item: 3, section: 0)
      #expect(collection.delegate?.collectionView(collection, shouldHighlightItemAt: end) == false)
      collection.simulateTap(at: end)
      #expect(collection.indexPathsForSelectedItems == [])
      #expect(
        collection.delegate?.collectionView(
          collection, shouldHighlightItemAt: IndexPath(item: 1, section: 0))
          == true, "content highlights")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test(arguments: [false, true])
    func r3p3AFolderATapOpenedDoesNotStaySelected(collectionList: Bool) throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let list: UIScrollView =
        collectionList
        ? UICollectionView(frame: window.frame, collectionViewLayout: UICollectionViewFlowLayout())
        : UITableView(frame: window.frame, style: .plain)
      window.addSubview(list)
      let (files, dataSource) = try OutlineUIKitTests().outline(on: list)
      list.layoutIfNeeded()
      if let table = list as? UITableView {
        table.simulateTap(at: path(0))
        #expect(table.indexPathsForSelectedRows == nil)
      } else if let collection = list as? UICollectionView {
        collection.simulateTap(at: IndexPath(item: 0, section: 0))
        #expect(collection.indexPathsForSelectedItems == [])
      }
      #expect(files.expandedIDs == ["Documents"])
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
