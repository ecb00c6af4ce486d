/// A request whose response is shaped into a `Value` by a pipeline of stages.
///
/// Made by the shaping methods of ``RequestConvertible``:
///
/// ```swift
/// let houses: Request<[House]> = Get("houses", ["page": 1])
///   .list(at: "Data.HouseList")
///   .compactMap { House(json: $0) }
/// ```
public struct Request<Value: Sendable>: RequestConvertible {
  /// The request's description.
  public var definition: RequestDefinition
  /// The pipeline: response in, value out.
  let shape: @Sendable (HTTPResponse) throws(RequestError) -> Value

  /// A request with `definition` whose response `shape` turns into a value (what the
  /// builders and the pipeline's stages make).
  package init(
    definition: RequestDefinition,
    shape: @escaping @Sendable (HTTPResponse) throws(RequestError) -> Value
  ) {
    self.definition = definition
    self.shape = shape
  }

  /// Runs the pipeline on `response`.
  public func interpret(_ response: HTTPResponse) throws(RequestError) -> Value {
    try shape(response)
  }
}
