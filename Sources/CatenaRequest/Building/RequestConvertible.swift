import Foundation

/// A request description plus the way its response becomes a value: what `Get`, `Post`, … and
/// every shaped ``Request`` share. Modifiers return a modified copy.
public protocol RequestConvertible<Value>: Sendable {
  /// What the request's response becomes.
  associatedtype Value: Sendable

  /// The method, path, parameters, query, headers, body and timeout.
  var definition: RequestDefinition { get set }

  /// Turns a response into the value, the way sending the request would.
  ///
  /// - Throws: ``RequestError`` for an unaccepted status or a body that does not shape.
  func interpret(_ response: HTTPResponse) throws(RequestError) -> Value
}

extension RequestConvertible {
  /// Sets a header (a value with CR or LF makes building the request fail with
  /// ``RequestError/Kind/invalidHeader``).
  public func header(_ name: String, _ value: String) -> Self {
    var copy = self
    do {
      try copy.definition.headers.set(name, value)
    } catch {
      copy.definition.problem = copy.definition.problem ?? error.message
    }
    return copy
  }

  /// Adds a query item (percent-encoded when the URL is built).
  public func query(_ name: String, _ value: String) -> Self {
    var copy = self
    copy.definition.query.append(QueryItem(name, value))
    return copy
  }

  /// Adds parameters (the query for GET, HEAD and DELETE, the JSON body otherwise).
  public func parameters(_ parameters: [String: JSONValue]) -> Self {
    var copy = self
    copy.definition.parameters.merge(parameters) { $1 }
    return copy
  }

  /// Adds the properties of an `Encodable` model as parameters; `nil` properties are left out.
  ///
  /// ```swift
  /// struct Search: Encodable { var city: String; var page: Int?; }
  /// Get("houses").parameters(Search(city: "Hangzhou", page: nil))  // houses?city=Hangzhou
  /// ```
  public func parameters(_ model: some Encodable & Sendable) -> Self {
    var copy = self
    do {
      let data = try JSONEncoder().encode(model)
      let value = try JSONValue(parsing: data)
      guard case .object(let members) = value else {
        copy.definition.problem = "parameters must encode as a JSON object, not \(value.typeName)"
        return copy
      }
      for (key, member) in members { copy.definition.parameters[key.string] = member }
    } catch {
      copy.definition.problem = "parameters could not be encoded: \(error)"
    }
    return copy
  }

  /// Sends `body`: JSON, form fields, raw bytes, a multipart form, a file read as it is sent,
  /// or the chunks of a ``ByteSource`` made as they are sent (see ``RequestBody``).
  ///
  /// ```swift
  /// Post("houses").body(.json(["title": "Sea view"]))
  /// Put("videos/42").body(.file(movieURL, contentType: "video/mp4"))
  ///   .progress { bar.progress = $0.fraction ?? 0 }
  ///   .start(on: api)
  /// Post("logs").body(.stream(ByteSource { logFile.chunks() }, contentType: "text/plain"))
  /// ```
  ///
  /// A file that is missing or unreadable fails the request with ``RequestError/Kind/file``.
  public func body(_ body: RequestBody) -> Self {
    var copy = self
    copy.definition.body = body
    return copy
  }

  /// Fails with ``RequestError/Kind/timeout`` when the whole exchange, from sending to the
  /// last byte of the body, takes longer than `timeout`: a deadline, however the bytes trickle.
  /// Each attempt of a retried request has its own.
  ///
  /// ```swift
  /// Get("search", ["q": .string(text)]).timeout(.seconds(5))
  /// ```
  public func timeout(_ timeout: Duration) -> Self {
    var copy = self
    copy.definition.timeout = timeout
    return copy
  }

  /// Fails with ``RequestError/Kind/timeout`` when no byte comes for `timeout` (the transfer
  /// may take longer in all, up to ``timeout(_:)``).
  public func idleTimeout(_ timeout: Duration) -> Self {
    var copy = self
    copy.definition.idleTimeout = timeout
    return copy
  }

  /// Bounds the response body at `bytes`, counted after any `Content-Encoding` is undone (nil
  /// for no bound), over the client's `Client(maxResponseBytes:)`. Past it the transfer stops
  /// and the request fails with ``RequestError/Kind/tooLarge``.
  ///
  /// ```swift
  /// Get("exports/all").maxResponseBytes(512 << 20)
  /// ```
  public func maxResponseBytes(_ bytes: Int?) -> Self {
    var copy = self
    copy.definition.responseSizeLimit = bytes.map { .bytes($0) } ?? .unlimited
    return copy
  }

  /// Whether this request shares one transfer with identical requests in flight (the same
  /// method, URL, headers after the interceptors and the credential, body and limits). GET
  /// and HEAD do by default; an idempotent POST (a search) can say so. Each asker gets its own
  /// outcome and may cancel alone: the transfer stops when the last one cancels. Uploads from
  /// a file, a stream or a multipart form, streamed responses and downloads never share.
  ///
  /// ```swift
  /// Post("search", ["q": .string(text)]).shared()  // two views searching alike send one request
  /// Get("clock/now").shared(false)          // every asker its own answer
  /// ```
  public func shared(_ isShared: Bool = true) -> Self {
    var copy = self
    copy.definition.sharesTransfer = isShared
    return copy
  }

  /// How this request uses its client's ``HTTPCache``: HTTP's rules by default, a stale time
  /// of the app's, the network only, or the cache only (offline).
  ///
  /// ```swift
  /// Get("feed").cache(.staleTime(.seconds(30)))
  /// ```
  public func cache(_ policy: CachePolicy) -> Self {
    var copy = self
    copy.definition.cachePolicy = policy
    return copy
  }

  /// Files the response kept for this request under `tag`, so that a mutation can drop every
  /// response of a kind at once (``HTTPCache/invalidate(tag:)``).
  ///
  /// ```swift
  /// Get("feed", ["page": 2]).cacheTag("feed")
  /// // after a post: cache.invalidate(tag: "feed")
  /// ```
  public func cacheTag(_ tag: String) -> Self {
    var copy = self
    copy.definition.cacheTags.insert(tag)
    return copy
  }

  /// Marks the header `name` as a credential: like `Authorization`, it is sent only to the
  /// origin (scheme, host, port) of the request's URL, and dropped on a redirect elsewhere.
  public func sensitiveHeader(_ name: String) -> Self {
    var copy = self
    copy.definition.sensitiveHeaders.insert(name.lowercased())
    return copy
  }
}
