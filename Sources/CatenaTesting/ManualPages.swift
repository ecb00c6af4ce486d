public import CatenaPaging
public import CatenaRequest
import Foundation

/// A page source a test answers by hand: every request waits until the test responds or
/// fails it, so the test decides the order in which answers arrive (a late answer to an old
/// refresh, a failure in the middle), with no clock involved.
///
/// ```swift
/// let pages = ManualPages<House>()
/// let list = Pager(source: pages.source)
/// let load = list.refresh()
/// await pages.waitForRequests(1)
/// pages.respond(with: Page(items: houses))
/// await load.ended()
/// ```
public final class ManualPages<Item: Sendable>: @unchecked Sendable {
  /// A request waiting for its answer.
  struct Request {
    let number: Int
    let page: Int
    let key: PageKey?
    let size: Int
    let continuation: CheckedContinuation<Page<Item>, any Error>
  }

  // NB: `lock` guards `waiting`, `asked` and `watchers`.
  private let lock = NSLock()
  private var waiting: [Request] = []
  private var asked: [(page: Int, size: Int)] = []
  private var askedKeys: [PageKey?] = []
  private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a source with no request yet.
  public init() {}

  /// The source to give a `Pager`: numbered pages.
  public var source: PageSource<Item> { source(.index) }

  /// A source keyed as `keying` says; a request's page is its index or offset, or -1 for a
  /// cursor or a link (``keys`` has them all).
  public func source(_ keying: PageKeying) -> PageSource<Item> {
    PageSource(keying: keying) { key, size in
      let page: Int
      switch key {
      case .index(let number)?, .offset(let number)?: page = number
      default: page = keying == .server ? -1 : 0
      }
      return try await withCheckedThrowingContinuation { continuation in
        let ready = self.lock.withLock { () -> [CheckedContinuation<Void, Never>] in
          self.waiting.append(
            Request(
              number: self.asked.count, page: page, key: key, size: size,
              continuation: continuation))
          self.asked.append((page, size))
          self.askedKeys.append(key)
          let count = self.asked.count
          defer { self.watchers.removeAll { $0.count <= count } }
          return self.watchers.filter { $0.count <= count }.map(\.continuation)
        }
        for watcher in ready { watcher.resume() }
      }
    }
  }

  /// Every page asked for so far, oldest first.
  public var requests: [(page: Int, size: Int)] { lock.withLock { asked } }

  /// The key of every request so far, oldest first (nil for a first page keyed by the server).
  public var keys: [PageKey?] { lock.withLock { askedKeys } }

  /// The keys of the requests waiting for an answer, oldest first.
  public var waitingKeys: [PageKey?] { lock.withLock { waiting.map(\.key) } }

  /// Answers the oldest waiting request for `key` with `answer`; false when none waits.
  @discardableResult
  public func respond(key: PageKey?, with answer: Page<Item>) -> Bool {
    guard let request = take(where: { $0.key == key }) else { return false }
    request.continuation.resume(returning: answer)
    return true
  }

  /// Fails the oldest waiting request for `key`; false when none waits.
  @discardableResult
  public func fail(
    key: PageKey?, with error: any Error = RequestError(.transport, "offline")
  ) -> Bool {
    guard let request = take(where: { $0.key == key }) else { return false }
    request.continuation.resume(throwing: error)
    return true
  }

  /// The request numbers (in the order they were asked, from 0) still waiting.
  public var waitingNumbers: [Int] { lock.withLock { waiting.map(\.number) } }

  /// Waits until `count` requests have been made (a list starts its loads in tasks).
  public func waitForRequests(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let done = lock.withLock { () -> Bool in
        if asked.count >= count { return true }
        watchers.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Answers the oldest waiting request for `page` (or the oldest at all) with `answer`.
  public func respond(page: Int? = nil, with answer: Page<Item>) {
    take { page == nil || $0.page == page }?.continuation.resume(returning: answer)
  }

  /// Answers request number `number` with `answer`.
  public func respond(number: Int, with answer: Page<Item>) {
    take { $0.number == number }?.continuation.resume(returning: answer)
  }

  /// Fails the oldest waiting request for `page` (or the oldest at all).
  public func fail(page: Int? = nil, with error: any Error = RequestError(.transport, "offline")) {
    take { page == nil || $0.page == page }?.continuation.resume(throwing: error)
  }

  /// Fails request number `number` with `error`.
  public func fail(number: Int, with error: any Error) {
    take { $0.number == number }?.continuation.resume(throwing: error)
  }

  private func take(where matches: (Request) -> Bool) -> Request? {
    lock.withLock {
      guard let index = waiting.firstIndex(where: matches) else { return nil }
      return waiting.remove(at: index)
    }
  }
}
