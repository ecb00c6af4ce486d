#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  @testable import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// The row features of a list screen, through the UIKit adapter.
  @MainActor
  @Suite("Row features through UIKit")
  struct RowFeatureTests {
    @Test("the section index shows the data source's titles; a tap scrolls to the section")
    func sectionIndex() throws {
      let (table, window) = tableInWindow(height: 88)
      let dataSource = rowSource(table).sectionIndexTitle { _, id in id == "m" ? nil : id }
      var content = Snapshot<String, Row>()
      for (id, rows) in [("A", 1...3), ("m", 4...4), ("C", 5...7)] {
        try content.appendSection(id)
        try content.appendItems(rows.map { Row($0) })
      }
      try dataSource.apply(content)
      table.layoutIfNeeded()
      #expect(table.shownSectionIndexTitles == ["A", "C"])
      table.simulateSectionIndexTap(at: 1)
      #expect(table.calls.contains("sectionIndex C -> section 2"))
      #expect(table.shownTitles.first == "r5")
      withExtendedLifetime(window) {}
    }

    @Test("swipe actions become UIKit's buttons; a tap runs the handler with UIKit's completion")
    func swipeActionsBecomeContextualActions() throws {
      let (table, window) = tableInWindow()
      var handled: [String] = []
      let dataSource = rowSource(table)
        .swipeActions(.trailing) { _, row in
          [
            SwipeAction("Flag") { done in
              handled.append("flag \(row.id)"); done(false)
            },
            SwipeAction("Remove", style: .destructive) { done in
              handled.append("remove \(row.id)")
              done(true)
            },
          ]
        }
      try dataSource.apply(try snapshot((1...3).map { Row($0) }))
      table.layoutIfNeeded()
      let configuration = try #require(table.simulateSwipe(at: path(1), leading: false))
      #expect(configuration.actions.map(\.title) == ["Flag", "Remove"])
      #expect(configuration.actions.map(\.style) == [.normal, .destructive])
      var completions: [Bool] = []
      for action in configuration.actions {
        action.handler(action, UIView(frame: .zero)) { completions.append($0) }
      }
      #expect(handled == ["flag 2", "remove 2"])
      #expect(completions == [false, true])
      // Nothing on the leading edge: UIKit's default (no buttons there).
      #expect(table.simulateSwipe(at: path(1), leading: true) == nil)
      withExtendedLifetime(window) {}
    }

    @Test("onDelete alone keeps UIKit's Delete; trailing swipe actions replace it")
    func trailingActionsReplaceDelete() throws {
      let (table, window) = tableInWindow()
      var deleted: [Int] = []
      let dataSource = rowSource(table).didDelete { _, row in deleted.append(row.id) }
      try dataSource.apply(try snapshot((1...3).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.simulateSwipe(at: path(0), leading: false) == nil)
      #expect(table.simulateSwipeToDelete(at: path(0)))
      #expect(deleted == [1])
      dataSource.swipeActions(.trailing) { _, _ in [SwipeAction("Flag") { $0(true) }] }
      #expect(!table.simulateSwipeToDelete(at: path(0)))
      #expect(deleted == [1])
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }

    @Test("the app's own swipe configuration is used on an edge Catena gives nothing for")
    func appSwipeActionsAreForwarded() throws {
      let (table, window) = tableInWindow()
      let app = AppSwipeDelegate()
      table.delegate = app
      let dataSource = rowSource(table)
        .swipeActions(.trailing) { _, _ in [SwipeAction("Catena") { $0(true) }] }
      try dataSource.apply(try snapshot((1...3).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.simulateSwipe(at: path(0), leading: true)?.actions.map(\.title) == ["App"])
      #expect(
        table.simulateSwipe(at: path(0), leading: false)?.actions.map(\.title) == ["Catena"])
      withExtendedLifetime(window) {}
    }

    @Test("rows past the screen are prefetched with their items; scrolling back cancels them")
    func tablePrefetching() async throws {
      let (table, window) = tableInWindow(height: 88)  // 2 rows on screen, 2 prefetched
      let app = AppPrefetcher()
      table.prefetchDataSource = app
      var heard: [String] = []
      let dataSource = rowSource(table)
        .prefetch { _, rows in heard.append("prefetch \(rows.map(\.id))") }
        .cancelPrefetching { _, rows in heard.append("cancel \(rows.map(\.id))") }
      try dataSource.apply(try snapshot((0..<10).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.prefetchDataSource !== app, "Catena answers, and forwards")
      await dataSource.afterLayoutDone()  // the handlers hear after the layout pass
      #expect(heard == ["prefetch [2, 3]"])
      table.simulateScroll(toY: 44)  // rows 1-2 on screen: 4 is new ahead
      table.simulateScroll(toY: 0)  // upwards: 3 and 4 cancelled
      await dataSource.afterLayoutDone()
      #expect(heard == ["prefetch [2, 3]", "prefetch [4]", "cancel [3, 4]"])
      #expect(app.heard == ["prefetch [2, 3]", "prefetch [4]", "cancel [3, 4]"])
      // Disconnected, the table gives the app its prefetch data source back.
      ListViewHost.kept(by: table).connect(nil)
      #expect(table.prefetchDataSource === app)
      withExtendedLifetime((window, dataSource)) {}
    }

    @Test("a collection view's prefetching reaches the data source")
    func collectionPrefetching() async throws {
      let (collection, window) = collectionInWindow()
      var heard: [[Int]] = []
      let dataSource = SectionedDataSource<String, Row>()
        .bind(collection).configureCell(TileCell.self, reuseIdentifier: "tile") { _, _ in }
        .prefetch { _, rows in heard.append(rows.map(\.id)) }
      try dataSource.apply(try snapshot((0..<30).map { Row($0) }))
      collection.layoutIfNeeded()
      await dataSource.afterLayoutDone()  // the handler hears after the layout pass
      #expect(heard == [Array(10..<20)])
      #expect(collection.calls.contains { $0.hasPrefix("prefetch") })
      withExtendedLifetime(window) {}
    }

    @Test("header views are dequeued, configured with the section, sized, and reused")
    func headerViews() throws {
      let (table, window) = tableInWindow()
      var renamedC = false
      let dataSource = rowSource(table)
        .headerTitle { _, id in id == "p" ? "Plain" : id == "C" && renamedC ? "new" : nil }
        .headerView(
          BannerView.self, reuseIdentifier: "banner", height: 60, when: { _, id in id != "p" }
        ) {
          view, _, id in
          view.title = id ?? "?"
          view.configurations += 1
        }
      var content = Snapshot<String, Row>()
      for (id, rows) in [("A", 1...2), ("p", 3...3), ("C", 4...5)] {
        try content.appendSection(id)
        try content.appendItems(rows.map { Row($0) })
      }
      try dataSource.apply(content)
      table.layoutIfNeeded()
      let a = try #require(table.headerView(forSection: 0) as? BannerView)
      let c = try #require(table.headerView(forSection: 2) as? BannerView)
      #expect(a.title == "A" && c.title == "C")
      #expect(table.headerView(forSection: 1)?.textLabel?.text == "Plain")
      #expect(table.delegate?.tableView(table, heightForHeaderInSection: 0) == 60)
      #expect(
        table.delegate?.tableView(table, heightForHeaderInSection: 1)
          == UITableView.automaticDimension)
      #expect(table.calls.filter { $0 == "dequeueHeaderFooter(banner)" }.count == 2)

      // C moves up and A goes: C keeps its view, unasked; A's goes to the pool, and the
      // section inserted after takes it (prepared for reuse).
      var next = Snapshot<String, Row>()
      try next.appendSection("C")
      try next.appendItems([Row(4), Row(5)])
      try next.appendSection("p")
      try next.appendItems([Row(3)])
      try next.appendSection("E")
      try next.appendItems([Row(6)])
      try dataSource.apply(next)
      table.layoutIfNeeded()
      #expect(table.headerView(forSection: 0) === c && c.configurations == 1)
      #expect(table.headerView(forSection: 2) === a && a.title == "E" && a.reuseCount == 1)
      #expect(table.exceptions.isEmpty)

      // P-d: an updated section's view is configured again in place; its rows keep their
      // cells (a section reload would recreate them).
      let cells = table.visibleCells
      table.clearCalls()
      renamedC = true
      try dataSource.apply(next)
      table.layoutIfNeeded()
      #expect(!table.calls.contains { $0.contains("Reload section") })
      #expect(table.headerView(forSection: 0) === c && c.configurations == 2)
      #expect(table.visibleCells.count == cells.count)
      #expect(zip(table.visibleCells, cells).allSatisfy { $0 === $1 })
      #expect(table.exceptions.isEmpty)
      withExtendedLifetime(window) {}
    }
  }

  /// A header view showing a section's name.
  final class BannerView: UITableViewHeaderFooterView {
    var title = ""
    var configurations = 0
  }

  /// An app's own prefetch data source, recording what reaches it.
  @MainActor
  final class AppPrefetcher: NSObject, UITableViewDataSourcePrefetching {
    var heard: [String] = []
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      heard.append("prefetch \(indexPaths.map(\.row))")
    }
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      heard.append("cancel \(indexPaths.map(\.row))")
    }
  }

  /// An app delegate that gives its own leading and trailing swipe actions.
  @MainActor
  final class AppSwipeDelegate: NSObject, UITableViewDelegate {
    func tableView(
      _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      UISwipeActionsConfiguration(actions: [
        UIContextualAction(style: .normal, title: "App") { _, _, done in done(true) }
      ])
    }
    func tableView(
      _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
      UISwipeActionsConfiguration(actions: [
        UIContextualAction(style: .normal, title: "App trailing") { _, _, done in done(true) }
      ])
    }
  }
#endif
