/// A dotted key path into a JSON document: `"Data.HouseList"`, `"data.items.0.name"`.
///
/// A component that is a number indexes an array (and names a member of an object that has
/// such a member). An empty path is the document itself.
public struct JSONPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The components, in order.
  public var components: [String]

  /// Parses a dotted path.
  public init(_ path: String) {
    components = path.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
  }

  /// Parses a dotted path literal.
  public init(stringLiteral path: String) { self.init(path) }

  /// The dotted form.
  public var description: String { components.joined(separator: ".") }

  /// The first `count` components, dotted (for error messages).
  func prefix(_ count: Int) -> String { components.prefix(count).joined(separator: ".") }
}

extension JSONValue {
  /// The elements of this value, read at `path`: a decoding error when it is not an array.
  package func elements(foundAt path: JSONPath) throws(RequestError) -> [JSONValue] {
    guard let elements = array else {
      throw RequestError(.decoding, "expected an array at \"\(path)\", found \(typeName)")
    }
    return elements
  }

  /// The value at `path`, or nil when a component is missing or of the wrong kind.
  package func at(_ path: JSONPath) -> JSONValue? { try? value(at: path) }

  /// The value at `path`.
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/decoding`` naming the component
  ///   that is missing and what was found instead.
  public func value(at path: JSONPath) throws(RequestError) -> JSONValue {
    var current = self
    for (depth, component) in path.components.enumerated() {
      switch current {
      case .object(let members):
        guard let next = members[JSONKey(component)] else {
          throw pathError(path, depth, "no member \"\(component)\"")
        }
        current = next
      case .array(let elements):
        guard let index = Int(component), elements.indices.contains(index) else {
          throw pathError(path, depth, "no element \(component) in an array of \(elements.count)")
        }
        current = elements[index]
      default:
        throw pathError(path, depth, "found \(current.typeName) where \(component) was expected")
      }
    }
    return current
  }

  private func pathError(_ path: JSONPath, _ depth: Int, _ problem: String) -> RequestError {
    var error = RequestError(.decoding, "\(problem) at \"\(path.prefix(depth))\"")
    error.path = path.prefix(depth + 1)
    return error
  }
}
