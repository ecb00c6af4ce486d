/// HTTP header fields: ordered, with case-insensitive names, and safe to put on the wire.
///
/// ```swift
/// var headers = HTTPHeaders()
/// try headers.set("Accept", "application/json")
/// headers["accept"]  // "application/json"
/// ```
///
/// A value containing CR or LF is rejected (it would let the value add headers of its own).
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// The fields in the order they were set.
  public private(set) var fields: [(name: String, value: String)] = []

  /// Creates an empty set of headers.
  public init() {}

  /// Creates headers from a literal; a value with CR or LF stops the program (it is a literal:
  /// a programming error).
  public init(dictionaryLiteral elements: (String, String)...) {
    for (name, value) in elements {
      do {
        try set(name, value)
      } catch {
        preconditionFailure("\(error)")
      }
    }
  }

  /// The value of the field `name` (case-insensitive), or nil.
  public subscript(name: String) -> String? {
    let key = name.lowercased()
    return fields.last { $0.name.lowercased() == key }?.value
  }

  /// Sets the field `name` to `value`, replacing any field of that name.
  ///
  /// - Throws: ``RequestError`` of kind ``RequestError/Kind/invalidHeader`` when the name is
  ///   not a token or the value contains CR, LF or NUL.
  public mutating func set(_ name: String, _ value: String) throws(RequestError) {
    try Self.check(name, value)
    remove(name)
    fields.append((name, value))
  }

  /// Removes every field named `name` (case-insensitive).
  public mutating func remove(_ name: String) {
    let key = name.lowercased()
    fields.removeAll { $0.name.lowercased() == key }
  }

  /// These headers with `other`'s fields set over them.
  public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
    var result = self
    for field in other.fields {
      result.remove(field.name)
      result.fields.append(field)
    }
    return result
  }

  /// The fields, for iteration.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// Equal when the same names (case-insensitive) have the same values in the same order.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.map { [$0.name.lowercased(), $0.value] }
      == rhs.fields.map {
        [$0.name.lowercased(), $0.value]
      }
  }

  /// Hashes names (case-insensitive) and values.
  public func hash(into hasher: inout Hasher) {
    for field in fields {
      hasher.combine(field.name.lowercased())
      hasher.combine(field.value)
    }
  }

  static func check(_ name: String, _ value: String) throws(RequestError) {
    let separators = Set("()<>@,;:\\\"/[]?={} \t")
    guard !name.isEmpty,
      name.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }),
      !name.contains(where: separators.contains)
    else {
      throw RequestError(.invalidHeader, "header name \"\(name)\" is not a valid token")
    }
    guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
    else {
      throw RequestError(
        .invalidHeader, "header \(name) has a value with CR, LF or NUL, which could inject headers")
    }
  }
}
