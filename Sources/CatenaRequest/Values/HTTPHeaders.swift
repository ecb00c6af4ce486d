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
  package private(set) var fields: [(name: String, value: String)] = []

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
    fields.last { Self.sameName($0.name, name) }?.value
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
    fields.removeAll { Self.sameName($0.name, name) }
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

  /// Equal when they hold the same fields: names compared ignoring case, the order of
  /// fields of different names ignored, the order of fields of one name kept.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    guard lhs.fields.count == rhs.fields.count else { return false }
    if zip(lhs.fields, rhs.fields).allSatisfy({
      sameName($0.name, $1.name) && $0.value == $1.value
    }) {
      return true
    }
    return zip(lhs.canonical, rhs.canonical).allSatisfy { $0 == $1 }
  }

  /// Hashes the fields as equality compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fields.count)
    for field in canonical {
      hasher.combine(field.name)
      hasher.combine(0xFF as UInt8)
      hasher.combine(field.value)
    }
  }

  /// The fields with lowercased names, sorted by name; fields of one name in their order.
  private var canonical: [(name: String, value: String)] {
    fields.enumerated()
      .map { (name: $0.element.name.lowercased(), value: $0.element.value, index: $0.offset) }
      .sorted { ($0.name, $0.index) < ($1.name, $1.index) }
      .map { (name: $0.name, value: $0.value) }
  }

  /// Whether two field names are equal ignoring ASCII case (names are tokens: ASCII only).
  static func sameName(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count
      && lhs.utf8.elementsEqual(rhs.utf8) { $0 | 0x20 == $1 | 0x20 && ($0 == $1 || isLetter($0)) }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// RFC 9110's `tchar`: letters, digits, the grave accent and `!#$%&'*+-.^_|~`.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    if isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return true }
    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }

  static func check(_ name: String, _ value: String) throws(RequestError) {
    guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
      throw RequestError(.invalidHeader, "header name \"\(name)\" is not a valid token")
    }
    guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
    else {
      throw RequestError(
        .invalidHeader, "header \(name) has a value with CR, LF or NUL, which could inject headers")
    }
  }
}
