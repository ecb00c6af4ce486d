import CatenaDataSource
package import Foundation

extension Pager {
  /// Tells the pager that its list is on screen (UIKit: the view controller's
  /// `viewWillAppear`; SwiftUI: `.onAppear` or `.task`). The first time, it loads the first
  /// page; after that, a list older than its `PagerConfiguration(refetchAfter:)` loads its pages
  /// again, each in place, keeping the rows the user reads. While the list is shown, a return
  /// to the foreground and the network coming back do the same.
  ///
  /// ```swift
  /// override func viewWillAppear(_ animated: Bool) {
  ///   super.viewWillAppear(animated)
  ///   houses.appeared()
  /// }
  /// ```
  public func appeared() {
    isShown = true
    if pages.isEmpty, running[.refresh] == nil, loadStates.refresh.error == nil {
      refresh()
    } else {
      refetchIfStale()
    }
  }

  /// Tells the pager that its list left the screen: a return to the foreground or the network
  /// coming back no longer reloads it.
  public func disappeared() { isShown = false }

  /// Loads the pages again when the list is shown, has loaded, and is older than its stale
  /// time; nothing while a refresh, a refetch or a change of source runs.
  func refetchIfStale() {
    guard isShown, let refetchAfter = configuration.refetchAfter, let landed,
      now() - landed >= refetchAfter
    else { return }
    refetch()
  }

  /// Loads each page of the window again, first to last, and puts them all in place in one
  /// change when the last has arrived (the rows the user reads kept; no row gone between two
  /// pages meanwhile): the window stays, unlike a refresh's. It runs as the refresh
  /// direction: nothing else loads meanwhile.
  @discardableResult
  func refetch() -> Task<Void, Never>? {
    guard running.isEmpty, pendingSource == nil, !pages.isEmpty, pagesFromSource else {
      return nil
    }
    let requests = pages.map { $0.request }
    generation &+= 1
    let mine = generation
    log?.write(.started(.refresh, requests[0].key, .refetch))
    let fetch = source.fetch
    let task = Task { [weak self] in
      var fresh: [(PageRequest, Page<Item>)] = []
      do {
        for request in requests {
          fresh.append((request, try await fetch(request.key, request.size)))
        }
        self?.refetched(mine, .success(fresh))
      } catch {
        self?.refetched(mine, .failure(error))
      }
    }
    running[.refresh] = RunningLoad(
      generation: mine, request: requests[0], reloadsDropped: false, started: .now, task: task)
    tasks.insert(task, for: mine)
    setState(.refresh, .loading)
    return task
  }

  /// Ends refetch `mine`: its pages in place, or the refresh direction failed (the rows stay;
  /// a retry refreshes).
  private func refetched(_ mine: Int, _ result: Result<[(PageRequest, Page<Item>)], any Error>) {
    tasks.remove(mine)
    guard let load = running[.refresh], load.generation == mine else { return }
    running[.refresh] = nil
    defer {
      wake(mine)
      settleAfterLoad()
    }
    let elapsed = ContinuousClock.now - load.started
    let fresh: [(PageRequest, Page<Item>)]
    do {
      fresh = try result.get()
      let before = pages
      var items = 0
      var duplicates = 0
      do throws(DataSourceError) {
        for (request, page) in fresh {
          _ = try replace(request, with: page)
          items += page.items.count
          duplicates += lastDroppedDuplicates
        }
      } catch {
        pages = before
        throw error
      }
      lastDroppedDuplicates = duplicates
      landed = now()
      log?.write(
        .ended(
          .refresh, load.request.key,
          .loaded(items: items, duplicates: duplicates, pagesDropped: 0), elapsed: elapsed))
      recompute()
      updateStates(clearingFailures: true)
    } catch {
      let failure = PageLoadError(.refresh, key: load.request.key, error: error)
      log?.write(.ended(.refresh, load.request.key, .failed(failure.message), elapsed: elapsed))
      setState(.refresh, .failed(failure))
      updateStates()
    }
  }

  /// Follows the reachability of the client the source sends through (or stops following,
  /// for a source without one).
  func followReachability() {
    reachabilityLoop?.cancel()
    reachabilityLoop = nil
    guard let reachability = source.reachability?() else {
      setOffline(false)
      return
    }
    setOffline(!reachability.isReachable)
    let updates = reachability.updates()
    reachabilityLoop = Task { [weak self] in
      for await reachable in updates {
        guard let self else { return }
        self.setOffline(!reachable)
      }
    }
  }

  /// Shows the list offline or back online; back online, failed loads run again and a stale
  /// list that is shown loads its pages again.
  private func setOffline(_ offline: Bool) {
    guard offline != loadStates.isOffline else { return }
    loadStates.isOffline = offline
    notify(.states)
    guard !offline else { return }
    if loadStates.refresh.error != nil || loadStates.prepend.error != nil
      || loadStates.append.error != nil
    {
      retry()
    } else {
      refetchIfStale()
    }
  }
}

/// Calls back when the app returns to the foreground (`Notification.Name.appWillEnterForeground`),
/// on the main actor; stops when it goes away.
final class ForegroundObserver: @unchecked Sendable {
  // NB: set once in `init`, read in `deinit`.
  private var token: (any NSObjectProtocol)?

  init(_ action: @escaping @MainActor () -> Void) {
    token = NotificationCenter.default.addObserver(
      forName: .appWillEnterForeground, object: nil, queue: nil
    ) { _ in
      Task { @MainActor in action() }
    }
  }

  deinit {
    if let token { NotificationCenter.default.removeObserver(token) }
  }
}

extension Notification.Name {
  /// What a pager hears as the app returning to the foreground: UIKit's
  /// `willEnterForegroundNotification` on iOS, tvOS and visionOS, AppKit's
  /// `willBecomeActiveNotification` on macOS; elsewhere a name only tests post (an app
  /// without those calls `Pager.appeared()`).
  package static let appWillEnterForeground: Notification.Name = {
    #if os(macOS)
      Notification.Name("NSApplicationWillBecomeActiveNotification")
    #elseif canImport(UIKit)
      Notification.Name("UIApplicationWillEnterForegroundNotification")
    #else
      Notification.Name("CatenaAppWillEnterForeground")
    #endif
  }()
}
