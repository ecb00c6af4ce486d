extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// A number.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object (a repeated key keeps its last value).
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements.map { (JSONKey($0), $1) }, uniquingKeysWith: { $1 }))
  }
}
