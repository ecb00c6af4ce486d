// The house list screen of `HousesScreen`, defined once for any table, shown here on a headless
// table: what its tests bind it to, and what an app binds to its `UITableView` instead
// (`screen.dataSource.bind(tableView)`). Loads the first page, scrolls to the end, opens a house.
//
//   swift run HouseScreen [--base-url http://127.0.0.1:8080]
import Catena
import CatenaHeadless
import SampleAPI

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)
  import HousesScreen

  @MainActor
  func run() async {
    print("One house screen, headless (\(SampleAPI.origin()))\n")
    let screen = HousesScreen(api: SampleAPI.client())
    let table = HeadlessTable(viewportHeight: 5 * 44)
    screen.dataSource.bind(table)
    await screen.houses.refresh().ended()
    print(table.render())
    // Scroll until the list ends: the last rows coming on screen start the next page (on the
    // next main-actor turn), which the sample then waits for.
    for _ in 0..<20 where screen.houses.loadStates.append != .end {
      table.scroll(toOffset: table.contentHeight)
      for _ in 0..<100 where screen.houses.loadStates.append != .loading { await Task.yield() }
      guard screen.houses.loadStates.append == .loading else {
        return print("scrolling to the end started no load")
      }
      await screen.houses.loadNext().ended()  // the load the scroll started
    }
    print("\(screen.houses.items.count) houses; \(screen.houses.loadStates)")
    table.tapRow(at: ItemPath(item: 0, section: 0))
    print("opened: \(screen.opened.map(\.title))")
  }

  await run()
#else
  print("HouseScreen needs UIKit's list cells (iOS, visionOS) or Linux's fakes of them.")
#endif
