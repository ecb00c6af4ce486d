#if os(Linux)
  import Catena
  import CatenaHeadless
  import CatenaTesting
  import CatenaUIKit
  import Foundation
  import HousesScreen
  import SampleAPI
  import Testing
  import UIKitFakes

  /// One screen definition (`HousesScreen`: its pager and its chain), bound to a headless table
  /// as a test binds it, and to UIKit's table as the app binds it: the same steps show the same
  /// rows and open the same house.
  @MainActor
  @Suite("One screen, driven headless and by UIKit")
  struct HousesScreenTests {
    /// A screen over the samples' fixtures, answered at once.
    func makeScreen() -> HousesScreen {
      HousesScreen(
        api: Client(
          baseURL: URL(string: "https://api.example.com/"),
          transport: SampleAPI.fixtureTransport(latency: .zero), delivery: .mainActor))
    }

    /// What a table shows after the first page, after scrolling to the end, and what a tap on
    /// the first row opens, through `show` (the rows on screen as texts), `scroll` and `tap`.
    struct Steps {
      var firstPage: [String]
      var atTheEnd: [String]
      var count: Int
      var opened: [String]
    }

    func drive(
      _ screen: HousesScreen, show: () -> [String], scrollToEnd: () -> Void,
      tapFirst: () -> Void
    ) async -> Steps {
      await screen.houses.refresh().ended()
      let firstPage = show()
      // Only scrolling loads: the last rows coming on screen start the next page.
      for _ in 0..<20 where screen.houses.loadStates.append != .end {
        let before = screen.houses.items.count
        scrollToEnd()
        try? await turns("a scroll to the end loads the next page", limit: 10_000) {
          screen.houses.items.count > before || screen.houses.loadStates.append == .end
        }
        #expect(
          screen.houses.items.count > before || screen.houses.loadStates.append == .end,
          "scrolling to the end loaded nothing")
        guard screen.houses.items.count > before else { break }
      }
      scrollToEnd()
      let atTheEnd = show()
      tapFirst()
      return Steps(
        firstPage: firstPage, atTheEnd: atTheEnd, count: screen.houses.items.count,
        opened: screen.opened.map(\.title))
    }

    func headless() async -> Steps {
      let screen = makeScreen()
      let table = HeadlessTable(viewportHeight: 5 * 44)
      screen.dataSource.bind(table)
      return await drive(
        screen,
        show: {
          table.visibleItemPaths.compactMap {
            (table.cellForRow(at: $0) as? TextCell)?.renderedText
          }
        },
        scrollToEnd: { table.scroll(toOffset: table.contentHeight) },
        tapFirst: {
          table.scroll(toOffset: 0)
          table.tapRow(at: ItemPath(item: 0, section: 0))
        })
    }

    func uiKit() async -> Steps {
      let screen = makeScreen()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 5 * 44))
      let table = UITableView(frame: window.bounds, style: .plain)
      table.rowHeight = 44
      window.addSubview(table)
      screen.dataSource.bind(table)
      let steps = await drive(
        screen,
        show: {
          table.layoutIfNeeded()
          // As `TextCell.renderedText` shows a configuration: "text — secondary text".
          return table.visibleCells.compactMap {
            guard let content = $0.contentConfiguration as? UIListContentConfiguration,
              let text = content.text
            else { return nil }
            return content.secondaryText.map { "\(text) — \($0)" } ?? text
          }
        },
        scrollToEnd: {
          table.layoutIfNeeded()
          table.simulateScroll(toY: max(table.contentSize.height - table.bounds.height, 0))
        },
        tapFirst: {
          table.simulateScroll(toY: 0)
          table.layoutIfNeeded()
          table.simulateTap(at: IndexPath(row: 0, section: 0))
        })
      withExtendedLifetime(window) {}
      return steps
    }

    @Test func theSameDefinitionShowsTheSameRowsOnEitherTable() async {
      let headless = await headless()
      let uiKit = await uiKit()
      #expect(headless.firstPage.count == 5, "\(headless.firstPage)")
      #expect(headless.firstPage.first == "Sea view apartment — ¥4200/month")
      #expect(headless.count > 10, "more than one page was loaded by scrolling")
      #expect(headless.count == 22, "every page was loaded by scrolling")
      #expect(headless.atTheEnd.last == PagerStatus.end.description)
      #expect(headless.opened == ["Sea view apartment"])
      #expect(uiKit.firstPage == headless.firstPage)
      #expect(uiKit.atTheEnd == headless.atTheEnd)
      #expect(uiKit.count == headless.count)
      #expect(uiKit.opened == headless.opened)
    }

    @Test func theSampleShowsItHeadless() throws {
      let output = try runSample("HouseScreen")
      #expect(output.contains("Sea view apartment"))
      #expect(output.contains("opened: [\"Sea view apartment\"]"))
    }
  }
#endif
