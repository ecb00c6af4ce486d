#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The SwiftUI example of the DocC articles, compiled for iOS against the real SDK by
  // `.ci/apple-build`, like the UIKit ones beside it.

  // snippet: swiftui-houses
  import Catena
  import SwiftUI

  struct HousesView: View {
    // The pager is Observable: the view updates when its items or its load states change.
    @State private var houses = Pager(
      source: .request(PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")) {
        page, size in
        Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
      } transform: { json in
        House(json: json)
      })

    var body: some View {
      List {
        ForEach(houses.items) { house in
          Text(house.title)
            .onAppear {
              // The last row coming on screen loads the next page (at most one at a time).
              if house.id == houses.items.last?.id { houses.loadNext() }
            }
        }
        footer
      }
      .overlay {
        if houses.isEmpty { ContentUnavailableView("No houses yet", systemImage: "house") }
      }
      // Pull to refresh: the spinner stays until the first page has arrived or failed.
      .refreshable { await houses.refresh().ended() }
      // The first load; leaving the screen cancels the task, and with it the load.
      .task { await houses.refresh().ended() }
    }

    @ViewBuilder private var footer: some View {
      if let error = houses.loadStates.append.error ?? houses.loadStates.refresh.error {
        Button("\(error.message): tap to retry") { houses.retry() }
      } else if houses.loadStates.append == .loading {
        ProgressView()
      } else if houses.loadStates.append == .end, !houses.items.isEmpty {
        Text("That's all")
      }
    }
  }
// end snippet
#endif
