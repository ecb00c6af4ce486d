public import CatenaRequest

/// How a request-based page source counts its pages: the closure gets a page number or an
/// offset.
public enum PageCounting: Hashable, Sendable {
  /// The closure gets the page number, counted from the list's `firstPage`.
  case index
  /// The closure gets how many items come before the page (0, then the number received).
  case offset
}

extension PageSource {
  /// Pages from a Catena request: `make` builds the request for a page, the list is read at
  /// `list`, the server's page size at `pageSize`, the total or the more-pages flag where
  /// `strategy` says, and `transform` turns each element into an `Item`; elements it returns
  /// nil for are left out and counted.
  ///
  /// ```swift
  /// let houses = PageSource<House>.request(list: "Data.HouseList") { page, size in
  ///   Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
  /// } transform: { json in House(json: json) }
  /// let byOffset = PageSource<House>.request(list: "items", by: .offset) { offset, limit in
  ///   Get("houses", ["offset": .int(offset), "limit": .int(limit)])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// The request's own stages run first (`.validate()`, `.envelope(…)`), so a server error
  /// fails the page as a typed `RequestError`; a missing or non-array list fails it as a
  /// decoding error naming the path.
  ///
  /// - Parameters:
  ///   - list: Where the array of items is in the response.
  ///   - pageSize: Where the server says the page size it used, if it does.
  ///   - client: The client that sends the requests.
  ///   - strategy: How the list decides that more pages follow.
  ///   - counting: Whether `make` gets a page number (the default) or an offset.
  ///   - make: The request for a page number (or offset) and a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", pageSize: JSONPath? = "Data.PageSize",
    on client: Client = .default, strategy: HasMoreStrategy = .shorterThanPageSize,
    by counting: PageCounting = .index,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    let keying: PageKeying = counting == .index ? .index : .offset
    return PageSource(keying: keying) { key, size in
      let number: Int
      switch key {
      case .index(let value), .offset(let value): number = value
      default: return Page(items: [])
      }
      let json = try await make(number, size).json().value(on: client)
      var result = try Self.page(of: json, at: list, transform: transform)
      if let pageSize { result.pageSize = json.at(pageSize)?.int }
      switch strategy {
      case .shorterThanPageSize: break
      case .totalCount(let path): result.total = json.at(path)?.int
      case .flag(let path): result.hasMore = json.at(path)?.bool
      }
      return result
    }
  }

  /// Pages from a Catena request, paged by the cursor each response gives: `make` builds the
  /// request for a cursor (nil for the first page) and a page size, and the next page's cursor
  /// is read at `cursor` (a string or a number). The list ends when the cursor is missing,
  /// null or empty, when the flag at `hasMore` is false, or when a page is empty.
  ///
  /// ```swift
  /// let houses = PageSource<House>.request(list: "data", cursor: "meta.next_cursor") {
  ///   cursor, size in
  ///   Get("houses", ["limit": .int(size), "cursor": cursor.map(JSONValue.string) ?? .null])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// - Parameters:
  ///   - list: Where the array of items is in the response.
  ///   - cursor: Where the next page's cursor is in the response.
  ///   - hasMore: Where a more-pages flag is, for APIs that send one beside the cursor.
  ///   - client: The client that sends the requests.
  ///   - make: The request for a cursor (nil for the first page) and a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", cursor: JSONPath, hasMore: JSONPath? = nil,
    on client: Client = .default,
    _ make: @escaping @Sendable (_ cursor: String?, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    PageSource(keying: .server) { key, size in
      let json = try await make(key?.token, size).json().value(on: client)
      var result = try Self.page(of: json, at: list, transform: transform)
      let next = json.at(cursor).flatMap { $0.string ?? $0.int.map(String.init) }
      result.next = next.flatMap { $0.isEmpty ? nil : PageKey.cursor($0) }
      if let hasMore { result.hasMore = json.at(hasMore)?.bool }
      return result
    }
  }

  /// Pages from a Catena request, following each response's `Link` header to the next page
  /// (`Link: <https://api.example.com/houses?page=2>; rel="next"`, as GitHub's API does):
  /// `first` builds the first page's request; each next one is the same request (headers,
  /// stages) sent to the link's URL, resolved against the URL that answered. The list ends
  /// when a response has no such link.
  ///
  /// ```swift
  /// let houses = PageSource<House>.request(list: "", nextLink: "next") { size in
  ///   Get("houses", ["per_page": .int(size)])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// A link outside the client's base URL fails its page with a
  /// `RequestError.Kind.invalidURL` error, unless the client allows absolute URLs: the
  /// request's credentials never follow a server's link to another host.
  ///
  /// - Parameters:
  ///   - list: Where the array of items is in the response (`""` for a top-level array).
  ///   - rel: The relation of the link to follow.
  ///   - client: The client that sends the requests.
  ///   - first: The first page's request for a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", nextLink rel: String, on client: Client = .default,
    _ first: @escaping @Sendable (_ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    PageSource(keying: .server) { key, size in
      var request = first(size).json()
      if case .link(let url)? = key {
        request.definition.path = url.absoluteString
        request.definition.query = []
        request.definition.parameters = [:]
      }
      let (json, response) = try await client.response(for: request)
      var result = try Self.page(of: json, at: list, transform: transform)
      result.next = response.headers.link(rel: rel)?.url(relativeTo: response.url).map(PageKey.link)
      return result
    }
  }

  /// Pages of `Decodable` items: like
  /// ``request(list:pageSize:on:strategy:by:_:transform:)``, decoding each element with
  /// `JSONDecoder` and leaving out the ones that do not decode.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", pageSize: JSONPath? = "Data.PageSize",
    on client: Client = .default, strategy: HasMoreStrategy = .shorterThanPageSize,
    by counting: PageCounting = .index, decoding type: Item.Type,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R
  ) -> PageSource<Item> where Item: Decodable {
    request(
      list: list, pageSize: pageSize, on: client, strategy: strategy, by: counting, make
    ) { element in
      try? element.decode(Item.self)
    }
  }

  /// The page of items read at `list` in `json`, with the elements `transform` could not read
  /// counted as dropped.
  static func page(
    of json: JSONValue, at list: JSONPath, transform: (JSONValue) -> Item?
  ) throws(RequestError) -> Page<Item> {
    let elements = try Self.elements(of: json, at: list)
    let items = elements.compactMap(transform)
    return Page(items: items, dropped: elements.count - items.count)
  }

  static func elements(of json: JSONValue, at list: JSONPath) throws(RequestError) -> [JSONValue] {
    let value = try json.value(at: list)
    do throws(RequestError) {
      return try value.elements(foundAt: list)
    } catch {
      var failure = error
      failure.stage = "list(at: \(list))"
      failure.path = list.description
      throw failure
    }
  }
}
