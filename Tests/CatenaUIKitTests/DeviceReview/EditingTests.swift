#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaPaging
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// N5–N7: which rows can be edited and swiped, and what a destructive swipe leaves.
  @MainActor
  @Suite("N5-N7 editing, swipes and the rows that are not content")
  struct EditingTests {
    @Test("N6 swipe actions alone make rows editable, so UIKit shows them")
    func swipeActionsAloneAppear() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
        .swipeActions(.trailing) { _, _ in [SwipeAction("Flag") { $0(true) }] }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      #expect(table.dataSource?.tableView(table, canEditRowAt: path(0)) == true)
      let shown = table.simulateSwipe(at: path(0), leading: false)
      #expect(shown?.actions.map(\.title) == ["Flag"])
      // Still no Delete: swipe actions are not a delete handler.
      #expect(
        table.delegate?.tableView(table, editingStyleForRowAt: path(0))
          == UITableViewCell.EditingStyle.none)
      withExtendedLifetime(window) {}
    }

    @Test("N6 the app's own delegate swipe actions still appear after binding")
    func theAppsOwnSwipeActionsAppear() throws {
      let (table, window) = tableInWindow()
      let app = SwipingDelegate()
      table.delegate = app
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1)]))
      table.layoutIfNeeded()
      #expect(table.simulateSwipe(at: path(0), leading: true)?.actions.map(\.title) == ["App"])
      withExtendedLifetime((window, app, dataSource)) {}
    }

    @Test("N6 the fake offers no swipe on a row the data source says is not editable")
    func theFakeGatesSwipesOnCanEdit() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table)
        .swipeActions(.trailing) { _, _ in [SwipeAction("Flag") { $0(true) }] }
        .canEdit { _, row in row?.id != 2 }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.layoutIfNeeded()
      #expect(table.simulateSwipe(at: path(1), leading: false) == nil)
      #expect(table.simulateSwipe(at: path(0), leading: false) != nil)
      withExtendedLifetime(window) {}
    }

    @Test("N5 a pager's status rows are never editable nor handed to onDelete")
    func pagerStatusRowsAreNotEditable() async throws {
      let (table, window) = tableInWindow()
      let server = FixturePages(count: 10) { Row($0) }
      let pager = Pager(PagerConfiguration(pageSize: 20), source: server.source)
      var deleted: [PagerRow<Row>] = []
      let dataSource = SectionedDataSource<String, PagerRow<Row>>()
        .bind(table)
        .configureCell(TitleCell.self, reuseIdentifier: "row") { cell, _, row in
          cell.title = row.item?.title ?? row.text
        }
        .didDelete { _, row in deleted.append(row) }
        .swipeActions(.leading) { _, _ in [SwipeAction("Pin") { $0(true) }] }
      pager.bind(
        dataSource, section: "rows",
        rows: PagerRows(separator: { before, _ in before == nil ? "Today" : nil }))
      pager.refresh()
      await settle(pager)
      table.layoutIfNeeded()
      let rows = table.numberOfRows(inSection: 0)
      let separator = path(0)
      let end = path(rows - 1)
      #expect(dataSource.item(at: ItemPath(end))?.text == "End of list")
      for row in [separator, end] {
        #expect(table.dataSource?.tableView(table, canEditRowAt: row) == false)
        #expect(!table.simulateSwipeToDelete(at: row))
        #expect(table.simulateSwipe(at: row, leading: true) == nil)
      }
      #expect(deleted.isEmpty)
      #expect(table.simulateSwipeToDelete(at: path(1)))
      #expect(deleted.map(\.item?.id) == [0])
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test("N7 a destructive swipe that completes with true leaves no row behind")
    func aDestructiveSwipeDeletesTheRow() throws {
      let (table, window) = tableInWindow()
      var dataSource: SectionedDataSource<String, Row>?
      dataSource = rowSource(table)
        .swipeActions(.trailing) { _, row in
          [
            SwipeAction("Remove", style: .destructive) { done in
              // As the documented example does once the server agreed.
              guard let source = dataSource, var next = source.snapshot else { return done(false) }
              try? next.deleteItems([row.id])
              try? source.apply(next)
              done(true)
            }
          ]
        }
      try dataSource?.apply(try snapshot([Row(1), Row(2), Row(3)]))
      table.layoutIfNeeded()
      let remove = try #require(table.simulateSwipe(at: path(1), leading: false)?.actions.first)
      #expect(table.swipedOpenRow == path(1))
      table.simulateTap(on: remove)
      #expect(table.swipedOpenRow == nil)
      #expect(table.shownTitles == ["r1", "r3"])
      #expect(table.exceptions == [])
      withExtendedLifetime(window) {}
    }

    @Test("the fake keeps a row swiped open while its action's completion is not called")
    func aSwipeWithoutCompletionStaysOpen() throws {
      let (table, window) = tableInWindow()
      var finish: ((Bool) -> Void)?
      let dataSource = rowSource(table)
        .swipeActions(.trailing) { _, _ in [SwipeAction("Later") { finish = $0 }] }
      try dataSource.apply(try snapshot([Row(1)]))
      table.layoutIfNeeded()
      let later = try #require(table.simulateSwipe(at: path(0), leading: false)?.actions.first)
      table.simulateTap(on: later)
      #expect(table.swipedOpenRow == path(0))
      finish?(false)
      #expect(table.swipedOpenRow == nil)
      withExtendedLifetime(window) {}
    }
  }

  /// An app's delegate with swipe actions of its own.
  @MainActor
  final class SwipingDelegate: NSObject, UITableViewDelegate {
    func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      UISwipeActionsConfiguration(actions: [
        UIContextualAction(style: .normal, title: "App") { _, _, done in done(true) }
      ])
    }
  }
#endif

#if os(Linux)
  import CatenaDataSource
  import Testing
  import UIKitFakes

  /// P-e: reorder-only editing does not indent rows.
  @MainActor
  @Suite("P-e editing indentation")
  struct EditingIndentTests {
    @Test("P-e rows that can only move are not indented in editing mode; deletable rows are")
    func reorderOnlyRowsAreNotIndented() throws {
      let (table, window) = tableInWindow()
      let dataSource = rowSource(table).didMove { _, _, _ in }
      try dataSource.apply(try snapshot([Row(1), Row(2)]))
      table.setEditing(true, animated: false)
      #expect(!table.isIndentedWhileEditing(at: path(0)))
      dataSource.didDelete { _, _ in }
      #expect(table.isIndentedWhileEditing(at: path(0)))
      withExtendedLifetime(window) {}
    }
  }
#endif
