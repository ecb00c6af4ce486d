#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// An app's collection delegate written before iOS 16 keeps its one-item menus and its
  /// iOS 9 reorder rule once Catena's proxy answers UIKit's newer methods (R3-N10, R3-F9).
  @MainActor
  @Suite("An app's older collection-delegate methods (R3-N10, R3-F9)")
  struct OlderDelegateMethodTests {
    /// An app delegate that implements only the deprecated one-item forms.
    final class OlderDelegate: NSObject, UICollectionViewDelegate {
      let own = UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
        UIMenu(title: "app's", children: [])
      }
      var asked: [IndexPath] = []
      func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
      ) -> UIContextMenuConfiguration? {
        asked.append(indexPath)
        return own
      }
      /// The view its menus lift and go back to (a thumbnail, say).
      let thumbnail = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
      func collectionView(
        _ collectionView: UICollectionView,
        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
      ) -> UITargetedPreview? { UITargetedPreview(view: thumbnail) }
      func collectionView(
        _ collectionView: UICollectionView,
        previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
      ) -> UITargetedPreview? { UITargetedPreview(view: thumbnail) }
      /// Items stay in their section's first half.
      func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
      ) -> IndexPath {
        IndexPath(item: min(proposedIndexPath.item, 1), section: proposedIndexPath.section)
      }
    }

    /// Two rows on a collection list whose delegate is an ``OlderDelegate``: the chain gives
    /// row 1 a menu, and row 2 none.
    func menuList() throws -> (
      UICollectionView, OlderDelegate, SectionedDataSource<String, Row>, UIWindow
    ) {
      let (collection, window) = collectionInWindow()
      let app = OlderDelegate()
      collection.delegate = app
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        .contextMenu { _, row in
          row.id == 1 ? ContextMenu(actions: [MenuAction("Chain's") {}]) : nil
        }
      try dataSource.apply(snapshot([Row(1), Row(2)]))
      collection.layoutIfNeeded()
      return (collection, app, dataSource, window)
    }

    @Test func r3n10TheAppsOneItemMenuServesRowsTheChainGivesNone() throws {
      let (collection, app, dataSource, window) = try menuList()
      #expect(collection.simulateLongPress(at: [path(0)])?.actionTitles == ["Chain's"])
      let menu = collection.simulateLongPress(at: [path(1)])
      #expect(menu?.menu?.title == "app's", "the app's menu, as before Catena was bound")
      #expect(app.asked == [path(1)])
      #expect(collection.simulateLongPress(at: [path(0), path(1)]) == nil, "several items")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func theAppsOlderPreviewsStillShapeItsMenusAndTheChainsOnes() throws {
      let (collection, app, dataSource, window) = try menuList()
      window.addSubview(app.thumbnail)
      let own = try #require(collection.simulateLongPress(at: [path(1)]))
      #expect(own.highlightPreview?.view === app.thumbnail, "lifted from the app's view")
      #expect(collection.simulateMenuDismissalPreview(own)?.view === app.thumbnail)
      let chains = try #require(collection.simulateLongPress(at: [path(0)]))
      #expect(chains.highlightPreview == nil, "the chain's menu lifts its cell")
      #expect(collection.simulateMenuDismissalPreview(chains) == nil)
      #expect(collection.exceptions.isEmpty)
      app.thumbnail.removeFromSuperview()
      _ = collection.simulateLongPress(at: [path(1)])
      #expect(
        collection.exceptions == ["UITargetedPreview: the view must be in a window"],
        "the fake refuses a preview of a view in no window, as UIKit does")
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test func r3n10TheAppsOlderReorderRuleStillNarrowsWhereAnItemGoes() throws {
      let (collection, window) = collectionInWindow()
      let app = OlderDelegate()
      collection.delegate = app
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(UICollectionViewListCell.self) { cell, _, _ in
          cell.accessories = [.reorder()]
        }
        .didMove { _, _, _ in }
      try dataSource.apply(snapshot([Row(1), Row(2), Row(3)]))
      collection.isEditing = true
      collection.layoutIfNeeded()
      #expect(collection.simulateLift(at: path(0)))
      #expect(collection.simulateDragOver(path(2)) == path(1), "the app's rule: first half")
      #expect(collection.simulateCancelReorder())
      withExtendedLifetime((window, dataSource, app)) {}
    }
  }
#endif

#if os(Linux)
  import CatenaDataSource
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A tap on a preview opens the controller that was previewed, and a closed menu is let go
  /// (R3-P2).
  @MainActor
  @Suite("Context-menu previews and closed menus (R3-P2)")
  struct PreviewCommitTests {
    /// Something a menu's action holds on to.
    final class Held {}

    @Test(arguments: [false, true])
    func r3p2APreviewTapOpensThePreviewedControllerAndAClosedMenuIsLetGo(
      collectionList: Bool
    ) throws {
      var opened: [RowPreview] = []
      weak var held: Held?
      func chain(_ dataSource: SectionedDataSource<String, Row>) {
        dataSource.contextMenu { _, row in
          let object = Held()
          held = object
          return ContextMenu(actions: [MenuAction("Keep") { _ = object }])
            .preview {
              RowPreview(row)
            } didTap: {
              opened.append($0)
            }
        }
      }
      if collectionList {
        let (collection, window) = collectionInWindow()
        let dataSource = SectionedDataSource<String, Row>()
          .bind(collection)
          .configureCell(TileCell.self, reuseIdentifier: "tile") { _, _, _ in }
        chain(dataSource)
        try dataSource.apply(snapshot([Row(1), Row(2)]))
        collection.layoutIfNeeded()
        let menu = try #require(collection.simulateLongPress(at: [path(1)]))
        let animator = collection.simulatePreviewTap(menu)
        #expect(animator.preferredCommitStyle == .pop, "the preview grows into place")
        #expect(opened.count == 1 && opened.first === menu.preview, "the previewed one")
        #expect(opened.first?.row.id == 2)
        let other = try #require(collection.simulateLongPress(at: [path(0)]))
        collection.simulateMenuDismiss(other)
        withExtendedLifetime((window, dataSource)) {}
      } else {
        let (table, window) = tableInWindow()
        let dataSource = rowSource(table)
        chain(dataSource)
        try dataSource.apply(snapshot([Row(1), Row(2)]))
        table.layoutIfNeeded()
        let menu = try #require(table.simulateLongPress(at: path(1)))
        let animator = table.simulatePreviewTap(menu)
        #expect(animator.preferredCommitStyle == .pop)
        #expect(opened.count == 1 && opened.first === menu.preview)
        let other = try #require(table.simulateLongPress(at: path(0)))
        table.simulateMenuDismiss(other)
        withExtendedLifetime((window, dataSource)) {}
      }
      opened = []
      #expect(held == nil, "the closed menu, its actions and what they hold are let go")
    }
  }
#endif
