public import Foundation

/// A JSON value, `Sendable` and typed: what a response body is before it becomes a model.
///
/// ```swift
/// let json = try JSONValue(parsing: data)
/// json["Data"]["HouseList"][0]["Title"].string  // "Sea view"
/// try json.value(at: "Data.HouseList.0.Title")   // the same, or an error naming the step
/// ```
///
/// Integers stay integers (`.int`), so ids above 2⁵³ keep every digit.
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without fraction or exponent that fits in `Int`.
  case int(Int)
  /// Any other number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keyed by member names compared by their exact scalars (``JSONKey``).
  case object([JSONKey: JSONValue])

  /// Equal when of the same kind with equal contents; strings, like member names, are equal
  /// only with the same Unicode scalars (`"\u{E9}"` is not `"e\u{301}"`), as in JSON.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let left), .bool(let right)): left == right
    case (.int(let left), .int(let right)): left == right
    case (.double(let left), .double(let right)): left == right
    case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
    case (.array(let left), .array(let right)): left == right
    case (.object(let left), .object(let right)): left == right
    default: false
    }
  }

  /// Hashes the contents; a string by its UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .int(let value): hasher.combine(value)
    case .double(let value): hasher.combine(value)
    case .string(let value): hasher.combine(JSONKey(value))
    case .array(let value): hasher.combine(value)
    case .object(let value): hasher.combine(value)
    }
  }

  /// Parses a JSON document.
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/decoding`` for malformed JSON,
  ///   keeping `data` as the body.
  public init(parsing data: Data) throws(RequestError) {
    let parsed = data.withUnsafeBytes { bytes in
      Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
    }
    switch parsed {
    case .success(let value):
      self = value
    case .failure(let syntax):
      var failure = RequestError(
        .decoding, "the body is not valid JSON: \(syntax)", underlyingError: syntax)
      failure.stage = "json"
      failure.body = data
      throw failure
    }
  }

  /// The member `key` of an object, or `.null`; names are compared by their exact scalars.
  public subscript(key: String) -> JSONValue {
    if case .object(let members) = self { return members[JSONKey(key)] ?? .null }
    return .null
  }

  /// The element at `index` of an array, or `.null`.
  public subscript(index: Int) -> JSONValue {
    if case .array(let elements) = self, elements.indices.contains(index) {
      return elements[index]
    }
    return .null
  }

  /// The boolean, if this is one.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }
  /// The integer, if this is one (or a double without fraction that fits).
  public var int: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value):
      return value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
    default: return nil
    }
  }
  /// The number, if this is one.
  public var double: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }
  /// The string, if this is one.
  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
  /// The elements, if this is an array.
  public var array: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }
  /// The members, if this is an object.
  public var object: [JSONKey: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }
  /// A short name of the value's type, for error messages.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

extension JSONValue: Codable {
  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([JSONKey: JSONValue].self))
    }
  }

  /// Encodes the value as JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue {
  /// This value decoded as `T` (through its JSON text), for the elements of a list read with
  /// `list(at:)` or a page source.
  ///
  /// ```swift
  /// let house = try json["Data"]["HouseList"][0].decode(House.self)
  /// ```
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/decoding`` saying why.
  public func decode<T: Decodable>(
    _ type: T.Type, using decoder: JSONDecoder = JSONDecoder()
  ) throws(RequestError) -> T {
    do {
      return try decoder.decode(T.self, from: JSONEncoder().encode(self))
    } catch {
      var failure = RequestError(
        .decoding, "\(typeName) does not decode as \(T.self): \(error)", underlyingError: error)
      failure.stage = "decode(\(T.self))"
      throw failure
    }
  }
}
