/// Whether the cookies sent for a URL changed while a request was in flight. The transport
/// reads its cookie storage when it sends, after the cache looked the request up, so another
/// exchange's sign-in landing meanwhile may have gone with it; and from the jar alone that
/// cannot be told from a cookie the response itself set (a server that sets the same session
/// cookie again on every answer). So any change fences the response: it reaches its asker but
/// is not kept under the lookup's view. A response that sets a cookie the jar already holds,
/// with the same value, changes nothing and is kept.
enum CookieDrift {
  /// Whether `now` (the `Cookie` header the transport would send now) names other cookies or
  /// values than `then` (the one the lookup saw), in any order.
  static func changed(from then: String?, to now: String?) -> Bool {
    then != now && pairs(then) != pairs(now)
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
}
