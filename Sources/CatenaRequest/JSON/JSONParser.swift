/// Why a document is not JSON, and where: the byte offset, line and column of the problem.
struct JSONSyntaxError: Error, CustomStringConvertible {
  var reason: String
  var offset: Int
  var line: Int
  var column: Int

  var description: String { "\(reason) at line \(line), column \(column) (byte \(offset))" }
}

/// A strict RFC 8259 parser straight into ``JSONValue``: one pass over the bytes, no
/// intermediate `Decoder`. Strings must be valid UTF-8 without raw control characters, lone
/// surrogate escapes are errors, nesting stops at 512 levels, and an object's repeated key keeps
/// its last value.
struct JSONParser {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 512

  /// Parses one JSON document from `bytes`.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current else { throw error("unexpected end of the document") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character '\(Self.show(byte))'")
    }
  }

  private mutating func literal(
    _ word: StaticString, _ value: JSONValue
  ) throws(JSONSyntaxError) -> JSONValue {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
    else { throw error("expected \(word)") }
    index += count
    return value
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    index += 1
    skipWhitespace()
  }

  /// Consumes `closing` and leaves the container when it comes next.
  private mutating func closes(_ closing: UInt8) -> Bool {
    guard current == closing else { return false }
    index += 1
    depth -= 1
    return true
  }

  /// After an element: true when a comma announces another, false when `closing` ended the
  /// container.
  private mutating func another(_ closing: UInt8, or problem: String) throws(JSONSyntaxError)
    -> Bool
  {
    skipWhitespace()
    if current == UInt8(ascii: ",") {
      index += 1
      skipWhitespace()
      return true
    }
    if closes(closing) { return false }
    throw error(problem)
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    var elements: [JSONValue] = []
    if closes(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      elements.append(try parseValue())
    } while try another(UInt8(ascii: "]"), or: "expected ',' or ']' in an array")
    return .array(elements)
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    var members: [JSONKey: JSONValue] = [:]
    if closes(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      members[JSONKey(key)] = try parseValue()
    } while try another(UInt8(ascii: "}"), or: "expected ',' or '}' in an object")
    return .object(members)
  }

  /// Parses a string starting at its opening quote.
  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    var isASCII = true
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try makeString(bytes[start..<index], isASCII: isASCII, at: start)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("a control character in a string must be escaped") }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
    var text = try makeString(bytes[start..<index], isASCII: isASCII, at: start)
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return text
      case UInt8(ascii: "\\"):
        text.unicodeScalars.append(try parseEscape())
      case ..<0x20:
        throw error("a control character in a string must be escaped")
      default:
        let run = index
        var runIsASCII = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
          bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20
        {
          if bytes[index] >= 0x80 { runIsASCII = false }
          index += 1
        }
        text += try makeString(bytes[run..<index], isASCII: runIsASCII, at: run)
      }
    }
    throw error("unterminated string", at: start - 1)
  }

  private func makeString(
    _ slice: Slice<UnsafeRawBufferPointer>, isASCII: Bool, at offset: Int
  ) throws(JSONSyntaxError) -> String {
    let text = String(decoding: slice, as: UTF8.self)
    // Decoding repairs invalid UTF-8; a repaired string no longer matches its bytes.
    if !isASCII, !text.utf8.elementsEqual(slice) { throw error("invalid UTF-8", at: offset) }
    return text
  }

  /// Parses an escape starting at its backslash.
  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard let byte = current else { throw error("unterminated escape", at: start) }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try parseHex4(escapeAt: start)
      if (0xD800..<0xDC00).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate escape without its low surrogate", at: start) }
        index += 2
        let low = try parseHex4(escapeAt: start)
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("a high surrogate escape without its low surrogate", at: start)
        }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        if let scalar = Unicode.Scalar(value) { return scalar }
      } else if let scalar = Unicode.Scalar(UInt32(unit)) {
        return scalar
      }
      throw error("a low surrogate escape without its high surrogate", at: start)
    default:
      throw error("invalid escape '\\\(Self.show(byte))'", at: start)
    }
  }

  private mutating func parseHex4(escapeAt start: Int) throws(JSONSyntaxError) -> UInt16 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape", at: start) }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape", at: start)
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// Parses a number: an `Int` when it has no fraction or exponent and fits, else a `Double`.
  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let negative = current == UInt8(ascii: "-")
    if negative { index += 1 }
    guard let first = current, Self.isDigit(first) else { throw error("expected a digit") }
    var integer = 0
    var fits = true
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = current, Self.isDigit(next) { throw error("a number cannot start with 0") }
    } else {
      while let byte = current, Self.isDigit(byte) {
        let digit = Int(byte - UInt8(ascii: "0"))
        if fits {
          let (times, overflow1) = integer.multipliedReportingOverflow(by: 10)
          let (sum, overflow2) =
            negative
            ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
          if overflow1 || overflow2 { fits = false } else { integer = sum }
        }
        index += 1
      }
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard let byte = current, Self.isDigit(byte) else {
        throw error("expected a digit after '.'")
      }
      while let byte = current, Self.isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, Self.isDigit(byte) else {
        throw error("expected a digit in the exponent")
      }
      while let byte = current, Self.isDigit(byte) { index += 1 }
    }
    if isInteger && fits { return .int(integer) }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      let shown = text.count <= 40 ? text : "\(text.prefix(24))… (\(text.count) characters)"
      throw error("number \(shown) is out of range", at: start)
    }
    return .double(value)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func show(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
  }

  private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return JSONSyntaxError(
      reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
  }
}
