package import Foundation

/// A link of a `Link` response header (RFC 8288): where it points and how it relates to the
/// response, as APIs give the next and previous pages of a list (`Link:
/// <https://api.example.com/houses?page=3>; rel="next"`). The headers' `link(rel:)` finds one,
/// and `url(relativeTo:)` resolves it against the URL that answered.
package struct WebLink: Hashable, Sendable {
  /// The target as the header wrote it, between `<` and `>`: absolute, or relative to the
  /// response's URL.
  package var target: String
  /// The relation types (`rel="next last"` gives `["next", "last"]`), lowercased.
  package var relations: [String]
  /// The other parameters (`title`, `type`, …), names lowercased, values unquoted.
  package var parameters: [String: String]

  /// A link to `target` with `relations` and `parameters`.
  package init(target: String, relations: [String], parameters: [String: String] = [:]) {
    self.target = target
    self.relations = relations
    self.parameters = parameters
  }

  /// The target resolved against `base` (the URL that answered); nil when it is not a URL.
  package func url(relativeTo base: URL?) -> URL? {
    URL(string: target, relativeTo: base)?.absoluteURL
  }

  /// The links of one `Link` header value, in order. An entry that does not parse (no
  /// `<target>`, an unclosed quote) is skipped up to the next comma; the rest are kept.
  package static func parse(_ value: String) -> [WebLink] {
    var scanner = LinkScanner(Array(value.unicodeScalars))
    var links: [WebLink] = []
    while !scanner.isAtEnd() {
      if let link = scanner.link() { links.append(link) } else { scanner.skipEntry() }
    }
    return links
  }
}

extension HTTPHeaders {
  /// The links of every `Link` field, in order.
  package var links: [WebLink] {
    fields.filter { $0.name.lowercased() == "link" }.flatMap { WebLink.parse($0.value) }
  }

  /// The first link with the relation `rel` (case-insensitive), if any.
  package func link(rel: String) -> WebLink? {
    let rel = rel.lowercased()
    return links.first { $0.relations.contains(rel) }
  }
}

/// Reads `Link` header entries: `<target>; name=value; name="quoted, value"`, separated by
/// commas.
private struct LinkScanner {
  let scalars: [Unicode.Scalar]
  var position = 0

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  /// Moves past spaces and commas; whether nothing is left.
  mutating func isAtEnd() -> Bool {
    skipSpaces(andCommas: true)
    return position >= scalars.count
  }

  /// One entry, or nil (the position is then inside the bad entry).
  mutating func link() -> WebLink? {
    guard peek == "<" else { return nil }
    position += 1
    guard let close = scalars[position...].firstIndex(of: ">") else { return nil }
    let target = String(String.UnicodeScalarView(scalars[position..<close]))
      .trimmingCharacters(in: .whitespaces)
    position = close + 1
    var relations: [String] = []
    var parameters: [String: String] = [:]
    while true {
      skipSpaces(andCommas: false)
      guard peek == ";" else { break }
      position += 1
      skipSpaces(andCommas: false)
      let name = token().lowercased()
      guard !name.isEmpty else { return nil }
      skipSpaces(andCommas: false)
      var value = ""
      if peek == "=" {
        position += 1
        skipSpaces(andCommas: false)
        if peek == "\"" {
          guard let quoted = quotedString() else { return nil }
          value = quoted
        } else {
          value = token()
        }
      }
      if name == "rel" {
        // The first rel wins (RFC 8288 §3.3); its value is a space-separated list.
        if relations.isEmpty {
          relations = value.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        }
      } else if parameters[name] == nil {
        parameters[name] = value
      }
    }
    skipSpaces(andCommas: false)
    guard position >= scalars.count || peek == "," else { return nil }
    return WebLink(target: target, relations: relations, parameters: parameters)
  }

  /// Moves past the next comma that is not inside quotes or angle brackets.
  mutating func skipEntry() {
    var quoted = false
    var bracketed = false
    while position < scalars.count {
      let scalar = scalars[position]
      position += 1
      switch scalar {
      case "\\" where quoted: position += 1
      case "\"" where !bracketed: quoted.toggle()
      case "<" where !quoted: bracketed = true
      case ">" where !quoted: bracketed = false
      case "," where !quoted && !bracketed: return
      default: break
      }
    }
  }

  private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  private mutating func skipSpaces(andCommas: Bool) {
    while let scalar = peek, scalar == " " || scalar == "\t" || (andCommas && scalar == ",") {
      position += 1
    }
  }

  private mutating func token() -> String {
    let start = position
    while let scalar = peek, !";,=\" \t".unicodeScalars.contains(scalar) { position += 1 }
    return String(String.UnicodeScalarView(scalars[start..<position]))
  }

  /// A quoted string from its opening quote, with `\` escapes undone; nil when unclosed.
  private mutating func quotedString() -> String? {
    position += 1
    var result = String.UnicodeScalarView()
    while let scalar = peek {
      position += 1
      switch scalar {
      case "\"": return String(result)
      case "\\":
        guard let escaped = peek else { return nil }
        result.append(escaped)
        position += 1
      default: result.append(scalar)
      }
    }
    return nil
  }
}
