#if os(Linux)
  import CatenaDataSource
  import CatenaDiff
  import CatenaUIKit
  import Foundation
  import Testing
  import UIKitFakes

  /// An app's own table delegate and data source, as a `UITableViewController` is both:
  /// records what reaches it.
  @MainActor
  final class AppTableDelegate: NSObject, UITableViewDelegate, UITableViewDataSource {
    var seen: [String] = []
    let header = UIView(frame: .zero)

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell { UITableViewCell(style: .default, reuseIdentifier: nil) }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { seen.append("scroll") }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
      seen.append("headerHeight \(section)")
      return 30
    }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      header
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      seen.append("select \(indexPath.row)")
    }
    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      seen.append("display \(indexPath.row)")
    }
  }

  /// Review #5: the app's own delegate keeps working before and after `bind`, and Catena's
  /// handlers keep working whichever delegate the app sets.
  @MainActor
  @Suite("#5 the app's delegate and Catena's handlers both keep working")
  struct DelegateForwardingTests {
    @Test("a delegate set before bind still hears scrolls, header questions and row events")
    func delegateSetBeforeBindIsForwardedTo() throws {
      let (table, window) = tableInWindow()
      let app = AppTableDelegate()
      table.delegate = app
      table.dataSource = app
      var selected: [Int] = []
      let dataSource = rowSource(table).didSelect { _, row in selected.append(row.id) }
      try dataSource.apply(try snapshot((1...3).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.delegate !== app)
      #expect(app.seen.contains("display 0"))

      table.simulateScroll(toY: 10)
      #expect(app.seen.contains("scroll"))
      #expect(table.delegate?.tableView(table, heightForHeaderInSection: 0) == 30)
      #expect(table.delegate?.tableView(table, viewForHeaderInSection: 0) === app.header)
      table.simulateTap(at: path(1))
      #expect(selected == [2])
      #expect(app.seen.contains("select 1"))
      // The content is Catena's, not the app's data source's (which has no rows).
      #expect(table.numberOfRows(inSection: 0) == 3)
      withExtendedLifetime(window) {}
    }

    @Test("a delegate set after bind is taken over: both hear selections, paging still loads")
    func delegateSetAfterBindIsTakenOver() async throws {
      let (table, window) = tableInWindow()
      var selected: [Int] = []
      var displayed: [Int] = []
      let dataSource = rowSource(table)
        .didSelect { _, row in selected.append(row.id) }
        .willDisplay { path, _ in displayed.append(path.item) }
      try dataSource.apply(try snapshot((1...3).map { Row($0) }))
      table.layoutIfNeeded()
      let app = AppTableDelegate()
      table.delegate = app  // replaces Catena's proxy, as UIKit's setter does

      // The next layout asks the data source for counts, which takes the delegate back.
      table.reloadData()
      table.layoutIfNeeded()
      await settle(until: { table.delegate !== app })
      #expect(table.delegate !== app)
      table.simulateTap(at: path(0))
      #expect(selected == [1])
      #expect(app.seen.contains("select 0"))

      // An apply takes it back at once, before its batch.
      table.delegate = app
      displayed = []
      try dataSource.apply(try snapshot((1...4).map { Row($0) }))
      table.layoutIfNeeded()
      #expect(table.delegate !== app)
      await dataSource.afterLayoutDone()  // `willDisplay` hears after the layout pass
      #expect(displayed == [3])
      #expect(app.seen.contains("display 3"))
      withExtendedLifetime(window) {}
    }

    @Test("invalidating the data source gives the table the app's own objects back")
    func invalidateRestoresTheAppsObjects() throws {
      let (table, window) = tableInWindow()
      let app = AppTableDelegate()
      table.delegate = app
      table.dataSource = app
      let dataSource = rowSource(table)
      try dataSource.apply(try snapshot([Row(1)]))
      dataSource.invalidate()
      #expect(table.delegate === app)
      #expect(table.dataSource === app)
      withExtendedLifetime(window) {}
    }

    @Test("binding twice keeps forwarding to the app's delegate, never to the old proxy")
    func secondBindKeepsTheAppsDelegate() throws {
      let (table, window) = tableInWindow()
      let app = AppTableDelegate()
      table.delegate = app
      let first = rowSource(table)
      let second = rowSource(table)
      try second.apply(try snapshot([Row(1)]))
      table.layoutIfNeeded()
      table.simulateScroll(toY: 1)
      #expect(app.seen.filter { $0 == "scroll" }.count == 1)
      withExtendedLifetime((window, first)) {}
    }
  }
#endif
