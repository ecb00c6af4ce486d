public import CatenaRequest
import Foundation

/// Where a server puts a page's list in its JSON response, and what else it says there: the
/// page size it used, the whole list's total, a more-pages flag. The request page sources read
/// a page this way; a total or a flag decides whether more pages follow (see ``Page``).
///
/// ```swift
/// PageFormat(list: "items", total: "meta.total")   // {"items": […], "meta": {"total": 137}}
/// PageFormat(list: "items", nextPage: "next")       // {"items": […], "next": 3} (null: the end)
/// PageFormat(list: "")                              // a top-level array
/// // The original articles' servers: {"Data": {"HouseList": […], "PageSize": 20}}
/// PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
/// ```
public struct PageFormat: Sendable {
  let list: JSONPath
  let pageSize: JSONPath?
  let total: JSONPath?
  let hasMore: JSONPath?
  let nextPage: JSONPath?

  /// The list at `list` (`""` for a top-level array); the server's page size, the total, a
  /// more-pages flag, and the next page's number (a number, or null or missing on the last
  /// page: the list ends there) at the paths given.
  public init(
    list: JSONPath, pageSize: JSONPath? = nil, total: JSONPath? = nil, hasMore: JSONPath? = nil,
    nextPage: JSONPath? = nil
  ) {
    self.list = list
    self.pageSize = pageSize
    self.total = total
    self.hasMore = hasMore
    self.nextPage = nextPage
  }

  /// The page `json` holds: the items `transform` reads from the list (the others counted as
  /// unreadable) and what the server says about the list.
  func page<Item>(
    of json: JSONValue, transform: (JSONValue) -> Item?
  ) throws(RequestError) -> Page<Item> {
    let elements = try elements(of: json)
    let items = elements.compactMap(transform)
    var page = Page(items: items, unreadable: elements.count - items.count)
    if let pageSize { page.pageSize = json.at(pageSize)?.int }
    if let total { page.total = json.at(total)?.int }
    if let hasMore { page.hasMore = json.at(hasMore)?.bool }
    if let nextPage {
      let number = json.at(nextPage)?.int
      page.hasMore = number != nil
      page.next = number.map(PageKey.index)
    }
    return page
  }

  private func elements(of json: JSONValue) throws(RequestError) -> [JSONValue] {
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

extension PageSource {
  /// Pages from a Catena request: `make` builds the request for a page number (or, keyed by
  /// offset, the number of items before the page) and a page size; the response is read as
  /// `format` says, and `transform` turns each element of the list into an `Item`; elements it
  /// returns nil for are left out and counted in ``Page/unreadable``.
  ///
  /// ```swift
  /// let format = PageFormat(list: "Data.HouseList", pageSize: "Data.PageSize")
  /// let houses = PageSource<House>.request(format) { page, size in
  ///   Get("houses", ["pageIndex": .int(page), "pageSize": .int(size)])
  /// } transform: { json in House(json: json) }
  /// let byOffset = PageSource<House>.request(PageFormat(list: "items"), by: .offset) {
  ///   offset, limit in Get("houses", ["offset": .int(offset), "limit": .int(limit)])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// The request's own stages run first (`.validate()`, `.envelope(…)`), so a server error
  /// fails the page as a typed `RequestError`; a missing or non-array list fails it as a
  /// decoding error naming the path.
  ///
  /// With a client that has an `HTTPCache`, a page the cache keeps shows at once, however old,
  /// and the server is asked with its validators; the pager replaces it with the server's page
  /// in one change when that differs (`RequestConvertible.answers(on:)`). A list opened again
  /// shows its rows at once, with no spinner.
  ///
  /// - Parameters:
  ///   - format: Where the list is in the response, and the page size, total or flag.
  ///   - client: The client that sends the requests; `Client.default` when nil, read at each
  ///     load (not when the source is built).
  ///   - numbering: ``Numbering/index`` (the default: `make` gets the page number) or
  ///     ``Numbering/offset``. Pages the server keys are read by the `cursor:` and
  ///     `nextLink:` forms.
  ///   - make: The request for a page number (or offset) and a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    _ format: PageFormat, on client: Client? = nil, by numbering: Numbering = .index,
    _ make: @escaping @Sendable (_ page: Int, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    let keying: PageKeying = numbering == .index ? .index : .offset
    let tag = pagesTag(make(0, 1))
    let request = { @Sendable (key: PageKey?, size: Int) -> Request<JSONValue>? in
      switch key {
      case .index(let number), .offset(let number): make(number, size).cacheTag(tag).json()
      default: nil
      }
    }
    let page = { @Sendable (json: JSONValue) throws(RequestError) -> Page<Item> in
      try format.page(of: json, transform: transform)
    }
    return PageSource.answering(keying, on: client, tag: tag, request: request, page: page)
  }

  /// Pages from a Catena request, paged by the cursor each response gives: `make` builds the
  /// request for a cursor (nil for the first page) and a page size, and the next page's cursor
  /// is read at `cursor` (a string or a number). The list ends when the cursor is missing,
  /// null or empty, when the format's flag is false, when its total has arrived, or when a page
  /// is empty.
  ///
  /// ```swift
  /// let houses = PageSource<House>.request(PageFormat(list: "data"), cursor: "meta.next") {
  ///   cursor, size in
  ///   Get("houses", ["limit": .int(size), "cursor": cursor.map(JSONValue.string) ?? .null])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// - Parameters:
  ///   - format: Where the list is in the response, and a total or flag beside the cursor.
  ///   - cursor: Where the next page's cursor is in the response.
  ///   - client: The client that sends the requests; `Client.default` when nil, read at each
  ///     load (not when the source is built).
  ///   - make: The request for a cursor (nil for the first page) and a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    _ format: PageFormat, cursor: JSONPath, on client: Client? = nil,
    _ make: @escaping @Sendable (_ cursor: String?, _ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    let tag = pagesTag(make(nil, 1))
    let request = { @Sendable (key: PageKey?, size: Int) -> Request<JSONValue>? in
      make(key?.token, size).cacheTag(tag).json()
    }
    let page = { @Sendable (json: JSONValue) throws(RequestError) -> Page<Item> in
      var result = try format.page(of: json, transform: transform)
      let next = json.at(cursor).flatMap { $0.string ?? $0.int.map(String.init) }
      result.next = next.flatMap { $0.isEmpty ? nil : PageKey.cursor($0) }
      return result
    }
    return PageSource.answering(.server, on: client, tag: tag, request: request, page: page)
  }

  /// Pages from a Catena request, following each response's `Link` header to the next page
  /// (`Link: <https://api.example.com/houses?page=2>; rel="next"`, as GitHub's API does):
  /// `first` builds the first page's request; each next one is the same request (headers,
  /// stages) sent to the link's URL, resolved against the URL that answered. The list ends
  /// when a response has no such link.
  ///
  /// ```swift
  /// let houses = PageSource<House>.request(PageFormat(list: ""), nextLink: "next") { size in
  ///   Get("houses", ["per_page": .int(size)])
  /// } transform: { json in House(json: json) }
  /// ```
  ///
  /// A link outside the client's base URL fails its page with a
  /// `RequestError.Kind.invalidURL` error, unless the client allows absolute URLs: the
  /// request's credentials never follow a server's link to another host.
  ///
  /// - Parameters:
  ///   - format: Where the list is in the response (`""` for a top-level array).
  ///   - rel: The relation of the link to follow.
  ///   - client: The client that sends the requests; `Client.default` when nil, read at each
  ///     load (not when the source is built).
  ///   - first: The first page's request for a page size.
  ///   - transform: An item from an element of the list; nil leaves the element out.
  public static func request<R: RequestConvertible>(
    _ format: PageFormat, nextLink rel: String, on client: Client? = nil,
    _ first: @escaping @Sendable (_ size: Int) -> R,
    transform: @escaping @Sendable (JSONValue) -> Item?
  ) -> PageSource<Item> {
    let tag = pagesTag(first(1))
    let request = { @Sendable (key: PageKey?, size: Int) -> Request<Linked>? in
      var json = first(size).cacheTag(tag).json()
      if case .link(let url)? = key {
        json.definition.path = url.absoluteString
        json.definition.query = []
        json.definition.parameters = [:]
      }
      // The list and the link, from one response: the kept one, or the server's.
      return Request<Linked>(definition: json.definition) { [json] response throws(RequestError) in
        Linked(
          json: try json.interpret(response),
          next: response.headers.link(rel: rel)?.url(relativeTo: response.url))
      }
    }
    let page = { @Sendable (linked: Linked) throws(RequestError) -> Page<Item> in
      var result = try format.page(of: linked.json, transform: transform)
      result.next = linked.next.map(PageKey.link)
      return result
    }
    return PageSource.answering(.server, on: client, tag: tag, request: request, page: page)
  }
}

extension PageSource {
  /// How a numbered request source counts its pages (pages the server keys are read by the
  /// `cursor:` and `nextLink:` forms of `request`).
  public enum Numbering: Sendable {
    /// By number: the request is made for the first page (1, or what
    /// ``PageSource/firstPage(_:)`` says), then the next number.
    case index
    /// By offset: the request is made for offset 0, then the number of items received so far.
    case offset
  }
}

extension PageSource {
  /// A source of the pages `request` asks for (nil: an empty page) and `page` reads, answering
  /// with the page `client`'s cache keeps (read at once when a pager can show it in the same
  /// turn), then the server's; its pages are kept under `tag`.
  static func answering<Value: Sendable>(
    _ keying: PageKeying, on client: Client?, tag: String,
    request: @escaping @Sendable (PageKey?, Int) -> Request<Value>?,
    page: @escaping @Sendable (Value) throws(RequestError) -> Page<Item>
  ) -> PageSource {
    var source = PageSource(keying: keying) { key, size in
      guard let request = request(key, size) else {
        return AsyncThrowingStream<Page<Item>, any Error> {
          $0.yield(Page(items: []))
          $0.finish()
        }
      }
      return request.answers(on: client, shown: nil) { answer in try answer.page(page) }
    }
    source.kept = Kept { key, size in
      guard let request = request(key, size),
        let kept = (client ?? .default).keptValue(of: request),
        var shown = try? page(kept.answer.value)
      else { return nil }
      shown.keptAge = kept.answer.keptAge
      let response = kept.response
      return (
        shown,
        { request.answers(on: client, shown: response) { answer in try answer.page(page) } }
      )
    }
    return source.sent(on: client, tag: tag)
  }

  /// The cache tag of the pages of a request source whose requests look like `request`: its
  /// path, the same from one launch to the next.
  static func pagesTag(_ request: some RequestConvertible) -> String {
    "catena.pages " + request.definition.path
  }

  /// This source, sending through `client` (`Client.default` when nil, read when used):
  /// dropping what its cache keeps under `tag` after an edit, and offline when its
  /// reachability says so.
  func sent(on client: Client?, tag: String) -> PageSource {
    var source = self
    source.invalidate = { (client ?? .default).cache?.invalidate(tag: tag) }
    source.reachability = { (client ?? .default).reachability }
    return source
  }
}

/// A `Link`-paged response's list and its next page's link, read from the same response.
struct Linked: Sendable {
  var json: JSONValue
  var next: URL?
}

extension Answer {
  /// The page `read` reads from the answer, marked with its age when the cache kept it.
  func page<Item>(
    _ read: (Value) throws(RequestError) -> Page<Item>
  ) throws(RequestError) -> Page<Item> {
    var page = try read(value)
    page.keptAge = keptAge
    return page
  }
}
