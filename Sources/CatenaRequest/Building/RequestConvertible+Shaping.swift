import Foundation

extension RequestConvertible {
  /// Accepts only responses whose status is in `statuses` (200..<300 without this) and, when
  /// given, whose `Content-Type` starts with one of `contentTypes`.
  public func validate(
    statuses: Range<Int> = 200..<300, contentTypes: [String] = []
  ) -> Request<HTTPResponse> {
    Request(definition: definition) { response throws(RequestError) in
      let accepted = try Shaping.accept(response, statuses: statuses)
      guard !contentTypes.isEmpty else { return accepted }
      let type = (response.headers["Content-Type"] ?? "").lowercased()
      guard contentTypes.contains(where: { type.hasPrefix($0.lowercased()) }) else {
        throw Shaping.failure(
          .decoding, "content type \"\(type)\" is not one of \(contentTypes)", response,
          stage: "validate")
      }
      return accepted
    }
  }

  /// The body parsed as a ``JSONValue``, optionally at `path`.
  public func json(at path: JSONPath = "") -> Request<JSONValue> {
    let previous = self
    return Request(definition: definition) { response throws(RequestError) in
      let accepted = try previous.acceptedResponse(response)
      do throws(RequestError) {
        return try JSONValue(parsing: accepted.body).value(at: path)
      } catch {
        throw Shaping.annotate(error, response, stage: "json(at: \(path))")
      }
    }
  }

  /// The array at `path` in the body, as ``JSONValue``s (`.list(at: "Data.HouseList")`).
  public func list(at path: JSONPath) -> Request<[JSONValue]> {
    json(at: path).map(stage: "list(at: \(path))") { value throws(RequestError) in
      try value.elements(foundAt: path)
    }
  }

  /// The body decoded as `T`, at `path` when given (`.decode(User.self, at: "data.user")`). An
  /// empty body decodes as ``Empty``.
  ///
  /// A failure names this stage, the key path where decoding failed, and keeps the body.
  public func decode<T: Decodable & Sendable>(
    _ type: T.Type, at path: JSONPath = ""
  ) -> Request<T> {
    let previous = self
    let stage = path.components.isEmpty ? "decode(\(T.self))" : "decode(\(T.self)) at \(path)"
    return Request(definition: definition) { response throws(RequestError) in
      let accepted = try previous.acceptedResponse(response)
      if accepted.body.isEmpty, let empty = Empty() as? T { return empty }
      do throws(RequestError) {
        return try KeyPathDecoding.decode(T.self, from: accepted.body, at: path, stage: stage)
      } catch {
        throw Shaping.annotate(error, response, stage: stage)
      }
    }
  }

  /// The response this request accepts: its own validation when its value is the response
  /// itself (`Get(…)`, `.validate(…)`), the default 200..<300 check otherwise.
  func acceptedResponse(_ response: HTTPResponse) throws(RequestError) -> HTTPResponse {
    if Value.self == HTTPResponse.self, let accepted = try interpret(response) as? HTTPResponse {
      return accepted
    }
    return try Shaping.accept(response, statuses: 200..<300)
  }
}

extension Request {
  /// Transforms the value (`.map { House(json: $0) }` on a single value).
  public func map<Next: Sendable>(
    stage: String = "map", _ transform: @escaping @Sendable (Value) throws(RequestError) -> Next
  ) -> Request<Next> {
    let shape = shape
    return Request<Next>(definition: definition) { response throws(RequestError) in
      let value = try shape(response)
      do throws(RequestError) {
        return try transform(value)
      } catch {
        throw Shaping.annotate(error, response, stage: stage)
      }
    }
  }
}

extension Request where Value: Sequence & Sendable, Value.Element: Sendable {
  /// Keeps the elements `isIncluded` accepts.
  public func filter(
    _ isIncluded: @escaping @Sendable (Value.Element) -> Bool
  ) -> Request<[Value.Element]> {
    map(stage: "filter") { value throws(RequestError) in value.filter(isIncluded) }
  }

  /// Transforms every element.
  public func map<Next: Sendable>(
    _ transform: @escaping @Sendable (Value.Element) -> Next
  ) -> Request<[Next]> {
    map(stage: "map") { value throws(RequestError) in value.map(transform) }
  }

  /// Transforms every element and drops those that become nil.
  public func compactMap<Next: Sendable>(
    _ transform: @escaping @Sendable (Value.Element) -> Next?
  ) -> Request<[Next]> {
    map(stage: "compactMap") { value throws(RequestError) in value.compactMap(transform) }
  }
}

/// Shared steps of the pipelines.
enum Shaping {
  /// `response` when its status is in `statuses`, else a status error keeping the body.
  static func accept(
    _ response: HTTPResponse, statuses: Range<Int>
  ) throws(RequestError) -> HTTPResponse {
    guard statuses.contains(response.status) else {
      throw failure(
        .status, "the server answered \(response.status)", response, stage: "validate")
    }
    return response
  }

  /// An error of `kind` carrying the response.
  static func failure(
    _ kind: RequestError.Kind, _ message: String, _ response: HTTPResponse, stage: String
  ) -> RequestError {
    annotate(RequestError(kind, message), response, stage: stage)
  }

  /// `error` with the response's status, headers and body, and the stage if it has none.
  static func annotate(
    _ error: RequestError, _ response: HTTPResponse, stage: String
  ) -> RequestError {
    var error = error
    error.status = error.status ?? response.status
    error.headers = error.headers ?? response.headers
    error.body = error.body ?? response.body
    error.stage = error.stage ?? stage
    return error
  }
}
