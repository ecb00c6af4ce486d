/// Names the HTTP method of a ``MethodRequest``.
public protocol HTTPMethodTag: Sendable {
  /// The method.
  static var method: HTTPMethod { get }
}

/// The tag of `GET`.
public enum GetMethod: HTTPMethodTag {
  /// `GET`.
  public static var method: HTTPMethod { .get }
}
/// The tag of `POST`.
public enum PostMethod: HTTPMethodTag {
  /// `POST`.
  public static var method: HTTPMethod { .post }
}
/// The tag of `PUT`.
public enum PutMethod: HTTPMethodTag {
  /// `PUT`.
  public static var method: HTTPMethod { .put }
}
/// The tag of `PATCH`.
public enum PatchMethod: HTTPMethodTag {
  /// `PATCH`.
  public static var method: HTTPMethod { .patch }
}
/// The tag of `DELETE`.
public enum DeleteMethod: HTTPMethodTag {
  /// `DELETE`.
  public static var method: HTTPMethod { .delete }
}
/// The tag of `HEAD`.
public enum HeadMethod: HTTPMethodTag {
  /// `HEAD`.
  public static var method: HTTPMethod { .head }
}

/// A request of one method whose value is the response as it arrived (once its status is in
/// 200..<300); shape it with ``RequestConvertible/decode(_:at:)`` and friends.
public struct MethodRequest<Tag: HTTPMethodTag>: RequestConvertible {
  /// The request's description.
  public var definition: RequestDefinition

  /// A request for `path`; `parameters` go into the query for GET, HEAD and DELETE and into a
  /// JSON body otherwise.
  ///
  /// ```swift
  /// Get("user/getUserInfo", ["id": 7])
  /// Post("houses", ["title": "Sea view", "rooms": 3])
  /// ```
  public init(_ path: String, _ parameters: [String: JSONValue] = [:]) {
    definition = RequestDefinition(method: Tag.method, path: path, parameters: parameters)
  }

  /// The response as it arrived, once its status is in 200..<300.
  public func interpret(_ response: HTTPResponse) throws(RequestError) -> HTTPResponse {
    try Shaping.accept(response, statuses: 200..<300)
  }
}

/// A `GET` request: `Get("user/info", ["id": 7])`.
public typealias Get = MethodRequest<GetMethod>
/// A `POST` request; parameters go into a JSON body.
public typealias Post = MethodRequest<PostMethod>
/// A `PUT` request; parameters go into a JSON body.
public typealias Put = MethodRequest<PutMethod>
/// A `PATCH` request; parameters go into a JSON body.
public typealias Patch = MethodRequest<PatchMethod>
/// A `DELETE` request; parameters go into the query.
public typealias Delete = MethodRequest<DeleteMethod>
/// A `HEAD` request; parameters go into the query, and the response has no body.
public typealias Head = MethodRequest<HeadMethod>
