#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The SwiftUI example of the two-way paging article, compiled for iOS against the real SDK
  // by `.ci/apple-build`.

  // snippet: swiftui-timeline
  import Catena
  import SwiftUI

  struct ChatMessage: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
  }

  struct TimelineView: View {
    // Observable: the view updates when the items or a direction's load state change.
    @State private var messages = Pager(
      PagerConfiguration(pageSize: 30, maxLoadedPages: 6),
      source: .cursor { cursor, size in
        let page = try await Get(
          "messages", ["cursor": .string(cursor ?? ""), "limit": .int(size)]
        )
        .json()
        .value
        return Page(
          items: (page["data"].array ?? []).compactMap { json in
            json["id"].int.map { ChatMessage(id: $0, text: json["text"].string ?? "") }
          },
          next: page["after"].string.map(PageKey.cursor),
          previous: page["before"].string.map(PageKey.cursor))
      })

    var body: some View {
      List {
        status(messages.loadStates.prepend) { messages.retry() }
        ForEach(messages.items) { message in
          Text(message.text)
            .onAppear {
              // Rows at either end load the pages past it (one load per direction at most).
              if message.id == messages.items.first?.id { messages.loadPrevious() }
              if message.id == messages.items.last?.id { messages.loadNext() }
            }
            .swipeActions {
              Button("Delete", role: .destructive) {
                // Gone at once; back, animated, if the server refuses.
                messages.edit(.delete(message.id)) {
                  _ = try await Delete("messages/\(message.id)").value
                }
              }
            }
        }
        status(messages.loadStates.append) { messages.retry() }
      }
      .defaultScrollAnchor(.bottom)  // a chat opens at its newest messages
      .refreshable { await messages.refreshing() }
      .task { await messages.refreshing() }  // leaving the screen cancels the first load
    }

    @ViewBuilder
    private func status(_ state: LoadState, retry: @escaping () -> Void) -> some View {
      switch state {
      case .loading: ProgressView()
      case .failed(let error): Button("\(error.message): tap to retry", action: retry)
      default: EmptyView()
      }
    }
  }
// end snippet
#endif
