import CatenaRequest
import CatenaTesting
import Foundation
import Testing

func parse(_ text: String) throws(RequestError) -> JSONValue {
  try JSONValue(parsing: Data(text.utf8))
}

/// A random JSON value: nested arrays and objects, numbers at the edges, and strings with
/// quotes, escapes, control characters, and characters outside the BMP.
func randomJSON(_ random: inout SeededRandom, depth: Int = 0) -> JSONValue {
  switch random.below(depth > 3 ? 6 : 8) {
  case 0: return .null
  case 1: return .bool(random.chance(50))
  case 2:
    let edges = [0, -1, Int.max, Int.min, 1_152_921_504_606_846_977]
    return .int(random.chance(20) ? edges[random.below(edges.count)] : random.below(2_000) - 1_000)
  case 3:
    let edges = [0.5, -1.25e-7, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 123_456.789]
    return .double(
      random.chance(30)
        ? edges[random.below(edges.count)] : Double(random.below(1 << 20)) / 64 + 0.5)
  case 4, 5: return .string(randomText(&random))
  case 6:
    return .array((0..<random.below(5)).map { _ in randomJSON(&random, depth: depth + 1) })
  default:
    var members: [JSONKey: JSONValue] = [:]
    for _ in 0..<random.below(5) {
      members[JSONKey(randomText(&random))] = randomJSON(&random, depth: depth + 1)
    }
    return .object(members)
  }
}

func randomText(_ random: inout SeededRandom) -> String {
  let pieces = [
    "a", "Z", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "\u{E9}", "e\u{301}", "\u{301}",
    "城", "😀", " ", "\u{FFFD}",
  ]
  return (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
}

/// JSON text for `value`, with random whitespace and randomly chosen escapes, so that the
/// parser meets every legal spelling.
func spell(_ value: JSONValue, _ random: inout SeededRandom) -> String {
  let space = [" ", "", "\n", "\t", "\r\n"][random.below(5)]
  switch value {
  case .null: return "null"
  case .bool(let flag): return flag ? "true" : "false"
  case .int(let number): return String(number)
  case .double(let number):
    return random.chance(50) ? "\(number)" : String(format: "%.17e", number)
  case .string(let text): return spellString(text, &random)
  case .array(let elements):
    return "[" + space + elements.map { spell($0, &random) }.joined(separator: "," + space) + "]"
  case .object(let members):
    let body = members.map {
      spellString($0.key.string, &random) + space + ":" + spell($0.value, &random)
    }
    return "{" + space + body.joined(separator: space + ",") + space + "}"
  }
}

func spellString(_ text: String, _ random: inout SeededRandom) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += random.chance(50) ? "\\\\" : "\\u005C"
    case "/": out += random.chance(50) ? "/" : "\\/"
    case "\n": out += random.chance(50) ? "\\n" : "\\u000a"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
    case _ where random.chance(25):
      out += String(scalar).utf16.map { String(format: "\\u%04x", $0) }.joined()
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

@Suite("Parsing JSON")
struct JSONParsingTests {
  @Test func randomDocumentsParseBackToTheirValue() throws {
    for seed in 0..<3_000 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      let value = randomJSON(&random)
      let text = spell(value, &random)
      let parsed = try parse(text)
      #expect(parsed == value, "seed \(seed): \(text)")
      if parsed != value { return }
    }
  }

  @Test func agreesWithFoundationOnTheSameText() throws {
    for seed in 0..<500 as Range<UInt64> {
      var random = SeededRandom(seed: seed)
      let text = spell(randomJSON(&random), &random)
      let ours = try parse(text)
      let theirs = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
      #expect(ours.numbersAsDoubles == theirs.numbersAsDoubles, "seed \(seed): \(text)")
    }
  }

  @Test func integersStayIntegersAndTheRestAreDoubles() throws {
    #expect(try parse("9223372036854775807") == .int(.max))
    #expect(try parse("-9223372036854775808") == .int(.min))
    #expect(try parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try parse("1.0") == .double(1))
    #expect(try parse("-0.5e2") == .double(-50))
    #expect(try parse(" [1E2, 0, -0] ") == [.double(100), .int(0), .int(0)])
    #expect(try parse(#"{"a": 1, "a": 2}"#) == ["a": 2], "a repeated key keeps its last value")
  }

  @Test func escapesDecode() throws {
    #expect(try parse(#""\ud83d\ude00 \u00e9\n\/\"""#) == .string("😀 é\n/\""))
  }

  @Test(
    arguments: [
      ("", "unexpected end of the document at line 1, column 1 (byte 0)"),
      ("[1,]", "unexpected character ']' at line 1, column 4 (byte 3)"),
      ("[1 2]", "expected ',' or ']' in an array at line 1, column 4 (byte 3)"),
      ("{\n  \"a\" 1}", "expected ':' after a key at line 2, column 7 (byte 8)"),
      ("{a: 1}", "expected a string key at line 1, column 2 (byte 1)"),
      ("01", "a number cannot start with 0 at line 1, column 2 (byte 1)"),
      ("1.", "expected a digit after '.' at line 1, column 3 (byte 2)"),
      ("-", "expected a digit at line 1, column 2 (byte 1)"),
      ("1e", "expected a digit in the exponent at line 1, column 3 (byte 2)"),
      ("1e400", "number 1e400 is out of range at line 1, column 1 (byte 0)"),
      ("tru", "expected true at line 1, column 1 (byte 0)"),
      ("[1] x", "unexpected text after the value at line 1, column 5 (byte 4)"),
      ("\"abc", "unterminated string at line 1, column 1 (byte 0)"),
      ("\"a\tb\"", "a control character in a string must be escaped at line 1, column 3 (byte 2)"),
      (#""\x""#, "invalid escape '\\x' at line 1, column 2 (byte 1)"),
      (#""\u12zz""#, "invalid \\u escape at line 1, column 2 (byte 1)"),
      (#""\u12""#, "incomplete \\u escape at line 1, column 2 (byte 1)"),
      (
        #""\ud800""#,
        "a high surrogate escape without its low surrogate at line 1, column 2 (byte 1)"
      ),
      (
        #""\udc00""#,
        "a low surrogate escape without its high surrogate at line 1, column 2 (byte 1)"
      ),
    ])
  func malformedDocumentsSayWhatAndWhere(text: String, problem: String) {
    let error = #expect(throws: RequestError.self) { try parse(text) }
    #expect(error?.kind == .decoding)
    #expect(error?.message == "the body is not valid JSON: \(problem)")
    #expect(error?.bodyText == text)
  }

  @Test func namesThatAreCanonicallyEquivalentAreTwoMembers() throws {
    // é as one scalar and as e + a combining accent: equal Swift strings, two JSON names.
    for text in [#"{"\u00e9": 1, "e\u0301": 2}"#, "{\"\u{E9}\": 1, \"e\u{301}\": 2}"] {
      let json = try parse(text)
      #expect(json.object?.count == 2, "\(text)")
      #expect(json["\u{E9}"] == 1 && json["e\u{301}"] == 2)
      #expect(try json.value(at: JSONPath(stringLiteral: "e\u{301}")) == 2)
    }
    #expect(JSONKey("\u{E9}") != JSONKey("e\u{301}"))
    #expect(try parse(#"{"\u00e9": 1, "\u00e9": 2}"#) == ["\u{E9}": 2])
  }

  @Test func stringsThatAreCanonicallyEquivalentAreTwoValues() throws {
    // As with names: é as one scalar and as e + a combining accent are two JSON strings.
    let json = try parse(#"["\u00e9", "e\u0301"]"#)
    let elements = try #require(json.array)
    #expect(elements[0] != elements[1])
    #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
    #expect(Set(elements).count == 2)
    #expect(elements[0] == .string("\u{E9}") && elements[1] == .string("e\u{301}"))
    #expect(JSONValue.array(elements) != [.string("\u{E9}"), .string("\u{E9}")])
  }

  @Test func anOutOfRangeNumberIsQuotedShort() throws {
    let digits = String(repeating: "9", count: 1_000_000)
    let error = #expect(throws: RequestError.self) { try parse("[\(digits)e9]") }
    let message = try #require(error?.message)
    #expect(message.count < 200, "\(message.count) characters")
    #expect(message.contains("(1000002 characters)"))
  }

  @Test func invalidUTF8AndDeepNestingAreErrors() throws {
    let invalid = #expect(throws: RequestError.self) {
      try JSONValue(parsing: Data([0x22, 0x61, 0xFF, 0x22]))
    }
    #expect(
      invalid?.message == "the body is not valid JSON: invalid UTF-8 at line 1, column 2 (byte 1)")
    #expect(throws: Never.self) {
      try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
    }
    let deep = #expect(throws: RequestError.self) {
      try parse(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
    }
    #expect(deep?.message.contains("nested deeper than 512 levels") == true)
  }
}

extension JSONValue {
  /// The value with every number as a double: `JSONDecoder` reads `1.0` as an integer.
  var numbersAsDoubles: JSONValue {
    switch self {
    case .int(let number): .double(Double(number))
    case .array(let elements): .array(elements.map(\.numbersAsDoubles))
    case .object(let members): .object(members.mapValues(\.numbersAsDoubles))
    default: self
    }
  }
}
