import Foundation

/// Decodes a `T` found at a key path inside a JSON document in one pass of `JSONDecoder`,
/// without turning the document into values and back.
enum KeyPathDecoding {
  /// The user-info key under which the path travels to ``Nested``.
  static let pathKey: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "catena.keyPath") else {
      preconditionFailure("a non-empty raw value always makes a key")
    }
    return key
  }()

  /// Decodes `type` from `data` at `path` with `decoder`'s settings.
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/decoding`` with `stage`, the full
  ///   failing `path` (the key path plus the coding path inside `T`) and the body.
  static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, at path: JSONPath, stage: String,
    configure: (JSONDecoder) -> Void = { _ in }
  ) throws(RequestError) -> T {
    let decoder = JSONDecoder()
    configure(decoder)
    decoder.userInfo[pathKey] = path
    do {
      if path.components.isEmpty { return try decoder.decode(T.self, from: data) }
      return try decoder.decode(Nested<T>.self, from: data).value
    } catch let error as DecodingError {
      var failure = RequestError(
        .decoding,
        malformed(error, data).map { "the body is not valid JSON: \($0)" }
          ?? describe(error), underlyingError: error)
      failure.stage = stage
      failure.path = codingPath(of: error).map { $0.isEmpty ? nil : $0 } ?? nil
      failure.body = data
      throw failure
    } catch {
      var failure = RequestError(.decoding, "\(error)", underlyingError: error)
      failure.stage = stage
      failure.body = data
      throw failure
    }
  }

  /// Why `data` is not JSON, with the line and column, when `error` says the document is
  /// corrupt; nil when it is JSON (the failure was the model's). Parsed again only then.
  static func malformed(_ error: DecodingError, _ data: Data) -> JSONSyntaxError? {
    guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { return nil }
    return data.withUnsafeBytes { bytes in
      do throws(JSONSyntaxError) {
        _ = try JSONParser.parse(bytes)
        return nil
      } catch {
        return error
      }
    }
  }

  /// The dotted coding path a `DecodingError` points at.
  static func codingPath(of error: DecodingError) -> String? {
    let context: DecodingError.Context
    var last: String?
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found): context = found
    case .keyNotFound(let key, let found):
      context = found
      last = key.intValue.map(String.init) ?? key.stringValue
    case .dataCorrupted(let found): context = found
    @unknown default: return nil
    }
    var components = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    if let last { components.append(last) }
    return components.joined(separator: ".")
  }

  /// A sentence for a `DecodingError`.
  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      "expected \(type): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      "missing \(type) value: \(context.debugDescription)"
    case .keyNotFound(let key, _):
      "no value for key \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      "the body is not valid JSON: \(context.debugDescription)"
    @unknown default:
      "\(error)"
    }
  }

  /// A coding key for any member name or array index.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
      stringValue = String(intValue)
      self.intValue = intValue
    }
  }

  /// Walks the path with nested containers, then decodes `T` where it ends.
  struct Nested<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
      let path = decoder.userInfo[KeyPathDecoding.pathKey] as? JSONPath ?? JSONPath("")
      value = try Self.decode(path.components[...], in: decoder)
    }

    private static func decode(_ rest: ArraySlice<String>, in decoder: any Decoder) throws -> T {
      guard let first = rest.first else { return try T(from: decoder) }
      if let index = Int(first), var array = try? decoder.unkeyedContainer() {
        var position = 0
        while position < index && !array.isAtEnd {
          _ = try array.decode(Skip.self)
          position += 1
        }
        guard !array.isAtEnd else {
          throw DecodingError.valueNotFound(
            T.self,
            .init(
              codingPath: array.codingPath + [Key(intValue: index)],
              debugDescription: "no element \(index) in an array of \(position)"))
        }
        return try decode(rest.dropFirst(), in: try array.superDecoder())
      }
      let object = try decoder.container(keyedBy: Key.self)
      guard object.contains(Key(stringValue: first)) else {
        throw DecodingError.keyNotFound(
          Key(stringValue: first),
          .init(codingPath: object.codingPath, debugDescription: "no member \"\(first)\""))
      }
      let next = try object.superDecoder(forKey: Key(stringValue: first))
      return try decode(rest.dropFirst(), in: next)
    }
  }

  /// Consumes any value.
  struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}
