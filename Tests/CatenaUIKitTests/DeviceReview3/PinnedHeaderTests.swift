#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A plain table and a plain list pin the header of the section scrolling under the top: a
  /// row scrolled to the top rests below it, and what it covers is not seen (R3-N12, R3-F10).
  @MainActor
  @Suite("Pinned section headers (R3-N12, R3-F10)")
  struct PinnedHeaderTests {
    func sections() throws -> Snapshot<String, Row> {
      try snapshot(sections: [
        ("A", (0..<20).map { Row($0) }), ("B", (20..<40).map { Row($0) }),
      ])
    }

    @Test func r3n12APlainTableRestsARowBelowItsPinnedHeader() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table).headerTitle { _, letter in letter }
      try dataSource.apply(sections())
      table.layoutIfNeeded()
      let header = table.rectForHeader(inSection: 0).height
      #expect(header > 0)
      try dataSource.scroll(to: 10, at: .top, animated: false)
      let row = table.rectForRow(at: path(10))
      #expect(row.minY == table.contentOffset.y + header, "below the header, not under it")
      let pinned = try #require(table.pinnedHeaderRect)
      #expect(pinned.maxY <= row.minY, "the pinned header does not cover it")
      // The row above, under the header, is not seen; the one scrolled to is.
      let fractions = ListViewHost.kept(by: table).visibleFractions(settle: true)
      #expect(fractions[ItemPath(item: 9, section: 0)] == nil)
      #expect(fractions[ItemPath(item: 10, section: 0)] == 1)
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func aGroupedTablesHeadersDoNotPin() throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let table = UITableView(frame: window.frame, style: .grouped)
      window.addSubview(table)
      let dataSource = rowSource(table).headerTitle { _, letter in letter }
      try dataSource.apply(sections())
      table.layoutIfNeeded()
      try dataSource.scroll(to: 10, at: .top, animated: false)
      #expect(table.rectForRow(at: path(10)).minY == table.contentOffset.y)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n12APlainListRestsAnItemBelowItsPinnedHeader() throws {
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, letter in letter }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .plain))
      window.addSubview(collection)
      dataSource.bind(collection)
      try dataSource.apply(sections())
      collection.layoutIfNeeded()
      try dataSource.scroll(to: 25, at: .top, animated: false)
      let item = try #require(
        collection.layoutAttributesForItem(at: IndexPath(item: 5, section: 1))?.frame)
      #expect(item.minY == collection.contentOffset.y + collection.fakeSupplementaryHeight)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
