#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The SwiftUI example of the two-way paging article, compiled for iOS against the real SDK
  // by `.ci/apple-build`.

  // snippet: swiftui-timeline
  import Catena
  import CatenaUIKit
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
        .value()
        return Page(
          items: (page["data"].array ?? []).compactMap { json in
            json["id"].int.map { ChatMessage(id: $0, text: json["text"].string ?? "") }
          },
          next: page["after"].string.map(PageKey.cursor),
          previous: page["before"].string.map(PageKey.cursor))
      })

    var body: some View {
      // Observable: reading the rows tracks the items and the load states.
      let rows = messages.rows()
      List(rows) { row in
        Group {
          if let message = row.item {
            Text(message.text)
              .swipeActions {
                Button("Delete", role: .destructive) {
                  // Gone at once; back, animated, if the server refuses.
                  messages.edit(.delete(message.id)) {
                    _ = try await Delete("messages/\(message.id)").value()
                  }
                }
              }
          } else if let status = row.status {
            // A spinner, or the error as a button that retries; or your own view.
            PagerStatusView(status) { messages.retry() }
          }
        }
        // Rows near either end load the pages past it (one load per direction at most).
        .onAppear { messages.rowAppeared(row.id, in: rows) }
      }
      .defaultScrollAnchor(.bottom)  // a chat opens at its newest messages
      .refreshable { await messages.refresh().ended() }
      .task { await messages.refresh().ended() }  // leaving the screen cancels the first load
    }
  }
// end snippet
#endif
