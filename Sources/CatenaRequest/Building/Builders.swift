// The article's builders: `Get("user/info").then { … }.failed { … }.start()`. Each is a request
// whose value is the response as it arrived (once its status is in 200..<300); shape it with
// `decode(_:at:)`, `list(at:)` and friends. They are functions, capitalised as the article
// writes them, so that the chain reads as it does there.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

extension Request where Value == HTTPResponse {
  /// A `method` request for `path` whose value is the response as it arrived, once its status
  /// is in 200..<300; `parameters` go into the query for GET, HEAD and DELETE and into a JSON
  /// body otherwise. ``Get(_:_:)``, ``Post(_:_:)``, … are this with their method.
  ///
  /// ```swift
  /// let method: HTTPMethod = .post
  /// let request = Request(method, "houses", ["title": "Sea view"])
  /// ```
  public init(_ method: HTTPMethod, _ path: String, _ parameters: [String: JSONValue] = [:]) {
    self.init(definition: RequestDefinition(method: method, path: path, parameters: parameters)) {
      response throws(RequestError) in try Shaping.accept(response, statuses: 200..<300)
    }
  }
}

/// A `GET` request for `path`; `parameters` go into the query.
///
/// ```swift
/// Get("user/getUserInfo", ["id": 7])
/// ```
public func Get(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse> {
  Request(.get, path, parameters)
}

/// A `POST` request for `path`; `parameters` go into a JSON body.
///
/// ```swift
/// Post("houses", ["title": "Sea view", "rooms": 3])
/// ```
public func Post(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse> {
  Request(.post, path, parameters)
}

/// A `PUT` request for `path`; `parameters` go into a JSON body.
public func Put(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse> {
  Request(.put, path, parameters)
}

/// A `PATCH` request for `path`; `parameters` go into a JSON body.
public func Patch(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse>
{
  Request(.patch, path, parameters)
}

/// A `DELETE` request for `path`; `parameters` go into the query.
public func Delete(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse>
{
  Request(.delete, path, parameters)
}

/// A `HEAD` request for `path`; `parameters` go into the query, and the response has no body.
public func Head(_ path: String, _ parameters: [String: JSONValue] = [:]) -> Request<HTTPResponse> {
  Request(.head, path, parameters)
}
