import Foundation

/// Whether the cookies sent for a URL changed while a request was in flight in a way its own
/// response does not explain: another exchange set or cleared one (a sign-in, a sign-out).
/// The transport reads its cookie storage when it sends, after the cache looked the request
/// up, so such a request may have gone with cookies the lookup never saw; its response is not
/// kept under the lookup's view.
enum CookieDrift {
  /// Whether `now` (the `Cookie` header the transport would send now) differs from `then`
  /// (the one the lookup saw) once the `Set-Cookie` fields of `response` are applied to
  /// `then`.
  static func changed(from then: String?, to now: String?, by response: HTTPResponse) -> Bool {
    guard then != now else { return false }
    var expected = pairs(then)
    for field in response.headers where field.name.lowercased() == "set-cookie" {
      guard let (name, value, expired) = setCookie(field.value) else { continue }
      expected[name] = expired ? nil : value
    }
    return expected != pairs(now)
  }

  /// The name–value pairs of a `Cookie` header.
  static func pairs(_ header: String?) -> [String: String] {
    var pairs: [String: String] = [:]
    for part in (header ?? "").split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard let name = pair.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
        continue
      }
      pairs[name] = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
    }
    return pairs
  }

  /// A `Set-Cookie` field's name and value, and whether it clears the cookie (`Max-Age` of
  /// zero or less, or an `Expires` in the past).
  static func setCookie(_ field: String) -> (String, String, Bool)? {
    let parts = field.split(separator: ";")
    guard let first = parts.first else { return nil }
    let pair = first.split(separator: "=", maxSplits: 1)
    guard let name = pair.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
      return nil
    }
    let value = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
    var maxAge: Int?
    var expires: Date?
    for attribute in parts.dropFirst() {
      let item = attribute.split(separator: "=", maxSplits: 1)
      let key = item.first?.trimmingCharacters(in: .whitespaces).lowercased()
      let argument = item.count > 1 ? item[1].trimmingCharacters(in: .whitespaces) : ""
      if key == "max-age", let seconds = Int(argument) { maxAge = seconds }
      if key == "expires" { expires = HTTPDate.parse(argument) }
    }
    // `Max-Age` wins over `Expires` (RFC 6265 §5.3).
    let expired = maxAge.map { $0 <= 0 } ?? expires.map { $0 < Date() } ?? false
    return (name, value, expired)
  }
}
