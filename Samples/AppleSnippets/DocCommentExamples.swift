#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
  // The examples of the sources' doc comments that need SwiftUI (the UIKit ones are in
  // DocCommentExamples+UIKit.swift),
  // compiled for iOS against the real SDK by `.ci/apple-build`. A region between
  // `// snippet: doc-NAME` and `// end snippet` is, word for word, a ```swift block of a `///`
  // comment under `Sources/`; DocCommentTests checks that each such block is here and each
  // region is one.
  import Catena
  import CatenaUIKit
  import SwiftUI
  import UIKit

  /// A chat message of the doc-comment examples.
  struct Message: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
    var day: String
  }

  /// A message's row.
  struct MessageRow: View {
    let message: Message
    init(_ message: Message) { self.message = message }
    var body: some View { Text(message.text) }
  }

  /// A row of a pager's rows.
  struct RowView: View {
    let row: PagerRow<Message>
    init(_ row: PagerRow<Message>) { self.row = row }
    var body: some View { Text(row.item?.text ?? row.text) }
  }

  extension PageSource<House> {
    /// The houses whose title holds `query`.
    static func search(_ query: String) -> PageSource<House> {
      PageSource { page, size in
        Page(
          items: try await Get("houses", ["q": .string(query), "page": .int(page)])
            .list(at: "items")
            .compactMap { House(json: $0) }
            .value())
      }
    }
  }

  /// A list of messages, with the status rows and refresh of the pager's examples.
  struct MessagesView: View {
    @State var messages = Pager<Message>(source: PageSource { _, _ in Page(items: []) })

    var body: some View {
      List {
        // snippet: doc-rows-in-swiftui
        let rows = messages.rows(
          PagerRows(separator: { before, message in
            before?.day == message.day ? nil : message.day
          }))
        ForEach(rows) { row in
          if let message = row.item {
            Text(message.text)
          } else if let status = row.status {
            PagerStatusView(status) { messages.retry() }
          } else {
            Text(row.text).font(.caption)
          }
        }
        // end snippet
      }
      // snippet: doc-refreshable
      .refreshable { await messages.refresh().ended() }
      // end snippet
      .toolbar {
        // snippet: doc-retry-button
        Button("Retry") { messages.retry() }
        // end snippet
      }
    }
  }

  /// Rows that tell the pager when they come on screen.
  struct AppearingRowsView: View {
    let messages: Pager<Message>

    var body: some View {
      let rows = messages.rows()
      List {
        // snippet: doc-row-appeared
        ForEach(rows) { row in
          RowView(row).onAppear { messages.rowAppeared(row.id, in: rows) }
        }
        // end snippet
      }
    }
  }

  /// The status rows in a SwiftUI list.
  struct StatusRowsView: View {
    let messages: Pager<Message>

    var body: some View {
      // snippet: doc-status-view
      let rows = messages.rows()
      List(rows) { row in
        if let message = row.item {
          Text(message.text)
        } else if let status = row.status {
          PagerStatusView(status) { messages.retry() }
        }
      }
      // end snippet
    }
  }

  /// A list refreshed by pulling.
  struct RefreshedMessagesView: View {
    let messages: Pager<Message>

    var body: some View {
      // snippet: doc-list-refreshable
      List(messages.items) { message in MessageRow(message) }
        .refreshable { await messages.refresh().ended() }
      // end snippet
    }
  }

  /// Houses searched as the user types, and an empty list's placeholder.
  struct SearchedHousesView: View {
    @State var query = ""
    let results: Pager<House>
    let houses: Pager<House>

    var body: some View {
      List(results.items) { house in Text(house.title) }
        // snippet: doc-search-task
        .task(id: query) {
          try? await Task.sleep(for: .milliseconds(300))
          if !Task.isCancelled { await results.refresh(from: .search(query)).ended() }
        }
        // end snippet
        .searchable(text: $query)
        // snippet: doc-empty-overlay
        .overlay {
          if houses.isEmpty { ContentUnavailableView("No houses yet", systemImage: "house") }
        }
      // end snippet
    }
  }
#endif
