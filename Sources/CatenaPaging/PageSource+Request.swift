public import CatenaRequest

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
  /// ```
  ///
  /// The request's own stages run first (`.validate()`, `.envelope(…)`), so a server error
  /// fails the page as a typed `RequestError`; a missing or non-array list fails it as a
  /// decoding error naming the path.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", pageSize: JSONPath? = "Data.PageSize",
    on client: Client = .default, strategy: HasMoreStrategy = .shorterThanPageSize,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    PageSource { page, size in
      let json = try await make(page, size).json().value(on: client)
      let elements = try Self.elements(of: json, at: list)
      let items = elements.compactMap(transform)
      var result = Page(items: items, dropped: elements.count - items.count)
      if let pageSize { result.pageSize = json.at(pageSize)?.int }
      switch strategy {
      case .shorterThanPageSize: break
      case .totalCount(let path): result.total = json.at(path)?.int
      case .flag(let path): result.hasMore = json.at(path)?.bool
      }
      return result
    }
  }

  /// Pages of `Decodable` items: like
  /// ``request(list:pageSize:on:strategy:_:transform:)``, decoding each element with
  /// `JSONDecoder` and leaving out the ones that do not decode.
  public static func request<R: RequestConvertible>(
    list: JSONPath = "Data.List", pageSize: JSONPath? = "Data.PageSize",
    on client: Client = .default, strategy: HasMoreStrategy = .shorterThanPageSize,
    decoding type: Item.Type,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R
  ) -> PageSource<Item> where Item: Decodable {
    request(list: list, pageSize: pageSize, on: client, strategy: strategy, make) { element in
      try? element.decode(Item.self)
    }
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
