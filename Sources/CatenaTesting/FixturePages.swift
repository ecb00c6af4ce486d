public import CatenaPaging
import CatenaRequest
import Foundation

/// Generated items served in pages, as the original `testWholeListCount` / `testPageSize`
/// did: a paged list works, and its tests run, before its API exists.
///
/// ```swift
/// let fixture = FixturePages(count: 45, latency: .milliseconds(80)) { index in
///   House(id: index, title: "House \(index)")
/// }
/// let houses = Pager(PagerConfiguration(pageSize: 20), source: fixture.source)
/// ```
///
/// The same pages can be served as JSON through a ``FixtureTransport`` (see
/// ``route(on:_:paging:list:encode:)``), so a request-based page source runs end
/// to end. Failures can be injected for chosen pages, or at random with a seed.
public final class FixturePages<Item: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `failures`, `failureRate`, `failNext`, `random` and `recorded`.
  private let lock = NSLock()
  /// How many items the whole list has.
  package let count: Int
  /// The index of the first page.
  package let firstPage: Int
  /// The page size the "server" uses whatever the request asks; nil to honour the request.
  package let serverPageSize: Int?
  /// How long each page takes.
  package let latency: Duration
  private let make: @Sendable (Int) -> Item
  private var failures: [Int: Int] = [:]
  private var failureRate = 0
  private var failNext = 0
  private var random = SeededRandom(seed: 0)
  private var recorded: [(page: Int, size: Int)] = []

  /// A list of `count` items made by `make` from their index (0-based), served in pages
  /// numbered from `firstPage` after `latency`.
  public init(
    count: Int, firstPage: Int = 1, serverPageSize: Int? = nil, latency: Duration = .zero,
    make: @escaping @Sendable (Int) -> Item
  ) {
    self.count = max(count, 0)
    self.firstPage = firstPage
    self.serverPageSize = serverPageSize
    self.latency = latency
    self.make = make
  }

  /// Fails the next `times` requests for each page in `pages`.
  @discardableResult
  public func failing(pages: Set<Int>, times: Int = 1) -> Self {
    lock.withLock { for page in pages { failures[page, default: 0] += times } }
    return self
  }

  /// Fails the next `times` requests, whatever page they ask for.
  @discardableResult
  public func failingNext(_ times: Int = 1) -> Self {
    lock.withLock { failNext += times }
    return self
  }

  /// Fails about `percent` of all requests, chosen by a generator seeded with `seed`.
  @discardableResult
  public func failing(percent: Int, seed: UInt64) -> Self {
    lock.withLock {
      failureRate = percent
      random = SeededRandom(seed: seed)
    }
    return self
  }

  /// The pages asked for so far, oldest first.
  public var requests: [(page: Int, size: Int)] { lock.withLock { recorded } }

  /// The items of page `page` with pages of `size` (or the server's size).
  func items(page: Int, size: Int) -> [Item] {
    let size = serverPageSize ?? max(size, 1)
    return items(offset: (page - firstPage) * size, size: size)
  }

  /// The pages as a `PageSource` of numbered pages.
  public var source: PageSource<Item> { source(.index) }

  /// The pages as a `PageSource` keyed as `keying` says: numbered pages (from the first page the fixture was made with),
  /// offsets, or opaque cursors (``cursor(forOffset:)``) each page gives as `Page.next`.
  ///
  /// ```swift
  /// let houses = Pager(source: fixture.source(.server))  // cursor paging
  /// ```
  public func source(_ keying: PageKeying) -> PageSource<Item> {
    PageSource(keying: keying) { key, size in
      var size = self.serverPageSize ?? max(size, 1)
      let offset: Int
      switch key {
      case .index(let page): offset = (page - self.firstPage) * size
      case .offset(let value): offset = value
      case .cursor(let cursor):
        if let end = Self.end(ofCursor: cursor) {
          // A `before` cursor: the page that ends where the one that gave it starts.
          offset = max(end - size, 0)
          size = min(size, end)
        } else if let value = Self.offset(ofCursor: cursor) {
          offset = value
        } else {
          throw RequestError(.status, "cursor \"\(cursor)\" is not one this list gave")
        }
      case .link(let url):
        throw RequestError(.invalidURL, "a closure source has no link to follow (\(url))")
      case nil: offset = 0
      }
      try await self.serve(page: self.page(atOffset: offset, size: size), size: size)
      var page = Page(
        items: self.items(offset: offset, size: size), pageSize: self.serverPageSize,
        total: self.count)
      let end = offset + size
      if keying == .server, end < self.count { page.next = .cursor(Self.cursor(forOffset: end)) }
      if keying == .server, offset > 0 { page.previous = .cursor(Self.cursor(before: offset)) }
      return page
    }.firstPage(firstPage)
  }

  /// The items `offset..<offset + size` that exist.
  public func items(offset: Int, size: Int) -> [Item] {
    guard offset >= 0, offset < count, size > 0 else { return [] }
    return (offset..<min(offset + size, count)).map(make)
  }

  /// The opaque cursor of the page starting at `offset`, as these pages give it.
  public static func cursor(forOffset offset: Int) -> String {
    Data("after:\(offset)".utf8).base64EncodedString()
  }

  /// The offset a cursor of these pages stands for; nil for one they never gave.
  package static func offset(ofCursor cursor: String) -> Int? {
    position(in: cursor, after: "after:")
  }

  /// The opaque cursor of the page that ends at `offset` (the items before it), as these
  /// pages give it for a two-way `Pager` (`Page.previous`).
  package static func cursor(before offset: Int) -> String {
    Data("before:\(offset)".utf8).base64EncodedString()
  }

  /// Where the page of a `before` cursor ends; nil for any other cursor.
  static func end(ofCursor cursor: String) -> Int? {
    position(in: cursor, after: "before:")
  }

  /// The position a cursor of these pages holds after `prefix`; nil for any other cursor.
  private static func position(in cursor: String, after prefix: String) -> Int? {
    guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
      text.hasPrefix(prefix), let position = Int(text.dropFirst(prefix.count)), position >= 0
    else { return nil }
    return position
  }

  /// The number of the page that starts at `offset` with pages of `size`, for failures and
  /// the recorded requests.
  func page(atOffset offset: Int, size: Int) -> Int {
    firstPage + offset / max(size, 1)
  }

  /// Records the request, waits the latency and throws an injected failure.
  func serve(page: Int, size: Int) async throws {
    let fails = lock.withLock { () -> Bool in
      recorded.append((page, size))
      if failNext > 0 {
        failNext -= 1
        return true
      }
      if let left = failures[page], left > 0 {
        failures[page] = left - 1
        return true
      }
      return failureRate > 0 && random.chance(failureRate)
    }
    if latency > .zero { try await Task.sleep(for: latency) }
    if fails { throw RequestError(.transport, "page \(page) failed (an injected failure)") }
  }
}
