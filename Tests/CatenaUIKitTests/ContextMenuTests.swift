#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaHeadless
  import CatenaPaging
  import CatenaTesting
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// A preview screen of a row.
  final class RowPreview: UIViewController {
    let row: Row
    init(_ row: Row) {
      self.row = row
      super.init()
    }
  }

  @MainActor
  @Suite("Context menus with previews, on tables, collection lists and headless")
  struct ContextMenuTests {
    /// A chain with a context menu, and what its actions and preview taps did.
    @MainActor final class Screen {
      var heard: [String] = []
      func chain(_ dataSource: SectionedDataSource<String, Row>) {
        dataSource.contextMenu { [unowned self] _, row in
          guard !row.isAd else { return nil }
          return ContextMenu(
            row.title,
            actions: [
              MenuAction("Reply", systemImage: "arrowshape.turn.up.left") {
                self.heard.append("reply \(row.id)")
              },
              MenuAction("Delete", systemImage: "trash", style: .destructive) {
                self.heard.append("delete \(row.id)")
              },
            ], didTapPreview: { self.heard.append("open \(row.id)") }
          )
          .preview { RowPreview(row) }
        }
      }
    }

    let rows = [Row(1), Row(2), Row(3, "ad", isAd: true)]

    @Test func aTableRowsMenuActsOnTheItemItWasMadeFor() throws {
      let (table, window) = tableInWindow()
      let screen = Screen()
      let dataSource = rowSource(table)
      screen.chain(dataSource)
      try dataSource.apply(snapshot(rows))
      table.layoutIfNeeded()
      let menu = try #require(table.simulateLongPress(at: path(1)))
      #expect(menu.menu?.title == "r2")
      #expect(menu.actionTitles == ["Reply", "Delete"])
      let delete = menu.menu?.children.last as? UIAction
      #expect(delete?.attributes == .destructive && delete?.image?.symbolName == "trash")
      #expect((menu.preview as? RowPreview)?.row.id == 2)
      // An apply moves row 2 while the menu shows: the action still acts on row 2.
      try dataSource.apply(snapshot([Row(9)] + rows))
      menu.pick("Reply")
      table.simulatePreviewTap(menu)
      #expect(screen.heard == ["reply 2", "open 2"])
      #expect(table.simulateLongPress(at: path(3)) == nil, "the chain gives the ad no menu")
      withExtendedLifetime(window) {}
    }

    @Test func aCollectionItemsMenuComesFromTheMultiItemDelegateMethod() throws {
      let (collection, window) = collectionInWindow()
      let screen = Screen()
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection)
        .configureCell(TileCell.self) { cell, _, row in cell.title = row.title }
      screen.chain(dataSource)
      try dataSource.apply(snapshot(rows))
      collection.layoutIfNeeded()
      let menu = try #require(collection.simulateLongPress(at: [path(0)]))
      #expect(menu.actionTitles == ["Reply", "Delete"])
      #expect((menu.preview as? RowPreview)?.row.id == 1)
      menu.pick("Delete")
      collection.simulatePreviewTap(menu)
      #expect(screen.heard == ["delete 1", "open 1"])
      #expect(
        collection.simulateLongPress(at: [path(0), path(1)]) == nil, "several: not one row's")
      #expect(collection.simulateLongPress(at: []) == nil, "the background")
      withExtendedLifetime(window) {}
    }

    @Test func theAppsOwnMenuServesRowsTheChainGivesNone() throws {
      final class AppDelegate: NSObject, UITableViewDelegate {
        var committed = false
        let own = UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
          UIMenu(title: "app", children: [])
        }
        func tableView(
          _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
          point: CGPoint
        ) -> UIContextMenuConfiguration? { own }
        func tableView(
          _ tableView: UITableView,
          willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
          animator: any UIContextMenuInteractionCommitAnimating
        ) { committed = configuration === own }
      }
      let (table, window) = tableInWindow()
      let app = AppDelegate()
      table.delegate = app
      let screen = Screen()
      let dataSource = rowSource(table)
      screen.chain(dataSource)
      try dataSource.apply(snapshot(rows))
      table.layoutIfNeeded()
      let menu = try #require(table.simulateLongPress(at: path(2)))
      #expect(menu.menu?.title == "app")
      table.simulatePreviewTap(menu)
      #expect(app.committed)
      #expect(screen.heard == [])
      withExtendedLifetime(window) {}
    }

    @Test func aHeadlessLongPressGivesTheMenuAndAPagersStatusRowsHaveNone() async throws {
      let table = HeadlessTable()
      var heard: [String] = []
      let pager = Pager(
        PagerConfiguration(pageSize: 5), source: FixturePages(count: 5) { Row($0) }.source)
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TextCell.self) { cell, _, row in cell.text = row.item?.title ?? row.text }
        .contextMenu { _, row in
          ContextMenu(actions: [MenuAction("Pin") { heard.append("pin \(row.id)") }])
        }
      pager.bind(dataSource, section: "rows")
      pager.refresh()
      #expect(table.longPress(at: ItemPath(item: 0, section: 0)) == nil, "the first-load row")
      await settle(pager)
      let menu = try #require(table.longPress(at: ItemPath(item: 1, section: 0)))
      menu.actions[0].handler()
      #expect(heard == ["pin \(PagerRow<Row>.item(Row(1)).id)"])
      #expect(menu.makePreview == nil, "headless: no preview")
    }
  }
#endif
