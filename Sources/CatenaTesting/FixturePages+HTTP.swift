public import CatenaRequest
public import Foundation

/// How ``FixturePages`` answers over HTTP: where a request says which page it wants, and how
/// the answer says where the next one is.
public enum FixturePaging: Hashable, Sendable {
  /// `?pageIndex=2&pageSize=20`; the answer has the page size at `Data.PageSize` and the
  /// total at `Data.Total`.
  case index(page: String = "pageIndex", size: String = "pageSize")
  /// `?offset=40&limit=20`; the answer has the total at `Data.Total`.
  case offset(offset: String = "offset", limit: String = "limit")
  /// `?cursor=…&limit=20` (no cursor for the first page); the answer has the next page's
  /// cursor at `next`, or null after the last page. An unknown cursor is a 400.
  case cursor(cursor: String = "cursor", limit: String = "limit", next: JSONPath = "Data.Next")
  /// `?page=2&per_page=20`; the answer's `Link` header points to the first page and, unless
  /// this is the last, to the next (`rel="next"`), with the same URL and other query items.
  case link(page: String = "page", size: String = "per_page")
}

extension FixturePages {
  /// Answers `GET path` on `transport` with pages of JSON: the items at `list` (made by
  /// `encode`), paged as `paging` says.
  ///
  /// ```swift
  /// fixture.route(on: transport, "houses", list: "Data.HouseList") { house in
  ///   ["id": .int(house.id), "title": .string(house.title)]
  /// }
  /// ```
  public func route(
    on transport: FixtureTransport, _ path: String, paging: FixturePaging = .index(),
    list: JSONPath = "Data.List", encode: @escaping @Sendable (Item) -> JSONValue
  ) {
    transport.route(.get, path) { request in
      try await self.answer(request.url, paging: paging, list: list, encode: encode)
    }
  }

  /// The answer to a `GET` of `url`, paged as `paging` says, the items at `list` made by
  /// `encode`: what ``route(on:_:paging:list:encode:)`` serves, and what a real test server
  /// can serve too. It throws an injected failure.
  public func answer(
    _ url: URL, paging: FixturePaging = .index(), list: JSONPath = "Data.List",
    encode: @escaping @Sendable (Item) -> JSONValue
  ) async throws -> HTTPResponse {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let query = components?.queryItems ?? []
    let text = { (name: String) in query.last { $0.name == name }?.value }
    let number = { (name: String) in text(name).flatMap { Int($0) } }
    var body = JSONValue.object([:])
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    let size = serverPageSize ?? max(1, number(Self.sizeName(of: paging)) ?? 20)
    let offset: Int
    switch paging {
    case .index(let page, _):
      offset = ((number(page) ?? firstPage) - firstPage) * size
    case .offset(let name, _):
      offset = number(name) ?? 0
    case .cursor(let name, _, _):
      guard let cursor = text(name) else {
        offset = 0
        break
      }
      guard let value = Self.offset(ofCursor: cursor) else {
        body.set(.string("cursor \"\(cursor)\" is not one this list gave"), at: "message")
        return HTTPResponse(
          status: 400, headers: headers, body: try JSONEncoder().encode(body), url: url)
      }
      offset = value
    case .link(let page, _):
      offset = ((number(page) ?? 1) - 1) * size
    }
    try await serve(page: self.page(atOffset: offset, size: size), size: size)
    body.set(.array(items(offset: offset, size: size).map(encode)), at: list)
    let more = offset + size < count
    switch paging {
    case .index, .offset:
      body.set(.int(size), at: "Data.PageSize")
      body.set(.int(count), at: "Data.Total")
    case .cursor(_, _, let next):
      body.set(more ? .string(Self.cursor(forOffset: offset + size)) : .null, at: next)
    case .link(let page, _):
      let link = { (number: Int) -> String in
        components?.queryItems =
          query.filter { $0.name != page } + [.init(name: page, value: "\(number)")]
        return components?.url?.absoluteString ?? ""
      }
      var value = "<\(link(1))>; rel=\"first\""
      if more { value += ", <\(link(offset / size + 2))>; rel=\"next\"" }
      try headers.set("Link", value)
    }
    return HTTPResponse(
      status: 200, headers: headers, body: try JSONEncoder().encode(body), url: url)
  }

  private static func sizeName(of paging: FixturePaging) -> String {
    switch paging {
    case .index(_, let size), .link(_, let size): size
    case .offset(_, let limit), .cursor(_, let limit, _): limit
    }
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
