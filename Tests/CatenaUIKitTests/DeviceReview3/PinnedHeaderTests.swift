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
      let header = try #require(
        collection.layoutAttributesForSupplementaryElement(
          ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)
        )?.frame.height)
      #expect(item.minY == collection.contentOffset.y + header)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif

#if os(Linux)
  import CatenaDataSource
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// Collection-list titles size themselves to their text, and a section without one has no
  /// header at all (R3-N13, R3-F4).
  @MainActor
  @Suite("Collection-list headers sized to their titles (R3-N13, R3-F4)")
  struct ListHeaderSizeTests {
    @Test func r3n13ALongTitleIsTallerAndAnUntitledSectionHasNoHeader() throws {
      var titlesNow = ["A": "A", "C": "Contacts\nwho wrote to you\nthis week"]
      let dataSource = SectionedDataSource<String, Row>()
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, letter in letter.flatMap { titlesNow[$0] } }
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
      let collection = UICollectionView(
        frame: window.frame, collectionViewLayout: dataSource.listLayout(appearance: .grouped))
      window.addSubview(collection)
      dataSource.bind(collection)
      try dataSource.apply(
        snapshot(sections: [("A", [Row(1)]), ("B", [Row(2)]), ("C", [Row(3)])]))
      collection.layoutIfNeeded()
      func header(_ section: Int) -> CGRect? {
        collection.layoutAttributesForSupplementaryElement(
          ofKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: section))?.frame
      }
      let short = try #require(header(0)).height
      let long = try #require(header(2)).height
      #expect(long > short, "three lines take more room than one")
      #expect(header(1) == nil, "B has no title: no header, no empty band")
      #expect(
        collection.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 1)) == nil)
      let first = try #require(
        collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
      let above = try #require(
        collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
      #expect(first.frame.minY == above.frame.maxY, "B's row follows A's directly")
      // A title that comes later brings its header with it.
      titlesNow["B"] = "Bookmarks"
      try dataSource.apply(
        snapshot(sections: [("A", [Row(1)]), ("B", [Row(2)]), ("C", [Row(3)])]))
      collection.layoutIfNeeded()
      #expect(
        (collection.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 1)) as? SectionTitleView)?.title == "Bookmarks")
      #expect(collection.exceptions.isEmpty)
      withExtendedLifetime((window, dataSource)) {}
    }
  }
#endif
