// The house list screen of `HousesScreen`, defined once for any table, shown here on a headless
// table: what its tests bind it to, and what an app binds to its `UITableView` instead
// (`screen.dataSource.bind(tableView)`). Loads the first page, scrolls to the end, opens a house.
//
//   swift run HouseScreen [--base-url http://127.0.0.1:8080]
import Catena
import CatenaHeadless
import HousesScreen
import SampleAPI

@MainActor
func run() async {
  print("One house screen, headless (\(SampleAPI.origin()))\n")
  let screen = HousesScreen(api: SampleAPI.client())
  let table = HeadlessTable(viewportHeight: 5 * 44)
  screen.dataSource.bind(table)
  await screen.houses.refresh().ended()
  print(table.render())
  // Scroll until the list ends: each page that comes on screen asks for the next.
  for _ in 0..<20 where screen.houses.loadStates.append != .end {
    table.scroll(toOffset: table.contentHeight)
    await screen.houses.loadNext().ended()
  }
  print("\(screen.houses.items.count) houses; \(screen.houses.loadStates)")
  table.tapRow(at: ItemPath(item: 0, section: 0))
  print("opened: \(screen.opened.map(\.title))")
}

await run()
