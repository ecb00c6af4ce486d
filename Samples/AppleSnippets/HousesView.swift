#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The SwiftUI example of the DocC articles, compiled for iOS against the real SDK by
  // `.ci/apple-build`, like the UIKit ones beside it.

  // snippet: swiftui-houses
  import Catena
  import SwiftUI

  struct HousesView: View {
    // The list is Observable: the view updates when its items or its state change.
    @State private var houses = PagedList(
      pageSize: 20,
      source: .request(list: "Data.HouseList") { page, size in
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
              if house.id == houses.items.last?.id { houses.loadNextPage() }
            }
        }
        footer
      }
      .overlay {
        if houses.state == .empty { ContentUnavailableView("No houses yet", systemImage: "house") }
      }
      // Pull to refresh: the spinner stays until the first page has arrived or failed.
      .refreshable { await houses.refreshing() }
      // The first load; leaving the screen cancels the task, and with it the load.
      .task { await houses.refreshing() }
    }

    @ViewBuilder private var footer: some View {
      switch houses.state {
      case .loadingNextPage:
        ProgressView()
      case .failed(let error) where !error.isFirstPage:
        Button("\(error.message): tap to retry") { houses.loadNextPage() }
      case .failed(let error):
        Button("\(error.message): tap to retry") { houses.refresh() }
      case .loaded(hasMore: false) where !houses.items.isEmpty:
        Text("That's all")
      default:
        EmptyView()
      }
    }
  }
// end snippet
#endif
