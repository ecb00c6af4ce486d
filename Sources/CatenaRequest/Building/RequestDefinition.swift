public import Foundation

/// How a request's body is made: what ``RequestConvertible/body(_:)`` sends.
public enum RequestBody: Hashable, Sendable {
  /// No body.
  case none
  /// A JSON document (`Content-Type: application/json`).
  case json(JSONValue)
  /// URL-encoded form fields, in order (`application/x-www-form-urlencoded`).
  case form([QueryItem])
  /// Raw bytes with their content type.
  case data(Data, contentType: String)
  /// A `multipart/form-data` form.
  case multipart(MultipartForm)
  /// The bytes of a file, read from disk as they are sent (never whole in memory), with its
  /// size as `Content-Length`; upload progress counts the bytes sent. On Linux the file is read
  /// 64 KiB at a time by Catena (FoundationNetworking's own file upload traps when cancelled
  /// midway).
  case file(URL, contentType: String = "application/octet-stream")
  /// The chunks of a ``ByteSource``, sent as they are made: with `Content-Length` when the
  /// source knows its length (its chunks must add up to it exactly), chunked otherwise. A
  /// retried request asks the source for its chunks again.
  case stream(ByteSource, contentType: String = "application/octet-stream")
}

/// A query item or form field: a name and a value, both still unencoded.
public struct QueryItem: Hashable, Sendable {
  /// The name.
  public var name: String
  /// The value.
  public var value: String

  /// Creates an item.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// Everything that describes a request before a client sends it: its method, path and
/// parameters here; its query, headers, body, timeouts, size bound and cache use set by the
/// request's modifiers (``RequestConvertible/header(_:_:)``, ``RequestConvertible/timeout(_:)``,
/// …), one way each.
public struct RequestDefinition: Hashable, Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The path, relative to the client's base URL (an absolute URL only where the client allows).
  public var path: String
  /// Parameters: the query for GET, HEAD and DELETE, a JSON body otherwise; `null`s are left
  /// out.
  public var parameters: [String: JSONValue]
  /// Query items added to the URL, in order.
  package var query: [QueryItem] = []
  /// Headers of this request (over the client's defaults).
  package var headers = HTTPHeaders()
  /// The body; when none is set and the method sends parameters in the body, they become JSON.
  package var body: RequestBody = .none
  /// The deadline for the whole exchange (sending, waiting, and the last byte of the body);
  /// nil for the client's `Client(timeout:)`.
  package var timeout: Duration?
  /// How long the transfer may go without a byte; nil for the client's `Client(idleTimeout:)`.
  package var idleTimeout: Duration?
  /// The most bytes the response body may decode to; nil for the client's
  /// `Client(maxResponseBytes:)`.
  package var responseSizeLimit: ResponseSizeLimit?
  /// Names of headers that carry credentials, besides the ones Catena knows (see
  /// ``HTTPRequest/isSensitive(_:)``): sent only to the origin they were set for.
  package var sensitiveHeaders: Set<String> = []
  /// Whether the request shares one transfer with identical requests in flight; nil for the
  /// method's default (GET and HEAD share). Never for a body sent from a file, a stream or a
  /// multipart form.
  package var sharesTransfer: Bool?
  /// How the request uses its client's cache; nil for ``CachePolicy/standard``.
  package var cachePolicy: CachePolicy?
  /// The tags its kept response is filed under, for ``HTTPCache/invalidate(tag:)``.
  package var cacheTags: Set<String> = []
  /// The first problem a modifier found (an invalid header, an unencodable model); building
  /// the request reports it.
  package var problem: String?

  /// Creates a definition.
  public init(method: HTTPMethod, path: String, parameters: [String: JSONValue] = [:]) {
    self.method = method
    self.path = path
    self.parameters = parameters
  }
}

/// A request's own bound on its response body, over the client's.
package enum ResponseSizeLimit: Hashable, Sendable {
  /// At most this many bytes, counted after any `Content-Encoding` is undone.
  case bytes(Int)
  /// No bound: the body may be as large as the server sends.
  case unlimited
}

/// A request as a transport sends it.
///
/// A transport honours ``idleTimeout``, ``maxResponseBytes`` and ``sensitiveHeaders``; the
/// client enforces ``timeout`` (the deadline) around the transport, and checks the size of the
/// body a transport returns again.
public struct HTTPRequest: Hashable, Sendable {

  /// The method.
  public var method: HTTPMethod
  /// The full URL.
  public var url: URL
  /// The headers, client defaults included.
  public var headers: HTTPHeaders
  /// The encoded body, if any.
  public var body: Data?
  /// A body sent from a file or a ``ByteSource`` instead of ``body`` (which is then nil),
  /// never held whole in memory.
  public var streamedBody: StreamedBody?
  /// The deadline for the whole exchange, if any.
  public var timeout: Duration?
  /// How long the transfer may go without a byte; nil for the transport's default.
  public var idleTimeout: Duration?
  /// The most bytes the body may decode to; nil for no bound.
  public var maxResponseBytes: Int?
  /// Names (lowercased) of headers that carry credentials, besides the ones Catena knows (see
  /// ``isSensitive(_:)``).
  public var sensitiveHeaders: Set<String>

  /// Creates a request.
  public init(
    method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
    timeout: Duration? = nil, idleTimeout: Duration? = nil, maxResponseBytes: Int? = nil,
    sensitiveHeaders: Set<String> = []
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.idleTimeout = idleTimeout
    self.maxResponseBytes = maxResponseBytes
    self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
  }

  /// Whether the header `name` carries credentials: one Catena knows (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`) or one
  /// of ``sensitiveHeaders``. Such a header is redacted in logs and sent only to the origin it
  /// was set for.
  public func isSensitive(_ name: String) -> Bool {
    let name = name.lowercased()
    return Self.credentialHeaders.contains(name) || sensitiveHeaders.contains(name)
  }
}
