/// The name of a JSON object's member, compared by its exact Unicode scalars.
///
/// Swift's `String` equality is canonical equivalence, so `"\u{E9}"` (é) and `"e\u{301}"` (e and
/// a combining accent) are equal strings. RFC 8259 — and Python, JavaScript, Go and
/// `JSONSerialization` — compare member names code unit by code unit, so those are two members.
/// Keying objects by `JSONKey` keeps both, so that Catena never reads a document differently
/// from the server or any other reader of it.
///
/// ```swift
/// let json = try JSONValue(parsing: Data(#"{"\u00e9": 1, "e\u0301": 2}"#.utf8))
/// json["\u{E9}"]   // 1
/// json["e\u{301}"] // 2
/// ```
public struct JSONKey: Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible, CodingKeyRepresentable
{
  /// The name.
  public let string: String

  /// The key named `string`.
  public init(_ string: String) { self.string = string }

  /// The key named `value`.
  public init(stringLiteral value: String) { string = value }

  /// Equal when the names have the same Unicode scalars.
  public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  /// Hashes the name's UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(string.utf8.count)
    for byte in string.utf8 { hasher.combine(byte) }
  }

  /// Orders by Unicode scalars (the order of the names' UTF-8 bytes).
  public static func < (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
  }

  /// The name.
  public var description: String { string }

  /// The name as a coding key.
  public var codingKey: any CodingKey { Name(stringValue: string) }

  /// The key of a coding key's name.
  public init?<T: CodingKey>(codingKey: T) { string = codingKey.stringValue }

  private struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension JSONKey: Codable {
  /// Decodes the name from a string.
  public init(from decoder: any Decoder) throws {
    string = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the name as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}
