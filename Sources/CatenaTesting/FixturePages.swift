public import CatenaPaging
public import CatenaRequest
import Foundation

/// Generated items served in pages, as the original `testWholeListCount` / `testPageSize`
/// did: a paged list works, and its tests run, before its API exists.
///
/// ```swift
/// let fixture = FixturePages(count: 45, latency: .milliseconds(80)) { index in
///   House(id: index, title: "House \(index)")
/// }
/// let houses = PagedList(pageSize: 20, source: fixture.source)
/// ```
///
/// The same pages can be served as JSON through a ``FixtureTransport`` (see
/// ``route(on:_:list:pageIndex:pageSize:encode:)``), so a request-based page source runs end
/// to end. Failures can be injected for chosen pages, or at random with a seed.
public final class FixturePages<Item: Sendable>: @unchecked Sendable {
  // NB: `lock` guards `failures`, `failureRate`, `random` and `recorded`.
  private let lock = NSLock()
  /// How many items the whole list has.
  public let count: Int
  /// The index of the first page.
  public let firstPage: Int
  /// The page size the "server" uses whatever the request asks; nil to honour the request.
  public let serverPageSize: Int?
  /// How long each page takes.
  public let latency: Duration
  private let make: @Sendable (Int) -> Item
  private var failures: [Int: Int] = [:]
  private var failureRate = 0
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
  public func items(page: Int, size: Int) -> [Item] {
    let size = serverPageSize ?? max(size, 1)
    let start = (page - firstPage) * size
    guard start >= 0, start < count else { return [] }
    return (start..<min(start + size, count)).map(make)
  }

  /// The pages as a `PageSource`.
  public var source: PageSource<Item> {
    PageSource { page, size in
      try await self.serve(page: page, size: size)
      return Page(
        items: self.items(page: page, size: size), pageSize: self.serverPageSize,
        total: self.count)
    }
  }

  /// Answers `GET path` on `transport` with a page of JSON: the items at `list` (made by
  /// `encode`), the server's page size at `Data.PageSize` and the total at `Data.Total`. The
  /// page index and size are read from the query items named `pageIndex` and `pageSize`.
  ///
  /// ```swift
  /// fixture.route(on: transport, "houses", list: "Data.HouseList") { house in
  ///   ["id": .int(house.id), "title": .string(house.title)]
  /// }
  /// ```
  public func route(
    on transport: FixtureTransport, _ path: String, list: JSONPath = "Data.List",
    pageIndex: String = "pageIndex", pageSize: String = "pageSize",
    encode: @escaping @Sendable (Item) -> JSONValue
  ) {
    transport.route(.get, path) { request in
      let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
      let value = { (name: String) in query?.first { $0.name == name }?.value.flatMap { Int($0) } }
      let page = value(pageIndex) ?? self.firstPage
      let size = value(pageSize) ?? 20
      try await self.serve(page: page, size: size)
      var body = JSONValue.object([:])
      body.set(.array(self.items(page: page, size: size).map(encode)), at: list)
      body.set(.int(self.serverPageSize ?? size), at: "Data.PageSize")
      body.set(.int(self.count), at: "Data.Total")
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: try JSONEncoder().encode(body), url: request.url)
    }
  }

  /// Records the request, waits the latency and throws an injected failure.
  private func serve(page: Int, size: Int) async throws {
    let fails = lock.withLock { () -> Bool in
      recorded.append((page, size))
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

extension JSONValue {
  /// Sets `value` at `path`, creating the objects on the way.
  mutating func set(_ value: JSONValue, at path: JSONPath) {
    guard let first = path.components.first else {
      self = value
      return
    }
    var members = object ?? [:]
    var child = members[JSONKey(first)] ?? .object([:])
    child.set(value, at: JSONPath(path.components.dropFirst().joined(separator: ".")))
    members[JSONKey(first)] = child
    self = .object(members)
  }
}
