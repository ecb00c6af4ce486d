public import Foundation

/// How a request's body is made.
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

/// Everything that describes a request before a client sends it: method, path, parameters,
/// query, headers, body and timeout.
public struct RequestDefinition: Hashable, Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The path, relative to the client's base URL (an absolute URL only where the client allows).
  public var path: String
  /// Parameters: the query for GET, HEAD and DELETE, a JSON body otherwise; `null`s are left
  /// out.
  public var parameters: [String: JSONValue]
  /// Query items added to the URL, in order.
  public var query: [QueryItem] = []
  /// Headers of this request (over the client's defaults).
  public var headers = HTTPHeaders()
  /// The body; when none is set and the method sends parameters in the body, they become JSON.
  public var body: RequestBody = .none
  /// How long to wait for the response; nil for the client's default.
  public var timeout: Duration?
  /// The first problem a modifier found (an invalid header, an unencodable model); building
  /// the request reports it.
  public var problem: String?

  /// Creates a definition.
  public init(method: HTTPMethod, path: String, parameters: [String: JSONValue] = [:]) {
    self.method = method
    self.path = path
    self.parameters = parameters
  }
}

/// A request as a transport sends it.
public struct HTTPRequest: Hashable, Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The full URL.
  public var url: URL
  /// The headers, client defaults included.
  public var headers: HTTPHeaders
  /// The encoded body, if any.
  public var body: Data?
  /// The timeout, if any.
  public var timeout: Duration?

  /// Creates a request.
  public init(
    method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
    timeout: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }
}
