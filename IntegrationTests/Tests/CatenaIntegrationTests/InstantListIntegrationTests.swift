import Catena
import CatenaHeadless
import CatenaTesting
import FixtureServer
import Foundation
import Testing

/// The counts of a log's `applied` entries: inserted, deleted, moved, updated.
final class AppliedCounts: @unchecked Sendable {
  // NB: `lock` guards `counts`.
  private let lock = NSLock()
  private var counts: [[Int]] = []
  var log: PagerLog {
    PagerLog { entry in
      if case .applied(let inserted, let deleted, let moved, let updated, _, _) = entry {
        self.lock.withLock { self.counts.append([inserted, deleted, moved, updated]) }
      }
    }
  }
  var all: [[Int]] { lock.withLock { counts } }
}

/// A screen of the feed on `api`: a new pager bound to a headless table, as opening the
/// screen again makes.
@MainActor
final class FeedScreen {
  let pager: Pager<House>
  let table = HeadlessTable(viewportHeight: 10 * 44)
  let dataSource: SectionedDataSource<String, PagerRow<House>>
  let applied = AppliedCounts()

  /// The screen of run `run`'s `/feed`.
  convenience init(_ api: Client, run: String) {
    self.init(
      PageSource<House>.request(PageFormat(list: "posts", total: "total"), on: api) {
        page, size in
        Get("feed", ["run": .string(run), "page": .int(page), "size": .int(size)])
      } transform: {
        House(json: $0)
      })
  }

  /// A screen of `source`'s pages.
  init(_ source: PageSource<House>) {
    pager = Pager(PagerConfiguration(pageSize: 20), source: source)
    dataSource = SectionedDataSource<String, PagerRow<House>>()
      .bind(table)
      .configureCell(TextCell.self, reuseIdentifier: "post") { cell, _, row in
        cell.text = row.item?.title ?? "[\(row.text)]"
      }
    pager.bind(dataSource, section: "feed")
    pager.log = applied.log
  }

  /// What the cells on screen show.
  var visible: [String] {
    table.visibleItemPaths.map { table.cellForRow(at: $0)?.renderedText ?? "" }
  }
}

@Suite("Instant lists over real HTTP", .timeLimit(.minutes(5)))
struct InstantListIntegrationTests {
  @MainActor
  @Test func aListOpenedAgainShowsItsKeptRowsAtOnceThenTheServersInOneChange() async throws {
    let run = UUID().uuidString
    try await TestServer.run { @MainActor port in
      let api = client(port, cache: HTTPCache())
      let first = FeedScreen(api, run: run)
      await first.pager.refresh().ended()
      #expect(first.pager.items.map(\.id) == Array(0..<20))

      // Three posts are published; the server holds its answers until the test opens the gate.
      await Feeds.shared.publish(3, in: run)
      await Feeds.shared.hold(run, at: "\(run)-open-again")
      let second = FeedScreen(api, run: run)
      let refresh = second.pager.refresh()
      #expect(second.pager.items.count == 20, "the kept page in the same turn")
      #expect(second.visible.first == "Post 0", "the rows at once, no spinner")
      #expect(!second.visible.contains { $0.hasPrefix("[") })
      #expect(second.pager.loadStates.refresh == .loading, "the server is still asked")
      // The server got the second screen's request, and holds it.
      for _ in 0..<5_000 where await Attempts.shared.count("feed-\(run)-1") < 2 {
        try await Task.sleep(for: .milliseconds(2))
      }
      #expect(await Attempts.shared.count("feed-\(run)-1") == 2)
      #expect(second.pager.loadStates.refresh == .loading)
      await Gates.shared.open("\(run)-open-again")
      await refresh.ended()
      #expect(Array(second.pager.items.map(\.id).prefix(20)) == [1002, 1001, 1000] + Array(0..<17))
      // The kept rows came first, with no load row before them; the server's as one change.
      #expect(second.applied.all.first == [20, 0, 0, 0])
      #expect(second.applied.all.contains([3, 3, 0, 0]))

      // Opened a third time with nothing new: a 304, and no second change.
      await Feeds.shared.hold(run, at: nil)
      let third = FeedScreen(api, run: run)
      await third.pager.refresh().ended()
      #expect(third.pager.items.prefix(20) == second.pager.items.prefix(20))
      #expect(await Attempts.shared.count("feed-\(run)-1-304") == 1)
      // No row was replaced or updated: at most a status row gave way to each page.
      #expect(third.applied.all.allSatisfy { $0[1] <= 1 && $0[3] == 0 })
    }
  }

  @MainActor
  @Test func offlineTheListShowsItsKeptRowsAndAsksTheServerWhenTheNetworkIsBack() async throws {
    let run = UUID().uuidString
    try await TestServer.run { @MainActor port in
      let network = ManualReachability()
      let api = client(port, cache: HTTPCache(), reachability: network)
      let first = FeedScreen(api, run: run)
      await first.pager.refresh().ended()
      #expect(await Attempts.shared.count("feed-\(run)-1") == 1)

      // Offline, the list opened again shows what was kept, says so, and sends nothing.
      network.isReachable = false
      await Feeds.shared.publish(1, in: run)
      let second = FeedScreen(api, run: run)
      let refresh = second.pager.refresh()
      try await turns("the kept page to show") { second.pager.items.count == 20 }
      #expect(second.pager.loadStates.isOffline)
      #expect(second.dataSource.snapshot?.allItems.first?.status == .offline)
      try await turns("the request to wait for the network") { network.listenerCount >= 1 }
      #expect(await Attempts.shared.count("feed-\(run)-1") == 1, "nothing sent offline")

      // Back online: the request goes, and the new post comes in as one change.
      network.isReachable = true
      await refresh.ended()
      #expect(await Attempts.shared.count("feed-\(run)-1") == 2)
      #expect(second.pager.items.first?.id == 1000)
      #expect(second.dataSource.snapshot?.allItems.first?.status == nil)
      #expect(second.applied.all.contains([1, 1, 0, 0]))
    }
  }

  @Test func anOfflineRequestFailsAsOfflineAtItsDeadlineHavingSentNothing() async throws {
    let run = UUID().uuidString
    try await TestServer.run { port in
      let api = client(
        port, timeout: .milliseconds(100), reachability: ManualReachability(reachable: false))
      var failure: RequestError?
      do {
        _ = try await Get("feed", ["run": .string(run)]).json().value(on: api)
      } catch {
        failure = error as? RequestError
      }
      #expect(failure?.kind == .offline)
      #expect(await Attempts.shared.count("feed-\(run)-1") == 0)
    }
  }
}
