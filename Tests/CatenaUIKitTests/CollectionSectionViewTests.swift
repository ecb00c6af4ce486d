#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A street's header in a collection list.
  final class StreetHeader: UICollectionReusableView {
    var street = ""
  }

  @MainActor
  @Suite("Section headers and footers of a collection list, from the chain")
  struct CollectionSectionViewTests {
    func view(_ collection: UICollectionView, _ kind: String, _ section: Int)
      -> UICollectionReusableView?
    {
      collection.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: section))
    }

    @Test func theChainsHeaderViewsAndFooterTitlesShowAsSupplementaryViews() throws {
      let (collection, window) = listInWindow()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { cell, _, row in
          cell.title = row.title
        }
        .headerView(StreetHeader.self, reuseIdentifier: "street", when: { _, id in id != "Quiet" })
      {
        view, _, street in view.street = street ?? "?"
      }
        .footerTitle { section, _ in section == 0 ? "3 houses" : nil }
      try dataSource.apply(
        snapshot(sections: [("Elm", [Row(1), Row(2), Row(3)]), ("Quiet", [Row(4)])]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty)
      let header = UICollectionView.elementKindSectionHeader
      let footer = UICollectionView.elementKindSectionFooter
      #expect((view(collection, header, 0) as? StreetHeader)?.street == "Elm")
      #expect((view(collection, footer, 0) as? SectionTitleView)?.title == "3 houses")
      // A section the chain gives no view or title gets an empty (dequeued) view.
      let quiet = view(collection, header, 1)
      #expect(quiet != nil && !(quiet is StreetHeader) && !(quiet is SectionTitleView))
      #expect(view(collection, footer, 1).map { !($0 is SectionTitleView) } == true)

      // A section inserted by an apply gets its header, reusing a view off screen.
      try dataSource.apply(
        snapshot(sections: [
          ("Oak", [Row(5)]), ("Elm", [Row(1), Row(2), Row(3)]), ("Quiet", [Row(4)]),
        ]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty)
      #expect((view(collection, header, 0) as? StreetHeader)?.street == "Oak")
      #expect((view(collection, header, 1) as? StreetHeader)?.street == "Elm")
      // The footer title is asked for by section: it now belongs to Oak, and Elm has none.
      #expect((view(collection, footer, 0) as? SectionTitleView)?.title == "3 houses")
      #expect(view(collection, footer, 1).map { $0 is SectionTitleView } == false)
      withExtendedLifetime(window) {}
    }

    @Test func aFlowLayoutAsksForNoSectionViews() throws {
      let (collection, window) = collectionInWindow()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .headerTitle { _, street in street }
      try dataSource.apply(snapshot(sections: [("Elm", [Row(1)])]))
      collection.layoutIfNeeded()
      #expect(collection.exceptions.isEmpty)
      #expect(view(collection, UICollectionView.elementKindSectionHeader, 0) == nil)
      withExtendedLifetime(window) {}
    }
  }
#endif
